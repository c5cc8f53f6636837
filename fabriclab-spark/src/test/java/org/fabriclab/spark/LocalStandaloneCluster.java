package org.fabriclab.spark;

import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A Spark standalone master and one worker (1 core) on 127.0.0.1, as child processes with small
 * heaps, started as {@code scripts/spark-standalone.sh} starts them: their class path (and the
 * executors', through {@code SPARK_HOME/jars}) is this JVM's class path without fabriclab's own
 * modules, so fabriclab's classes reach the executors only through {@code spark.jars}. Closing it
 * kills the worker, the executors it started and the master, also after a failure.
 */
final class LocalStandaloneCluster implements AutoCloseable {
  private static final long START_SECONDS = 40;

  final int port;
  final Path dir;
  private final List<Process> daemons = new ArrayList<>();
  private final String classPath;
  /** Kills the daemons if the test JVM ends before {@link #close} (a killed build). */
  private final Thread reaper = new Thread(this::close, "spark-standalone-reaper");

  /** Starts a master and a worker offering {@code workerMemory} (e.g. "512m") under {@code dir}. */
  LocalStandaloneCluster(Path dir, String workerMemory) throws IOException, InterruptedException {
    this.dir = dir;
    this.port = freePort();
    Files.createDirectories(dir.resolve("home/jars")); // must exist; the class path comes from SPARK_DIST_CLASSPATH
    StringBuilder cp = new StringBuilder();
    for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
      Path p = Path.of(e);
      String name = p.getFileName().toString();
      if (Files.isRegularFile(p) && name.endsWith(".jar") && !name.startsWith("fabriclab-")) {
        cp.append(cp.length() == 0 ? "" : File.pathSeparator).append(p.toAbsolutePath());
      }
    }
    this.classPath = cp.toString();
    Path work = Files.createDirectories(dir.resolve("work"));
    Runtime.getRuntime().addShutdownHook(reaper);
    try {
      daemons.add(start("master", List.of("org.apache.spark.deploy.master.Master",
          "--host", "127.0.0.1", "--port", Integer.toString(port), "--webui-port", "0")));
      awaitPort();
      daemons.add(start("worker", List.of("org.apache.spark.deploy.worker.Worker", "--host", "127.0.0.1",
          "--cores", "1", "--memory", workerMemory, "--work-dir", work.toString(), "--webui-port", "0",
          url())));
      awaitLog("worker", "Successfully registered with master");
    } catch (IOException | InterruptedException | RuntimeException e) {
      close();
      throw e;
    }
  }

  String url() {
    return "spark://127.0.0.1:" + port;
  }

  /** The files under the worker's work folder (the executors' folders and what they fetched). */
  List<Path> workFiles() throws IOException {
    try (var walk = Files.walk(dir.resolve("work"))) {
      return walk.filter(Files::isRegularFile).toList();
    }
  }

  private Process start(String name, List<String> mainAndArgs) throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Xmx256m");
    cmd.add("-XX:+UseSerialGC");
    cmd.add("-XX:TieredStopAtLevel=1"); // daemons that only pass messages: start fast
    for (String o : System.getProperty("fabriclab.spark.jvm.options", "").split(" ")) {
      if (!o.isBlank()) {
        cmd.add(o);
      }
    }
    cmd.add("-cp");
    cmd.add(classPath);
    cmd.addAll(mainAndArgs);
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true)
        .redirectOutput(dir.resolve(name + ".log").toFile());
    pb.environment().put("SPARK_HOME", dir.resolve("home").toString());
    pb.environment().put("SPARK_SCALA_VERSION", "2.13");
    pb.environment().put("SPARK_DIST_CLASSPATH", classPath); // the executors' class path
    pb.environment().remove("SPARK_CONF_DIR");
    return pb.start();
  }

  private void awaitPort() throws InterruptedException, IOException {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_SECONDS);
    while (System.nanoTime() < end) {
      try (Socket s = new Socket()) {
        s.connect(new InetSocketAddress("127.0.0.1", port), 500);
        return;
      } catch (IOException e) {
        checkAlive();
        Thread.sleep(200);
      }
    }
    throw new IllegalStateException("the master did not answer within " + START_SECONDS + " s: " + log("master"));
  }

  private void awaitLog(String name, String line) throws InterruptedException, IOException {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_SECONDS);
    while (System.nanoTime() < end) {
      if (log(name).contains(line)) {
        return;
      }
      checkAlive();
      Thread.sleep(200);
    }
    throw new IllegalStateException(name + " did not log '" + line + "' within " + START_SECONDS + " s: " + log(name));
  }

  private void checkAlive() throws IOException {
    for (Process p : daemons) {
      if (!p.isAlive()) {
        throw new IllegalStateException("a Spark daemon exited: " + log("master") + log("worker"));
      }
    }
  }

  String log(String name) throws IOException {
    Path f = dir.resolve(name + ".log");
    return Files.exists(f) ? Files.readString(f) : "";
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  /** Kills the worker's executors, the worker, then the master; waits until they are gone. */
  @Override
  public synchronized void close() {
    if (Thread.currentThread() != reaper) {
      try {
        Runtime.getRuntime().removeShutdownHook(reaper);
      } catch (IllegalStateException | IllegalArgumentException e) {
        // the JVM is shutting down, or the hook is gone already
      }
    }
    for (int i = daemons.size() - 1; i >= 0; i--) {
      Process p = daemons.get(i);
      List<ProcessHandle> children = p.descendants().toList();
      p.destroy();
      children.forEach(ProcessHandle::destroy);
      try {
        if (!p.waitFor(10, TimeUnit.SECONDS)) {
          p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
      } catch (InterruptedException e) {
        p.destroyForcibly();
        Thread.currentThread().interrupt();
      }
      children.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    }
    daemons.clear();
  }
}
