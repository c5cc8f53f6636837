package org.fabriclab.io;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.fabriclab.error.FabriclabException;

/**
 * Temporary files and staging folders of this process: each is named
 * {@code .<target>.<pid>.<random>.tmp} (or {@code .stage-<pid>-<random>} inside a run folder), is
 * registered here while it exists and is removed by a shutdown hook on SIGTERM/SIGINT (a JVM
 * shutdown); folders a run created are registered apart and removed by the hook only when they
 * are empty by then, so what someone else put into them meanwhile stays; {@link #removeStale} removes those of dead processes (after SIGKILL or a power
 * cut) the next time fabriclab writes the same place. The registry is the one JVM-wide set a
 * shutdown hook needs; it holds paths only.
 */
final class Leftovers {
  /** Paths to delete at shutdown (files or folders, recursively). */
  private static final Set<Path> PENDING = ConcurrentHashMap.newKeySet();
  /** Folders a run created: removed at shutdown only when empty, deepest first. */
  private static final Set<Path> CREATED = ConcurrentHashMap.newKeySet();
  /** Held by the shutdown hook while it removes, and by a commit while it moves files in. */
  private static final Object EXIT = new Object();

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

  /** Set by the shutdown hook: what is registered later is removed at once. Changed under EXIT. */
  private static final AtomicBoolean EXITING = new AtomicBoolean();
  /** Numbers the names of staging folders made by this process. */
  private static final AtomicLong SEQUENCE = new AtomicLong(System.nanoTime() & 0xffffffffL);

  /**
   * Deletes {@code p} (recursively) at shutdown unless {@link #forget} is called first. Register
   * a path before creating it where its name is known, so that no moment is left in which it
   * exists unregistered. Once the shutdown hook has run, the path is removed at once (with
   * everything the hook removed, in case a thread still running made it again) and the caller
   * stops with an error.
   */
  static void register(Path p) {
    Hook.install();
    PENDING.add(p.toAbsolutePath());
    afterExit();
  }

  /** When the hook has already run: cleans up again and stops the calling thread's run. */
  private static void afterExit() {
    synchronized (EXIT) {
      if (EXITING.get()) {
        cleanUp();
        throw new FabriclabException("interrupted: fabriclab is shutting down");
      }
    }
  }

  /** Makes a path; throws what making it throws. */
  @FunctionalInterface
  interface Maker<T> {
    T make() throws IOException;
  }

  /**
   * Registers {@code p} ({@link #register}, or {@link #registerCreated} with {@code createdFolder})
   * and makes it with {@code make} as one step against the shutdown hook: the hook runs wholly
   * before (nothing is made; the caller stops with an error) or wholly after (it finds the path and
   * removes it), never in between, where the JVM could halt with the path made but unregistered.
   * A failed {@code make} leaves it unregistered.
   */
  static <T> T make(Path p, boolean createdFolder, Maker<T> make) throws IOException {
    Hook.install();
    Path abs = p.toAbsolutePath();
    Set<Path> set = createdFolder ? CREATED : PENDING;
    synchronized (EXIT) {
      if (EXITING.get()) {
        throw new FabriclabException("interrupted: fabriclab is shutting down");
      }
      set.add(abs);
      try {
        return make.make();
      } catch (IOException | RuntimeException | Error e) {
        set.remove(abs);
        throw e;
      }
    }
  }

  static void forget(Path p) {
    PENDING.remove(p.toAbsolutePath());
  }

  /**
   * Removes folder {@code d} at shutdown unless {@link #forgetCreated} is called first, and only
   * when it is empty by then: files that someone else put into a folder this run created keep it.
   */
  static void registerCreated(Path d) {
    Hook.install();
    CREATED.add(d.toAbsolutePath());
    afterExit();
  }

  static void forgetCreated(Path d) {
    CREATED.remove(d.toAbsolutePath());
  }

  /** Whether {@code d} is registered as a created folder (for tests). */
  static boolean isRegisteredCreated(Path d) {
    return CREATED.contains(d.toAbsolutePath());
  }

  /**
   * Runs {@code body} so that the shutdown hook runs wholly before or wholly after it (a commit
   * moving files in is never cut in half by SIGTERM's cleanup).
   */
  static void exclusive(Runnable body) {
    synchronized (EXIT) {
      if (EXITING.get()) {
        throw new FabriclabException("interrupted: fabriclab is shutting down");
      }
      body.run();
    }
  }

  /**
   * Deletes the folders {@code dirs} that are empty, deepest first; a folder holding anything
   * (a file someone else put there, a folder of another run) is kept, and so are its parents.
   */
  static void removeEmptyFolders(Iterable<Path> dirs) {
    List<Path> sorted = new ArrayList<>();
    dirs.forEach(sorted::add);
    sorted.sort(Comparator.comparingInt(Path::getNameCount).reversed());
    for (Path d : sorted) {
      try {
        Files.deleteIfExists(d);
      } catch (IOException | RuntimeException ignored) {
        // not empty (or not ours to remove): kept
      }
    }
  }

  /** Whether {@code p} is registered (for tests). */
  static boolean isRegistered(Path p) {
    return PENDING.contains(p.toAbsolutePath());
  }

  /** What the shutdown hook does (SIGTERM, SIGINT, the end of the JVM). */
  static void removeAll() {
    synchronized (EXIT) {
      EXITING.set(true);
      cleanUp();
    }
  }

  /** Ends the exiting state (for tests that take the shutdown path in a JVM that goes on). */
  static void resetAfterTest() {
    synchronized (EXIT) {
      EXITING.set(false);
      PENDING.clear();
      CREATED.clear();
    }
  }

  private static void cleanUp() {
    for (Path p : PENDING) {
      deleteRecursively(p);
    }
    removeEmptyFolders(CREATED);
  }

  /** A number for a new name, different from every earlier one of this process. */
  static long nextNumber() {
    return SEQUENCE.incrementAndGet();
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
