package org.fabriclab.cli.gleam;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabriclab.gleam.TableLayout;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code fabriclab gleam table}: memory of the extended multicast forwarding table (§3.3, Fig. 5). */
@Command(
    name = "table",
    mixinStandardHelpOptions = true,
    description = {
      "Memory of G groups that each use P ports of a switch, in this project's byte layout",
      "(group header 14 B + 14 B per port). The paper: 1K groups with every entry used = 0.92 MB.",
      "Example: fabriclab gleam table --groups 1024 --ports 64 --json"
    })
public final class GleamTableCommand implements Runnable {
  @Spec CommandSpec spec;

  @Option(names = "--groups", required = true, paramLabel = "G", description = "multicast groups, 1..16777216")
  String groupsText;

  @Option(names = "--ports", required = true, paramLabel = "P", description = "ports in use per group (the switch's port count when full), 1..256")
  String portsText;

  @picocli.CommandLine.Mixin org.fabriclab.cli.FormatOption format = new org.fabriclab.cli.FormatOption();

  @Override
  public void run() {
    format.format();
    long groups = Args.longIn("--groups", groupsText, 1, 1 << 24);
    int ports = (int) Args.longIn("--ports", portsText, 1, 256);
    long bytes = TableLayout.tableBytes(groups, ports);
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("groups", groups);
    m.put("ports", ports);
    m.put("bytes", bytes);
    m.put("megabytes", bytes / 1e6);
    m.put("bytesPerGroup", TableLayout.groupBytes(ports));
    m.put("groupHeaderBytes", TableLayout.GROUP_HEADER_BYTES);
    m.put("entryBytes", TableLayout.ENTRY_BYTES);
    m.put("writeMrBytesIfAllConnected", TableLayout.writeMrBytes(groups * ports));
    m.put("paperBytes1kGroups", TableLayout.PAPER_BYTES_1K_GROUPS);
    List<Map<String, Object>> fields = TableLayout.fields().stream()
        .map(f -> Map.<String, Object>of("owner", f.owner(), "name", f.name(), "bits", f.bits())).toList();
    m.put("layout", fields);
    var out = spec.commandLine().getOut();
    if (!format.isText()) {
      format.printDocument(out, m);
    } else {
      out.printf(java.util.Locale.ROOT, "%d groups x %d ports: %d B (%.3f MB), %d B per group%n",
          groups, ports, bytes, bytes / 1e6, TableLayout.groupBytes(ports));
      out.println("paper (§3.3): 1K groups, every entry used: 0.92 MB");
    }
  }
}
