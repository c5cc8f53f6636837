package org.fabriclab.cli.run;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.fabriclab.error.FabriclabException;
import org.fabriclab.io.OutputFiles;

/**
 * The files of one finished point, {@code DIR/points/pNNNNN/}: its outputs, {@code
 * checksums.sha256} (the SHA-256 of every other file, as {@code sha256sum} writes it) and {@code
 * metrics.csv}, written last: it marks the point finished. Every file is forced to the disk before
 * it is moved to its name. On resume {@link #check} tells a finished point from one whose files a
 * crash, a full disk or a hand left missing, empty or damaged; such a point runs again.
 */
final class PointFiles {
  static final String METRICS = "metrics.csv";
  static final String CHECKSUMS = "checksums.sha256";
  /** A simulate point's flows and its FCT by size bin; a collective point's rank ends. */
  static final String FLOWS = "flows.csv";
  static final String FCT_BY_SIZE = "fct-by-size.csv";
  static final String RANK_ENDS = "rank-ends.csv";
  /** Every file a point writes into its folder. */
  private static final java.util.Set<String> OWN = java.util.Set.of(METRICS, CHECKSUMS, FLOWS, FCT_BY_SIZE, RANK_ENDS);
  private static final String HEADER = "metric,value";
  /** A metric value as {@link PointRunner#format} writes it: empty, a long, or a finite double. */
  private static final Pattern VALUE = Pattern.compile("|-?[0-9]+|-?[0-9]+\\.[0-9]+(E-?[0-9]+)?");
  private static final Pattern CHECKSUM_LINE = Pattern.compile("([0-9a-f]{64})  ([A-Za-z0-9._-]+)");

  private PointFiles() {}

  /** Writes a point's files into {@code pd}, each synced and moved into place, metrics.csv last. */
  static void write(Path pd, PointRunner.Result r) {
    try {
      Files.createDirectories(pd);
    } catch (IOException e) {
      throw new FabriclabException("cannot create " + pd + ": " + e.getMessage(), e);
    }
    StringBuilder metrics = new StringBuilder(HEADER).append('\n');
    r.metrics().forEach((k, v) -> metrics.append(TidyCsv.quote(k)).append(',').append(v).append('\n'));
    StringBuilder sums = new StringBuilder();
    for (Map.Entry<String, String> f : r.files().entrySet()) {
      sums.append(sha256(f.getValue().getBytes(StandardCharsets.UTF_8))).append("  ").append(f.getKey()).append('\n');
    }
    sums.append(sha256(metrics.toString().getBytes(StandardCharsets.UTF_8))).append("  ").append(METRICS).append('\n');
    for (Map.Entry<String, String> f : r.files().entrySet()) {
      OutputFiles.writeStringSynced(pd.resolve(f.getKey()), f.getValue());
    }
    OutputFiles.writeStringSynced(pd.resolve(CHECKSUMS), sums.toString());
    OutputFiles.writeStringSynced(pd.resolve(METRICS), metrics.toString());
  }

  /** What {@link #check} found. */
  enum State { FINISHED, NOT_RUN, DAMAGED }

  /** The state of a point's folder and, when damaged, the file and the damage in a few words. */
  record Check(State state, String problem) {}

  /**
   * The state of point folder {@code pd} of kind {@code kind}: NOT_RUN without metrics.csv;
   * DAMAGED when metrics.csv, checksums.sha256 or a file it lists cannot be read, is empty, does not
   * parse or has another SHA-256 than listed; FINISHED otherwise. A folder written before
   * checksums existed is checked by parsing its metrics.csv alone. Reads every file of the point.
   */
  static Check check(Path pd, String kind) {
    Path metrics = pd.resolve(METRICS);
    if (!Files.exists(metrics, LinkOption.NOFOLLOW_LINKS)) {
      return new Check(State.NOT_RUN, null);
    }
    try {
      byte[] m = read(metrics);
      parseMetrics(metrics, m, kind);
      Path sums = pd.resolve(CHECKSUMS);
      if (Files.exists(sums, LinkOption.NOFOLLOW_LINKS)) {
        String text = text(sums, read(sums));
        int no = 0;
        for (String line : text.split("\n", -1)) {
          no++;
          if (line.isEmpty() && no > 1) {
            continue;
          }
          var x = CHECKSUM_LINE.matcher(line);
          if (!x.matches()) {
            throw damaged(sums, "is damaged (line " + no + " is not '<sha256>  <file>')");
          }
          Path f = pd.resolve(x.group(2));
          if (!Files.exists(f, LinkOption.NOFOLLOW_LINKS)) {
            throw damaged(f, "is missing");
          }
          if (!sha256(f.equals(metrics) ? m : read(f)).equals(x.group(1))) {
            throw damaged(f, "is damaged (its SHA-256 is not the one " + CHECKSUMS + " lists)");
          }
        }
      }
      return new Check(State.FINISHED, null);
    } catch (Damage d) {
      return new Check(State.DAMAGED, d.getMessage());
    }
  }

