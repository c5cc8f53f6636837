package org.fabriclab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.fabriclab.table.Table;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One naming convention for what the commands print and write: every CSV header (standard output
 * in {@code --format csv}, the {@code summary:} keys on standard error, every CSV file an
 * {@code --out} folder receives) and every JSON key (standard output in {@code --json}, every JSON
 * file written) is camelCase as {@link Table.Column} states. Each command runs once per format at
 * its smallest size (about 8 s in all). The reproductions' tables are checked in {@code
 * fabriclab-systems} ({@code ReproductionColumnNamesTest}); {@code bench topo} and {@code bench
 * engine} are left out, as they time fixed scenarios at scale (seconds each).
 *
 * <p>Left out by design, as {@link Table.Column} says: a JSON key that is data (a ToR or host id),
 * the spec settings that a sweep's {@code points.csv} and {@code results.csv} echo as coordinates
 * (the spec's own keys, {@code simulate.until-ms}) and its {@code spec.json}, and {@code
 * trace.csv}, the benchmark's flow-trace format that {@code --trace} reads back.
 */
class CommandColumnNamesTest {
  /** Cheap invocations; {@code @OUT} is replaced by a new folder per run. */
  private static final List<String> COMMANDS = List.of(
      "topo list",
      "topo fattree --k 4",
      "topo bcube --n 2 --k 1",
      "topo shufflecast --p 2 --k 2",
      "analyze throughput --topo fattree --k 4",
      "simulate --topo fattree --k 4 --workload poisson --flows 10 --no-progress --out @OUT",
      "simulate --topo fattree --k 4 --workload poisson --flows 5 --engine packet --probe-interval-us 10"
          + " --no-progress --out @OUT",
      "compare --topo fattree --k 4 --topo jellyfish --k 4 --flows 20 --threads 1 --no-progress --out @OUT",
      "demo topo --threads 1 --no-progress --out @OUT",
      "demo --quick --no-progress --out @OUT",
      "collective --op broadcast --ranks 8 --size 64KiB --engine flow --no-progress --out @OUT",
      "collective --op incast --ranks 7 --hosts 0,2,5,9,10,11,14 --topo bcube --n 4 --k 1 --engine packet"
          + " --no-progress",
      "shufflecast routes --p 2 --k 2 --source 0",
      "shufflecast relays --p 2 --k 2",
      "shufflecast concurrent --p 2 --k 2 --sources 0,3",
      "shufflecast failure --p 2 --k 3 --failed 8 --recover",
      "shufflecast cost --tors 1024 --switch-ports 32 --rate 100",
      "shufflecast multicast --p 2 --k 2 --groups 2 --size 100000 --no-progress --out @OUT",
      "flattree profile --k 4 --threads 1",
      "gleam table --groups 4 --ports 8",
      "gleam bcast --size 65536",
      "gleam hpl --scale 2 --bytes 65536",
      "shoal schedule --nodes 8 --switch-ports 4",
      "shoal schedule --nodes 8 --switch-ports 4 --switches",
      "shoal sim --nodes 8 --workload permutation --no-progress",
      "shoal power",
      "shoal failures --nodes 512",
      "incast tree --bcube 4,1 --receiver 0 --senders 2,5,9",
      "incast shuffle --bcube 4,1 --receivers 0,1 --senders 2,5",
      "incast update --bcube 4,1 --receiver 0 --senders 2,5 --join 9",
      "incast fbfly --fbfly 4,3,2 --receiver 0 --senders 1,2");

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final CsvMapper CSV = new CsvMapper().enable(CsvParser.Feature.WRAP_AS_ARRAY);

  @Test
  void everyHeaderAndJsonKeyTheCommandsWriteIsCamelCase(@TempDir Path tmp) throws IOException {
    List<String> bad = new ArrayList<>();
    int run = 0;
    for (String command : COMMANDS) {
      for (String[] format : new String[][] {{"--format", "csv"}, {"--json"}}) {
        Path out = tmp.resolve("run" + run++);
        List<String> args = new ArrayList<>(List.of(command.replace("@OUT", out.toString()).split(" ")));
        args.addAll(List.of(format));
        CliRun.Result r = CliRun.run(args.toArray(new String[0]));
        String where = command.replace(" --out @OUT", "") + " " + String.join(" ", format);
        assertThat(r.code()).as(where + ": " + r.err()).isZero();
        if (format.length == 2) {
          header(r.out()).forEach(c -> check(bad, where + " (stdout)", c));
          r.err().lines().filter(l -> l.startsWith("summary: ")).forEach(l -> {
            for (String kv : l.substring("summary: ".length()).split(" ")) {
              if (kv.indexOf('=') > 0) { // a word without '=' continues a value ("operation=join 9")
                check(bad, where + " (summary)", kv.substring(0, kv.indexOf('=')));
              }
            }
          });
        } else {
          jsonKeys(JSON.readTree(r.out()), where + " (stdout) ", bad);
        }
        if (Files.isDirectory(out)) {
          files(out, bad, where);
        }
      }
    }
    assertThat(bad).as("headers and keys that are not camelCase").isEmpty();
  }

  private static void files(Path out, List<String> bad, String where) throws IOException {
    List<Path> written;
    try (Stream<Path> s = Files.walk(out)) {
      written = s.filter(Files::isRegularFile).toList();
    }
    for (Path f : written) {
      String name = f.getFileName().toString();
      String at = where + " " + out.relativize(f);
      if (name.endsWith(".csv") && !name.equals("trace.csv")) {
        List<String> h = header(Files.readString(f));
        if (name.equals("points.csv") || name.equals("results.csv")) {
          // point,rep,seed,<the spec's settings as written>,[metric,value]
          int coordinatesEnd = name.equals("results.csv") ? h.size() - 2 : h.size();
          assertThat(h.subList(0, 3)).as(at).containsExactly("point", "rep", "seed");
          h = Stream.concat(h.subList(0, 3).stream(), h.subList(coordinatesEnd, h.size()).stream()).toList();
        }
        h.forEach(c -> check(bad, at, c));
      } else if (name.endsWith(".json") && !name.equals("spec.json")) {
        jsonKeys(JSON.readTree(f.toFile()), at + " ", bad);
      }
    }
  }

  private static List<String> header(String csv) throws IOException {
    try (MappingIterator<String[]> it = CSV.readerFor(String[].class).readValues(csv)) {
      return it.hasNext() ? List.of(it.next()) : List.of();
    }
  }

  private static void jsonKeys(JsonNode n, String at, List<String> bad) {
    if (n.isObject()) {
      for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        if (!e.getKey().matches("[0-9]+")) { // a key that is data: a ToR or host id
          check(bad, at, e.getKey());
        }
        jsonKeys(e.getValue(), at + "/" + e.getKey(), bad);
      }
    } else if (n.isArray()) {
      n.forEach(v -> jsonKeys(v, at + "[]", bad));
    }
  }

  private static void check(List<String> bad, String where, String name) {
    if (!Table.Column.isCamelCase(name)) {
      bad.add(where + ": " + name);
    }
  }
}
