package org.fabriclab.cli.topo;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import org.fabriclab.graph.Topology;
import org.fabriclab.topology.ParamSpec;
import org.fabriclab.topology.Params;
import org.fabriclab.topology.TopologyFamilies;
import org.fabriclab.topology.TopologyFamily;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * {@code fabriclab topo <family> --<parameter> <value>…}: options are generated from the family's
 * {@link ParamSpec}s; values are validated by {@link Params}, so the CLI and any other front end
 * give the same one-line errors.
 */
final class FamilyCommand implements Runnable {
  private final TopologyFamilies families;
  private final TopologyFamily family;
  private final OutputOptions output = new OutputOptions();
  private CommandSpec spec;

  private FamilyCommand(TopologyFamilies families, TopologyFamily family) {
    this.families = families;
    this.family = family;
  }

  static CommandLine commandLine(TopologyFamilies families, TopologyFamily family) {
    FamilyCommand cmd = new FamilyCommand(families, family);
    CommandSpec spec = CommandSpec.wrapWithoutInspection(cmd);
    spec.name(family.name()).mixinStandardHelpOptions(true);
    spec.usageMessage()
        .description(org.fabriclab.cli.CommandList.asSentence(family.description()))
        .footerHeading("%nParameters are checked against their ranges; bad values exit with code 2.%n");
    for (ParamSpec p : TopologyFamilies.allParameters(family)) {
      String def = p.required() ? "required" : "default " + p.defaultValue();
      spec.addOption(
          OptionSpec.builder("--" + p.name())
              .paramLabel(p.type() == ParamSpec.Type.INT_LIST ? "LIST" : "VALUE")
              .type(String.class)
              .description(p.description() + " [" + p.rangeText() + "; " + def + "]")
              .build());
    }
    spec.addMixin("output", CommandSpec.forAnnotatedObject(cmd.output));
    cmd.spec = spec;
    return new CommandLine(spec);
  }

  @Override
  public void run() {
    ParseResult parsed = spec.commandLine().getParseResult();
    Map<String, String> raw = new LinkedHashMap<>();
    for (ParamSpec p : TopologyFamilies.allParameters(family)) {
      OptionSpec o = spec.findOption("--" + p.name());
      if (parsed.hasMatchedOption(o)) {
        raw.put(p.name(), o.getValue());
      }
    }
    Params params = families.parse(family.name(), raw);
    TopoReport.checkExportOptions(output);
    Topology t = TopologyFamilies.build(family, params, Runtime.getRuntime().maxMemory());
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    TopoReport.emit(t, output, params.getLong("seed"), out, err);
  }
}
