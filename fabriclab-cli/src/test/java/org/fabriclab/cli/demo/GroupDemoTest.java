package org.fabriclab.cli.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.fabriclab.cli.CliRun;
import org.fabriclab.cli.CliRun.Result;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fabriclab demo}: the group comparison's files, and facts about its runs derived from the
 * fat-tree's structure and the links' rate alone.
 */
class GroupDemoTest {
  @Test
  void demoComparesSchemesAndWritesItsFiles(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("demo");
    Result r = CliRun.run("demo", "--quick", "--out", out.toString(), "--no-progress");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("next: fabriclab collective");
    for (String op : List.of("broadcast", "allreduce", "incast")) {
      for (String f : List.of("-runs.csv", "-rank-ends.csv", "-busbw.png", "-jct.png", "-wire-bytes.png")) {
        assertThat(out.resolve(op + f)).isNotEmptyFile();
      }
    }
    assertThat(out.resolve("summary.md")).isNotEmptyFile();
    assertThat(out.resolve("report.html")).isNotEmptyFile();
    Map<String, Map<String, String>> bcast = byScheme(out.resolve("broadcast-runs.csv"));
    long s = 1 << 20;
    // 64 contiguous ranks on fat-tree k=8 fill pods 0..3 (16 hosts each, 4 per edge switch). The
    // multicast tree from host 0: its uplink, 3 host links at its edge, edge -> aggregation, 3
    // aggregation -> edge and their 12 host links, aggregation -> core, core -> 3 pods'
    // aggregation switches, 12 aggregation -> edge, 48 host links: 84 links.
    assertThat(Long.parseLong(bcast.get("ipmulticast").get("wireBytes"))).isEqualTo(84 * s);
    // unicast fan-out: 3 receivers 2 hops away, 12 at 4 hops, 48 at 6 hops
    assertThat(Long.parseLong(bcast.get("flat").get("wireBytes"))).isEqualTo((3 * 2 + 12 * 4 + 48 * 6) * s);
    // a host-based allreduce cannot beat the link: busbw <= 10 Gb/s x 1024 / 1088 (framing)
    Map<String, Map<String, String>> all = byScheme(out.resolve("allreduce-runs.csv"));
    assertThat(Double.parseDouble(all.get("ring").get("busbwGbps"))).isLessThanOrEqualTo(10.0 * 1024 / 1088);
  }

  private static Map<String, Map<String, String>> byScheme(Path csv) throws Exception {
    List<String> lines = Files.readAllLines(csv);
    String[] head = lines.get(0).split(",");
    return lines.stream().skip(1).map(l -> l.split(",", -1)).collect(Collectors.toMap(c -> c[1], c -> {
      Map<String, String> m = new java.util.HashMap<>();
      for (int i = 0; i < head.length; i++) {
        m.put(head[i], c[i]);
      }
      return m;
    }, (a, b) -> a));
  }
}
