package org.fabriclab.cli.run;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fabriclab.error.FabriclabException;

/**
 * Which files of a run folder are the run's ({@link SweepRunner}), and their removal: only those,
 * so that what anyone else put into the tree stays (docs/errors.md, the output-folder rule).
 */
final class RunFiles {
  private RunFiles() {}

  /** The files a run writes into its folder (staging files of {@link org.fabriclab.io.OutputFiles} start with a dot). */
  private static final List<String> RUN_FILES = List.of("spec.json", "run.json", "points.csv", "points",
      "results.csv", "summary.csv", "report.html");

  /** fabriclab's hidden files in a run folder: staging folders, atomic-write temporaries. */
  static boolean isOwnHidden(String name) {
    return name.startsWith(".stage-") || (name.startsWith(".") && name.endsWith(".tmp"));
  }

  /**
   * Deletes a run's files from {@code dir} (the folder and its marker stay): its top-level files,
   * each point's files ({@link PointFiles#remove}), its hidden files, and {@code points} once
   * empty; what anyone else put into the tree stays, and so do the folders holding it.
   */
  static void removeRun(Path dir) {
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
      for (Path p : ds) {
        String n = p.getFileName().toString();
        if (n.equals("points") && Files.isDirectory(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
          removePoints(p);
        } else if (RUN_FILES.contains(n) || isOwnHidden(n)) {
          deleteTree(p);
        }
      }
    } catch (IOException e) {
      throw new FabriclabException("cannot clean " + dir + ": " + e.getMessage(), e);
    }
  }

  private static void removePoints(Path points) throws IOException {
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(points)) {
      for (Path p : ds) {
        if (isOwnHidden(p.getFileName().toString())) {
          deleteTree(p);
        } else if (Files.isDirectory(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
          PointFiles.remove(p);
        }
      }
    }
    if (isEmpty(points)) {
      Files.deleteIfExists(points);
    }
  }

  private static void deleteTree(Path p) throws IOException {
    try (var walk = Files.walk(p)) {
      for (Path f : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(f);
      }
    }
  }

  /** Removes staging folders and temporary files of earlier runs from {@code points} (the lock is ours). */
  static void cleanStaging(Path points) {
    if (!Files.isDirectory(points)) {
      return;
    }
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(points, ".*")) {
      for (Path stale : ds) {
        if (isOwnHidden(stale.getFileName().toString())) {
          deleteTree(stale);
        }
      }
    } catch (IOException e) {
      throw new FabriclabException("cannot clean " + points + ": " + e.getMessage(), e);
    }
  }

  static boolean isEmpty(Path dir) {
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
      return !ds.iterator().hasNext();
    } catch (IOException e) {
      return false;
    }
  }}
