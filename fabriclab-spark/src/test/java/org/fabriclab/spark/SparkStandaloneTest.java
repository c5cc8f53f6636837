package org.fabriclab.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.fabriclab.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sweep on a Spark standalone cluster (a master and a worker on localhost whose executors have
 * Spark but not fabriclab) gives the threaded run's {@code results.csv} byte for byte: fabriclab's
 * jars reach the executors by themselves.
 */
class SparkStandaloneTest {
  @TempDir Path dir;

  private static final String SPEC = String.join("\n",
      "kind: simulate",
      "seed: 7",
      "seeds: 2",
      "topologies:",
      "  - family: fattree",
      "    k: 4",
      "simulate:",
      "  engine: [flow, packet]",
      "  workload: {type: poisson, flows: 20, rate-per-s: 100000}",
      "");

  private static String run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.run(args, new PrintWriter(out), new PrintWriter(err));
    assertThat(code).as(err.toString()).isZero();
    return out.toString();
  }

  private static boolean sparkOnClassPath() {
    try {
      Class.forName("org.apache.spark.deploy.master.Master", false, SparkStandaloneTest.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException e) {
      return false;
    }
  }

  @Test
  @Timeout(value = 3, unit = TimeUnit.MINUTES) // a safety net against a hung cluster, not a speed target
  void standaloneClusterAndThreadsGiveIdenticalResults() throws Exception {
    assumeTrue(sparkOnClassPath(), "Spark's jars are not on the class path: the standalone cluster test is skipped");
    Path spec = dir.resolve("spec.yaml");
    Files.writeString(spec, SPEC);
    run("run", spec.toString(), "--out", dir.resolve("threads").toString(), "--threads", "2");
    // a small executor that starts fast (it runs 4 small points); SparkConf reads spark.* properties
    // and a driver on the loopback address, as the master and worker (whatever the host name resolves to)
    java.util.Map<String, String> conf = java.util.Map.of("spark.executor.memory", "512m",
        "spark.executor.extraJavaOptions", "-XX:+UseSerialGC -XX:TieredStopAtLevel=1",
        "spark.driver.host", "127.0.0.1", "spark.driver.bindAddress", "127.0.0.1");
    java.util.Map<String, String> before = new java.util.HashMap<>();
    conf.forEach((k, v) -> {
      before.put(k, System.getProperty(k));
      System.setProperty(k, v);
    });
    try (LocalStandaloneCluster cluster = new LocalStandaloneCluster(Files.createDirectories(dir.resolve("cluster")), "512m")) {
      String said = run("run", spec.toString(), "--out", dir.resolve("spark").toString(), "--spark", cluster.url());
      assertThat(said).contains("on spark " + cluster.url());
      // the executor ran in the worker's work folder and fetched fabriclab's classes there
      assertThat(cluster.workFiles()).anySatisfy(f -> assertThat(f.getFileName().toString()).contains("fabriclab-cli"));
    } finally {
      before.forEach((k, v) -> {
        if (v == null) {
          System.clearProperty(k);
        } else {
          System.setProperty(k, v);
        }
      });
    }
    byte[] threaded = Files.readAllBytes(dir.resolve("threads/results.csv"));
    assertThat(new String(threaded, java.nio.charset.StandardCharsets.UTF_8).lines().count()).isEqualTo(1 + 4 * 45);
    assertThat(Files.readAllBytes(dir.resolve("spark/results.csv"))).isEqualTo(threaded);
  }
}
