package org.fabriclab.shufflecast;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.fabriclab.error.InvalidParameterException;

/**
 * The component table of Shufflecast's power and cost analysis (seed 000 Table I, §VI-A(b)(c)),
 * read from the resource {@code org/fabriclab/shufflecast/components.csv}: switch ports and
 * transceivers per data rate, splitters per fan-out, fibre per 100 m.
 *
 * @param items every row of the table
 */
public record ComponentCatalog(List<Item> items) {
  /** One component: {@code kind} (switch-port, transceiver, splitter, fibre), its size (Gbps,
   * fan-out or metres), power (W), price (USD) and dB figure (budget or insertion loss). */
  public record Item(String kind, int size, double powerW, double costUsd, double db) {}

  public ComponentCatalog {
    items = List.copyOf(items);
  }

  /** The table shipped with fabriclab. */
  public static ComponentCatalog tableI() {
    try (InputStream in = ComponentCatalog.class.getResourceAsStream("components.csv")) {
      if (in == null) {
        throw new IllegalStateException("components.csv missing from the classpath");
      }
      BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      List<Item> out = new ArrayList<>();
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        line = line.trim();
        if (line.isEmpty() || line.startsWith("#")) {
          continue;
        }
        String[] f = line.split(",", -1);
        out.add(new Item(f[0], Integer.parseInt(f[1]), Double.parseDouble(f[2]),
            Double.parseDouble(f[3]), f[4].isEmpty() ? Double.NaN : Double.parseDouble(f[4])));
      }
      return new ComponentCatalog(out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Data rates (Gbps) with both a switch port and a transceiver. */
  public List<Integer> rates() {
    return items.stream().filter(i -> i.kind.equals("switch-port")).map(Item::size)
        .filter(g -> items.stream().anyMatch(i -> i.kind.equals("transceiver") && i.size == g))
        .toList();
  }

  private Item find(String kind, int size, String parameter) {
    return items.stream().filter(i -> i.kind.equals(kind) && i.size == size).findFirst()
        .orElseThrow(() -> new InvalidParameterException(parameter, size, "one of "
            + items.stream().filter(i -> i.kind.equals(kind)).map(i -> Integer.toString(i.size))
                .reduce((a, b) -> a + "|" + b).orElse("(none)")));
  }

  public Item switchPort(int gbps) {
    return find("switch-port", gbps, "--rate");
  }

  public Item transceiver(int gbps) {
    return find("transceiver", gbps, "--rate");
  }

  /** The smallest splitter with fan-out ≥ p (decision: a 1:3 splitter is a 1:4 with one output unused). */
  public Item splitterFor(int p) {
    return items.stream().filter(i -> i.kind.equals("splitter") && i.size >= p)
        .min((a, b) -> Integer.compare(a.size, b.size))
        .orElseThrow(() -> new InvalidParameterException("--p", p, "no splitter in Table I has fan-out >= " + p));
  }

  /** Price of one duplex fibre of the catalogue's length (100 m). */
  public Item fibre() {
    return items.stream().filter(i -> i.kind.equals("fibre")).findFirst().orElseThrow();
  }
}