  /** The metrics of a finished point, in file order; a damaged file is a one-line error naming it. */
  static Map<String, String> readMetrics(Path metrics) {
    try {
      return parseMetrics(metrics, read(metrics), null);
    } catch (Damage d) {
      throw new FabriclabException(d.getMessage() + "; run again with --resume to run the point again");
    }
  }

  /**
   * Deletes a point's files from {@code pd} (the point then runs again): the files a point writes
   * and temporary files of fabriclab's ({@code .<name>.<pid>.<n>.tmp}); the folder too once that
   * leaves it empty. What anyone else put there stays, and so does its folder.
   */
  static void remove(Path pd) {
    try (var ds = Files.newDirectoryStream(pd)) {
      for (Path f : ds) {
        String n = f.getFileName().toString();
        boolean dir = Files.isDirectory(f, LinkOption.NOFOLLOW_LINKS);
        if ((OWN.contains(n) || (n.startsWith(".") && n.endsWith(".tmp"))) && !dir) {
          Files.deleteIfExists(f);
        } else if (OWN.contains(n) && dir && RunFiles.isEmpty(f)) {
          Files.delete(f); // an empty folder where a point file belongs holds nothing of anyone's
        }
      }
      try (var left = Files.newDirectoryStream(pd)) {
        if (!left.iterator().hasNext()) {
          Files.deleteIfExists(pd);
        }
      }
    } catch (java.nio.file.NoSuchFileException e) {
      // already gone
    } catch (IOException e) {
      throw new FabriclabException("cannot remove " + pd + " to run its point again: " + e.getMessage(), e);
    }
  }

  private static Map<String, String> parseMetrics(Path f, byte[] bytes, String kind) throws Damage {
    String text = text(f, bytes);
    List<String> lines = List.of(text.split("\n"));
    if (lines.isEmpty() || !lines.get(0).equals(HEADER)) {
      throw damaged(f, "is damaged (line 1 is not '" + HEADER + "')");
    }
    if (!text.endsWith("\n")) {
      throw damaged(f, "is damaged (its last line is cut off)");
    }
    Map<String, String> m = new LinkedHashMap<>();
    for (int i = 1; i < lines.size(); i++) {
      String line = lines.get(i);
      int c = line.lastIndexOf(',');
      if (c <= 0 || !VALUE.matcher(line.substring(c + 1)).matches()) {
        throw damaged(f, "is damaged (line " + (i + 1) + " is not 'metric,number')");
      }
      String name = line.substring(0, c);
      if (name.startsWith("\"") && name.endsWith("\"") && name.length() >= 2) {
        name = name.substring(1, name.length() - 1).replace("\"\"", "\"");
      }
      if (m.put(name, line.substring(c + 1)) != null) {
        throw damaged(f, "is damaged (metric " + name + " twice)");
      }
    }
    if (kind != null) {
      Set<String> expected = new HashSet<>(PointRunner.metricNames(kind));
      if (!m.keySet().equals(expected)) {
        Set<String> missing = new HashSet<>(expected);
        missing.removeAll(m.keySet());
        throw damaged(f, "is damaged (" + (missing.isEmpty() ? "metrics of another kind" : "no metric "
            + missing.stream().sorted().findFirst().orElseThrow()) + ")");
      }
    }
    return m;
  }

  private static byte[] read(Path f) throws Damage {
    byte[] b;
    try {
      if (!Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)) {
        throw damaged(f, "is not a regular file");
      }
      b = Files.readAllBytes(f);
    } catch (IOException e) {
      throw damaged(f, "cannot be read (" + org.fabriclab.io.IoErrors.reason(e) + ")");
    }
    if (b.length == 0) {
      throw damaged(f, "is empty");
    }
    return b;
  }

  private static String text(Path f, byte[] b) throws Damage {
    try {
      return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT).decode(java.nio.ByteBuffer.wrap(b)).toString();
    } catch (CharacterCodingException e) {
      throw damaged(f, "is damaged (not UTF-8 text)");
    }
  }

  static String sha256(byte[] b) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e); // every Java platform has SHA-256
    }
  }

  private static Damage damaged(Path f, String what) {
    return new Damage(f + " " + what);
  }

  /** A damaged point file (a checked exception, caught within this class). */
  private static final class Damage extends Exception {
    private static final long serialVersionUID = 1L;

    Damage(String message) {
      super(message, null, false, false);
    }
  }
}
