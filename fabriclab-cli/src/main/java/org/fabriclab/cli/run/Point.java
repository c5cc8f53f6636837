package org.fabriclab.cli.run;

import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One point of a sweep: everything it needs to run, as text, so it can be written to disk and
 * shipped to a Spark executor. A point's results are a pure function of its fields.
 *
 * @param index position in the sweep (0-based); names the point's folder
 * @param kind topo, throughput or simulate
 * @param params coordinates: {@code topology}, {@code topology.<param>}, {@code <section>.<key>}
 *     (an empty value means "does not apply to this point")
 * @param rep repetition 0..seeds-1
 * @param seed the point's seed (see {@link Sweep#seed})
 */
public record Point(int index, String kind, LinkedHashMap<String, String> params, int rep, long seed)
    implements Serializable {
  private static final long serialVersionUID = 1L;

  public Point {
    params = new LinkedHashMap<>(params);
  }

  /** The point's folder name: {@code p00012}. */
  public String id() {
    return String.format(Locale.ROOT, "p%05d", index);
  }

  /** A value, or {@code def} when absent or empty. */
  public String get(String key, String def) {
    String v = params.get(key);
    return v == null || v.isEmpty() ? def : v;
  }

  /** The coordinates as {@code key=value} text for messages. */
  public String describe() {
    StringBuilder b = new StringBuilder(id()).append(" (");
    for (Map.Entry<String, String> e : params.entrySet()) {
      if (!e.getValue().isEmpty() && !e.getKey().equals("topology.file")) {
        b.append(e.getKey()).append('=').append(e.getValue()).append(' ');
      }
    }
    return b.append("rep=").append(rep).append(')').toString();
  }
}
