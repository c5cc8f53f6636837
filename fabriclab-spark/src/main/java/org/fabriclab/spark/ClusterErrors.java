package org.fabriclab.spark;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fabriclab.error.FabriclabException;

/**
 * Spark's failures as one line that names the cause. A point that fails on an executor with an
 * exception of its own (one of fabriclab's errors, or a bug) is rethrown as it was thrown, as on
 * threads; anything else from the cluster (a class the executors cannot load, an executor that
 * died, a master URL Spark cannot parse) becomes a {@link FabriclabException} whose message starts
 * with {@code --spark MASTER:} and gives the remote root cause in words (the CLI strips Java class
 * names from messages, so class names are spelt with slashes).
 */
final class ClusterErrors {
  /** The remote cause in a job-abort message: {@code ... most recent failure: Lost task 0.3 ... (host executor 0): CAUSE}. */
  private static final Pattern REMOTE = Pattern.compile("most recent failure: Lost task [^(]*\\([^)]*\\) \\([^)]*\\): (.*)");
  /** {@code pkg.Name: message} at the start of a cause. */
  private static final Pattern THROWN = Pattern.compile("((?:[a-z][a-z0-9_]*\\.)+)?([A-Z][A-Za-z0-9_$]*(?:Exception|Error))(?::\\s*(.*))?");

  private ClusterErrors() {}

  /** What failed: the job's tasks, or Spark's start (the context, its connection to the master). */
  enum Stage {
    JOB("the job failed on the cluster"),
    START("Spark did not start");

    final String words;

    Stage(String words) {
      this.words = words;
    }
  }

  /** The exception to throw for {@code t}, a failure at {@code stage} of the Spark job on {@code master}. */
  static RuntimeException translate(String master, Stage stage, Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c instanceof FabriclabException fe) {
        return fe;
      }
      // a point's own failure (a bug) comes back as it was thrown: the CLI reports it as on threads
      if (stage == Stage.JOB && c != t && c instanceof RuntimeException re) {
        return re;
      }
    }
    Throwable root = t;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String cause = root == t ? remoteCause(firstLine(t.getMessage())) : root.getClass().getName() + ": " + firstLine(root.getMessage());
    String hint = cause.contains("Could not parse Master URL") && (master.equals("yarn") || master.startsWith("k8s://"))
        ? " (this master needs spark-submit from a Spark distribution: docs/specs.md, section Spark)" : "";
    return new FabriclabException("--spark " + master + ": " + describe(stage, cause) + hint, t);
  }

  /** The cause a job-abort message reports from an executor, or the message itself. */
  static String remoteCause(String message) {
    Matcher m = REMOTE.matcher(message);
    return m.find() ? m.group(1).strip() : message;
  }

  /**
   * {@code java.lang.ClassNotFoundException: org.fabriclab.X} in words:
   * {@code the executors cannot load class org/fabriclab/X ...}; other exceptions as
   * {@code <class name in words>: <message>}.
   */
  static String describe(Stage stage, String cause) {
    Matcher m = THROWN.matcher(cause.strip());
    if (!m.matches()) {
      return cause.isBlank() ? stage.words : stage.words + ": " + cause;
    }
    String type = m.group(2);
    String msg = m.group(3) == null ? "" : m.group(3).strip();
    if (type.equals("ClassNotFoundException") || type.equals("NoClassDefFoundError")) {
      return "the executors cannot load class " + msg.replace('.', '/') + ": spark.jars must list fabriclab's jars"
          + " (fabriclab sets it when it is unset; with spark-submit, pass them with --jars)";
    }
    String words = type.replaceAll("(Exception|Error)$", "").replaceAll("([a-z0-9])([A-Z])", "$1 $2").toLowerCase(Locale.ROOT);
    return stage.words + " (" + words + (msg.isEmpty() ? ")" : "): " + msg);
  }

  static String firstLine(String s) {
    if (s == null) {
      return "";
    }
    int nl = s.indexOf('\n');
    return (nl < 0 ? s : s.substring(0, nl)).strip();
  }
}
