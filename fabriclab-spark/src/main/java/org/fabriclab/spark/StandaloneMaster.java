package org.fabriclab.spark;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fabriclab.error.FabriclabException;

/**
 * A Spark standalone master URL, {@code spark://HOST:PORT} or, with standby masters,
 * {@code spark://HOST1:PORT1,HOST2:PORT2}: checked before a run starts, so a typo or a master that
 * is not running is one line and exit 2 before anything is written (Spark itself would retry its
 * registration for a minute, then stop the job with a message about "all masters").
 */
final class StandaloneMaster {
  /** How long one master may take to accept a TCP connection. */
  static final int CONNECT_TIMEOUT_MS = 5_000;

  private static final Pattern HOST_PORT = Pattern.compile("(\\[[0-9A-Fa-f:.]+\\]|[A-Za-z0-9._-]+):([0-9]{1,5})");

  private StandaloneMaster() {}

  /** Whether {@code master} names a standalone cluster (and so is checked here). */
  static boolean isStandalone(String master) {
    return master.startsWith("spark://");
  }

  /**
   * The host:port pairs of a {@code spark://} URL.
   *
   * @throws FabriclabException naming the URL and the valid form when it is malformed
   */
  static List<InetSocketAddress> addresses(String master) {
    List<InetSocketAddress> out = new ArrayList<>();
    for (String hp : master.substring("spark://".length()).split(",", -1)) {
      Matcher m = HOST_PORT.matcher(hp.strip());
      int port = m.matches() ? Integer.parseInt(m.group(2)) : -1;
      if (port < 1 || port > 65535) {
        throw new FabriclabException("--spark " + master + ": not a Spark master URL; valid: spark://HOST:PORT"
            + " (PORT 1..65535, several HOST:PORT separated by commas), local[N], local[*] or yarn");
      }
      String host = m.group(1).startsWith("[") ? m.group(1).substring(1, m.group(1).length() - 1) : m.group(1);
      out.add(InetSocketAddress.createUnresolved(host, port));
    }
    return out;
  }

  /**
   * Checks that at least one of the URL's masters accepts a TCP connection within
   * {@link #CONNECT_TIMEOUT_MS}.
   *
   * @throws FabriclabException naming the URL and the addresses tried when none answers
   */
  static void checkAnswering(String master) {
    List<InetSocketAddress> all = addresses(master);
    for (InetSocketAddress a : all) {
      if (answers(a)) {
        return;
      }
    }
    StringBuilder at = new StringBuilder();
    for (InetSocketAddress a : all) {
      at.append(at.length() == 0 ? "" : ", ").append(a.getHostString()).append(':').append(a.getPort());
    }
    throw new FabriclabException("--spark " + master + ": no master answering at " + at
        + " (start one with scripts/spark-standalone.sh start)");
  }

  private static boolean answers(InetSocketAddress a) {
    InetSocketAddress resolved = new InetSocketAddress(a.getHostString(), a.getPort());
    if (resolved.isUnresolved()) {
      return false;
    }
    try (Socket s = new Socket()) {
      s.connect(resolved, CONNECT_TIMEOUT_MS);
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
