package org.fabriclab.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.fabriclab.cli.Main;
import org.fabriclab.error.FabriclabException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What reaches the user when the cluster is missing or fails: one line naming the cause. */
class ClusterErrorsTest {
  @TempDir Path dir;

  /** A port nothing listens on (bound, then released). */
  private static int closedPort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  @Test
  void aMasterThatDoesNotAnswerIsOneLineAndExitTwoWithNothingWritten() throws Exception {
    Path spec = dir.resolve("spec.yaml");
    Files.writeString(spec, "kind: topo\ntopologies:\n  - family: fattree\n    k: 4\n");
    int port = closedPort();
    StringWriter err = new StringWriter();
    int code = Main.run(new String[] {"run", spec.toString(), "--out", dir.resolve("out").toString(),
        "--spark", "spark://127.0.0.1:" + port}, new PrintWriter(new StringWriter()), new PrintWriter(err));
    assertThat(code).isEqualTo(2);
    assertThat(err.toString()).isEqualTo("fabriclab: error: --spark spark://127.0.0.1:" + port
        + ": no master answering at 127.0.0.1:" + port + " (start one with scripts/spark-standalone.sh start)"
        + System.lineSeparator());
    assertThat(dir.resolve("out")).doesNotExist();
  }

  @Test
  void standbyMastersAreAllNamedWhenNoneAnswers() throws Exception {
    int a = closedPort();
    int b = closedPort();
    String url = "spark://127.0.0.1:" + a + ",localhost:" + b;
    assertThatThrownBy(() -> StandaloneMaster.checkAnswering(url)).isInstanceOf(FabriclabException.class)
        .hasMessage("--spark " + url + ": no master answering at 127.0.0.1:" + a + ", localhost:" + b
            + " (start one with scripts/spark-standalone.sh start)");
  }

  @Test
  void aListeningMasterPasses() throws Exception {
    try (ServerSocket s = new ServerSocket(0)) {
      StandaloneMaster.checkAnswering("spark://127.0.0.1:" + s.getLocalPort()); // no exception
      assertThat(StandaloneMaster.addresses("spark://[::1]:7077,h-1.example:17077"))
          .extracting(x -> x.getHostString() + "/" + x.getPort()).containsExactly("::1/7077", "h-1.example/17077");
    }
  }

  @Test
  void malformedStandaloneUrlsNameTheValidForm() {
    for (String bad : List.of("spark://", "spark://host", "spark://host:0", "spark://host:65536", "spark://h:7077,")) {
      assertThatThrownBy(() -> StandaloneMaster.addresses(bad)).as(bad).isInstanceOf(FabriclabException.class)
          .hasMessageStartingWith("--spark " + bad + ": not a Spark master URL; valid: spark://HOST:PORT (PORT 1..65535");
    }
  }

  @Test
  void aClassTheExecutorsLackIsNamedInWordsFromTheJobAbortMessage() {
    // the first line of the message Spark's scheduler gives when every attempt of a task failed
    String abort = "Job aborted due to stage failure: Task 0 in stage 0.0 failed 4 times, most recent failure:"
        + " Lost task 0.3 in stage 0.0 (TID 6) (127.0.0.1 executor 0): java.lang.ClassNotFoundException:"
        + " org.fabriclab.cli.run.Point\n\tat java.base/java.net.URLClassLoader.findClass(URLClassLoader.java:445)";
    RuntimeException e = ClusterErrors.translate("spark://h:7077", ClusterErrors.Stage.JOB, new Exception(abort));
    assertThat(e).isInstanceOf(FabriclabException.class).hasMessage("--spark spark://h:7077: the executors cannot"
        + " load class org/fabriclab/cli/run/Point: spark.jars must list fabriclab's jars (fabriclab sets it when it is"
        + " unset; with spark-submit, pass them with --jars)");
  }

  @Test
  void otherRemoteCausesKeepTheirMessage() {
    assertThat(ClusterErrors.describe(ClusterErrors.Stage.JOB, "java.lang.OutOfMemoryError: Java heap space"))
        .isEqualTo("the job failed on the cluster (out of memory): Java heap space");
    assertThat(ClusterErrors.describe(ClusterErrors.Stage.JOB,
        "ExecutorLostFailure (executor 0 exited caused by one of the running tasks) Reason: Command exited with code 52"))
        .isEqualTo("the job failed on the cluster: ExecutorLostFailure (executor 0 exited caused by one of the running"
            + " tasks) Reason: Command exited with code 52");
    RuntimeException start = ClusterErrors.translate("yarn", ClusterErrors.Stage.START,
        new Exception("Could not parse Master URL: 'yarn'"));
    assertThat(start).hasMessage("--spark yarn: Spark did not start: Could not parse Master URL: 'yarn' (this master"
        + " needs spark-submit from a Spark distribution: docs/specs.md, section Spark)");
  }

  @Test
  void aPointsOwnFailureComesBackAsItWasThrown() {
    FabriclabException bad = new FabriclabException("spec.yaml:3: k must be even");
    assertThat(ClusterErrors.translate("spark://h:1", ClusterErrors.Stage.JOB, new Exception("Job aborted", bad))).isSameAs(bad);
    IllegalStateException bug = new IllegalStateException("a bug");
    assertThat(ClusterErrors.translate("spark://h:1", ClusterErrors.Stage.JOB, new Exception("Job aborted", bug))).isSameAs(bug);
  }

  @Test
  void theExecutorsGetEverythingButSparksJars() throws Exception {
    Path classes = Files.createDirectories(dir.resolve("fabriclab-cli/target/classes"));
    Path cli = Files.writeString(dir.resolve("fabriclab-cli-0.1.0.jar"), "x");
    Path jackson = Files.writeString(dir.resolve("jackson-databind-2.22.4.jar"), "x");
    Path spark = Files.writeString(dir.resolve("spark-core_2.13-4.2.0.jar"), "x");
    List<String> cp = List.of(classes.toString(), spark.toString(), cli.toString(), "", jackson.toString(),
        dir.resolve("missing.jar").toString(), cli.toString());
    assertThat(ExecutorJars.select(cp, Set.of("spark-core_2.13-4.2.0.jar", "scala-library-2.13.18.jar")))
        .containsExactly(classes, cli, jackson);
  }

  @Test
  void theListOfSparksJarsNamesSparkCoreAndScala() {
    assertThat(ExecutorJars.sparkJarNames()).contains("spark-core_2.13-4.2.0.jar", "scala-library-2.13.18.jar")
        .noneMatch(n -> n.startsWith("fabriclab-") || n.startsWith("picocli-") || n.contains("/"));
  }

  @Test
  void aClassFolderIsPackedWithItsRelativePaths() throws Exception {
    Path classes = Files.createDirectories(dir.resolve("classes/org/x"));
    Files.writeString(classes.resolve("A.class"), "a");
    Files.writeString(dir.resolve("classes/top.txt"), "t");
    Path jar = dir.resolve("c.jar");
    ExecutorJars.pack(dir.resolve("classes"), jar);
    try (java.util.jar.JarFile j = new java.util.jar.JarFile(jar.toFile())) {
      assertThat(j.stream().map(java.util.zip.ZipEntry::getName)).containsExactly("org/x/A.class", "top.txt");
      assertThat(new String(j.getInputStream(j.getEntry("org/x/A.class")).readAllBytes())).isEqualTo("a");
    }
  }
}
