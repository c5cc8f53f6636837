package org.fabriclab.io;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Temporary files and staging folders of this process (issue 15 item 5): each is named
 * {@code .<target>.<pid>.<random>.tmp} (or {@code .stage-<pid>-<random>} inside a run folder), is
 * registered here while it exists and is removed by a shutdown hook on SIGTERM/SIGINT (a JVM
 * shutdown); {@link #removeStale} removes those of dead processes (after SIGKILL or a power
 * cut) the next time fabriclab writes the same place. The registry is the one JVM-wide set a
 * shutdown hook needs; it holds paths only.
 */
final class Leftovers {
  /** Paths to delete at shutdown (files or folders, recursively). */
  private static final Set<Path> PENDING = ConcurrentHashMap.newKeySet();

  private Leftovers() {}

  /** The shutdown hook, installed once, when the first path is registered. */
  private static final class Hook {
    static {
      Runtime.getRuntime().addShutdownHook(new Thread(Leftovers::removeAll, "fabriclab-cleanup"));
    }

    static void install() {
      // loading the class installs the hook
    }
  }

  /** Deletes {@code p} (recursively) at shutdown unless {@link #forget} is called first. */
  static void register(Path p) {
    Hook.install();
    PENDING.add(p.toAbsolutePath());
  }

  static void forget(Path p) {
    PENDING.remove(p.toAbsolutePath());
  }

  /** Whether {@code p} is registered (for tests). */
  static boolean isRegistered(Path p) {
    return PENDING.contains(p.toAbsolutePath());
  }

  private static void removeAll() {
    for (Path p : PENDING) {
      deleteRecursively(p);
    }
    PENDING.clear();
  }

  /** This process's id, as written into temporary names. */
  static long pid() {
    return ProcessHandle.current().pid();
  }

  /**
   * The pid in a leftover name {@code <prefix><pid><sep>…}, or -1 when the rest of the name does
   * not start with digits followed by {@code sep}.
   */
  static long pidIn(String name, String prefix, char sep) {
    if (!name.startsWith(prefix)) {
      return -1;
    }
    int i = prefix.length();
    int j = i;
    while (j < name.length() && name.charAt(j) >= '0' && name.charAt(j) <= '9' && j - i < 18) {
      j++;
    }
    if (j == i || j >= name.length() || name.charAt(j) != sep) {
      return -1;
    }
    return Long.parseLong(name.substring(i, j));
  }

  /** Whether a process with this id is running (ours counts as running). */
  static boolean alive(long pid) {
    return pid == pid() || ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
  }

  /**
   * Removes the entries of {@code dir} named {@code <prefix><pid><sep>…<suffix>} whose process
   * is dead; with {@code anyPid} every such entry (the caller holds the folder's lock). O(entries).
   */
  static void removeStale(Path dir, String prefix, char sep, String suffix, boolean anyPid) {
    if (!Files.isDirectory(dir)) {
      return;
    }
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
      for (Path e : entries) {
        String name = e.getFileName().toString();
        long pid = pidIn(name, prefix, sep);
        if (pid >= 0 && name.endsWith(suffix) && (anyPid || !alive(pid))) {
          deleteRecursively(e);
        }
      }
    } catch (IOException | RuntimeException ignored) {
      // best effort: stale files are hidden and removed on a later write
    }
  }

  /** Deletes a file or a folder tree without following symbolic links; best effort. */
  static void deleteRecursively(Path p) {
    try {
      if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
        return;
      }
      if (!Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
        Files.deleteIfExists(p);
        return;
      }
      Files.walkFileTree(
          p,
          new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path f, BasicFileAttributes a) throws IOException {
              Files.deleteIfExists(f);
              return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
              Files.deleteIfExists(d);
              return FileVisitResult.CONTINUE;
            }
          });
    } catch (IOException | RuntimeException ignored) {
      // best effort
    }
  }
}
