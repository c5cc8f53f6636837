package org.fabriclab.spark;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.fabriclab.error.FabriclabException;

/**
 * The jars a cluster's executors need to run fabriclab's points: every entry of the driver's class
 * path except Spark's own jars, which the cluster has. Spark's jars are known by file name from
 * {@value #SPARK_JARS}, written at build time from Maven's {@code provided} closure of
 * {@code spark-core} (what the launcher puts on the class path from {@code spark-classpath.txt}).
 * Libraries fabriclab shares with Spark (Jackson, SLF4J) are shipped too; on the executors Spark's
 * class loader looks in the cluster's own jars first, so they change nothing there. A class folder
 * on the class path (a build's {@code target/classes}) is packed into a temporary jar first,
 * since Spark ships only files.
 */
final class ExecutorJars {
  /** The class path resource that lists Spark's jars, one {@code :}-separated path per jar. */
  static final String SPARK_JARS = "spark-jars.txt";

  private ExecutorJars() {}

  /**
   * The entries of {@code classPath} to ship: those that exist and whose file name is not in
   * {@code sparkJarNames}, in class path order, each once.
   */
  static List<Path> select(List<String> classPath, Set<String> sparkJarNames) {
    List<Path> out = new ArrayList<>();
    Set<Path> seen = new HashSet<>();
    for (String e : classPath) {
      if (e.isBlank()) {
        continue;
      }
      Path p = Path.of(e).toAbsolutePath().normalize();
      if (!Files.exists(p) || (Files.isRegularFile(p) && sparkJarNames.contains(p.getFileName().toString()))) {
        continue;
      }
      if (seen.add(p)) {
        out.add(p);
      }
    }
    return out;
  }

  /** The file names of Spark's jars, from {@value #SPARK_JARS}. */
  static Set<String> sparkJarNames() {
    try (InputStream in = ExecutorJars.class.getResourceAsStream(SPARK_JARS)) {
      if (in == null) {
        throw new FabriclabException("fabriclab-spark was built without its list of Spark's jars ("
            + SPARK_JARS + "); rebuild it with 'mvn -B -q -DskipTests package'");
      }
      Set<String> names = new HashSet<>();
      for (String e : new String(in.readAllBytes(), StandardCharsets.UTF_8).strip().split(":")) {
        int slash = e.lastIndexOf('/');
        names.add(e.substring(slash + 1).strip());
      }
      return names;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The comma-separated value for {@code spark.jars}: the selected entries of this JVM's class
   * path, class folders packed into jars under a temporary folder removed when the JVM exits.
   */
  static String forThisJvm() {
    List<String> cp = List.of(System.getProperty("java.class.path", "").split(File.pathSeparator));
    List<Path> chosen = select(cp, sparkJarNames());
    StringBuilder b = new StringBuilder();
    Path tmp = null;
    int packed = 0;
    for (Path p : chosen) {
      Path jar = p;
      if (Files.isDirectory(p)) {
        try {
          if (tmp == null) {
            tmp = Files.createTempDirectory("fabriclab-spark-jars");
            tmp.toFile().deleteOnExit();
          }
          // module/target/classes becomes NN-module-classes.jar (names only help a reader of the logs)
          Path module = p.getParent() == null || p.getParent().getParent() == null ? null : p.getParent().getParent();
          String name = (module == null ? "" : module.getFileName() + "-") + p.getFileName();
          jar = tmp.resolve(String.format(java.util.Locale.ROOT, "%02d-%s.jar", packed++, name));
          pack(p, jar);
          jar.toFile().deleteOnExit();
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
      b.append(b.length() == 0 ? "" : ",").append(jar);
    }
    return b.toString();
  }

  /** Writes the files under {@code dir} into the jar {@code jar}, paths relative to {@code dir}. */
  static void pack(Path dir, Path jar) throws IOException {
    try (OutputStream os = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(os);
        Stream<Path> walk = Files.walk(dir)) {
      for (Path f : walk.filter(Files::isRegularFile).sorted(Comparator.naturalOrder()).toList()) {
        out.putNextEntry(new JarEntry(dir.relativize(f).toString().replace(File.separatorChar, '/')));
        Files.copy(f, out);
        out.closeEntry();
      }
    }
  }
}
