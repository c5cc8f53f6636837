package org.fabriclab.cli;

import java.util.LinkedHashMap;
import java.util.List;
import org.fabriclab.graph.io.ImportDefaults;
import org.fabriclab.units.AsciiNumbers;
import java.util.Map;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.io.TopologyFiles;
import org.fabriclab.topology.ParamSpec;
import org.fabriclab.topology.TopologyFamilies;
import org.fabriclab.topology.TopologyFamily;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The one grammar of a topology on the command line: {@code --topo FAMILY}
 * followed by the family's parameters as options, {@code --k 8 --mode global}, exactly as
 * {@code fabriclab topo FAMILY --k 8 --mode global} takes them and as a spec's topology entry
 * names them ({@code family: fattree, k: 8}); or {@code --topo FILE} with the import defaults
 * {@code --servers-per-switch}, {@code --link-gbps}, {@code --link-delay-ns}. Commands with one
 * topology collect the family options picocli leaves unmatched; {@code compare}, with several,
 * takes the options that follow each {@code --topo} ({@link FabricConsumer}). The family's own
 * parameter checks give the error messages.
 */
public final class TopologyArgs {
  /** The parameters a topology file takes (import defaults for foreign files). */
  public static final List<String> FILE_PARAMETERS = List.of("servers-per-switch", "link-gbps", "link-delay-ns");

  private TopologyArgs() {}

  /** The options {@code --name value} or {@code --name=value} as a name-to-text map. */
  public static Map<String, String> parse(List<String> rest) {
    Map<String, String> raw = new LinkedHashMap<>();
    for (int i = 0; i < rest.size(); i++) {
      String a = rest.get(i);
      if (!a.startsWith("--") || a.length() < 3) {
        throw new InvalidParameterException("arguments", "unexpected argument '" + a
            + "'; topology parameters are given as --name value");
      }
      String name = a.substring(2);
      String value;
      int eq = name.indexOf('=');
      if (eq >= 0) {
        value = name.substring(eq + 1);
        name = name.substring(0, eq);
      } else if (i + 1 < rest.size()) {
        value = rest.get(++i);
      } else {
        throw new InvalidParameterException("--" + name, "missing value for --" + name);
      }
      if (raw.put(name, value) != null) {
        throw new InvalidParameterException("--" + name, "option '--" + name + "' should be specified only once");
      }
    }
    return raw;
  }

  /**
   * Defaults for a topology file's missing values: {@code --servers-per-switch}, {@code --link-gbps}
   * and {@code --link-delay-ns} are the only parameters a file takes.
   */
  public static ImportDefaults importDefaults(String file, List<String> rest) {
    return importDefaults(file, parse(rest));
  }

  /** {@link #importDefaults(String, List)} from parsed options. */
  public static ImportDefaults importDefaults(String file, Map<String, String> raw) {
    for (String k : raw.keySet()) {
      if (!FILE_PARAMETERS.contains(k)) {
        throw new InvalidParameterException("--" + k, "--" + k + " applies to a topology family, not to --topo "
            + file + " (a file takes --servers-per-switch, --link-gbps, --link-delay-ns)");
      }
    }
    Integer sps = null;
    if (raw.containsKey("servers-per-switch")) {
      sps = number("--servers-per-switch", raw.get("servers-per-switch"), 0, 1 << 16).intValue();
    }
    Double gbps = null;
    if (raw.containsKey("link-gbps")) {
      try {
        gbps = AsciiNumbers.parseDouble(raw.get("link-gbps"));
      } catch (NumberFormatException e) {
        throw new InvalidParameterException("--link-gbps", raw.get("link-gbps"), "not a number; valid range 0.001..1000000");
      }
    }
    Long delay = raw.containsKey("link-delay-ns")
        ? number("--link-delay-ns", raw.get("link-delay-ns"), 0, 1_000_000_000L) : null;
    return ImportDefaults.of(sps, gbps, delay);
  }

  private static Long number(String option, String text, long min, long max) {
    long v;
    try {
      v = AsciiNumbers.parseLong(text);
    } catch (NumberFormatException e) {
      throw new InvalidParameterException(option, text, "not an integer; valid range " + min + ".." + max);
    }
    InvalidParameterException.requireRange(option, v, min, max);
    return v;
  }

  /** Builds {@code family} from options; {@code seed} unless the options fix {@code --seed}. */
  public static Topology build(String family, List<String> rest, long seed) {
    return build(family, parse(rest), seed);
  }

  /** Builds {@code family} from parsed options; {@code seed} unless they fix {@code seed}. */
  public static Topology build(String family, Map<String, String> options, long seed) {
    TopologyFamilies fams = TopologyFamilies.load();
    Map<String, String> raw = new LinkedHashMap<>(options);
    raw.putIfAbsent("seed", Long.toString(seed));
    return fams.build(family, raw);
  }

  /**
   * The topology {@code --topo} names: an existing file (read with the import defaults among
   * {@code options}) or a family built from {@code options}.
   */
  public static Topology topology(String topo, Map<String, String> options, long seed) {
    return topology(topo, options, seed, new java.io.PrintWriter(System.err, true));
  }

  /**
   * {@link #topology(String, Map, long)}, naming on {@code err} the attributes a file has and
   * the import did not use.
   */
  public static Topology topology(String topo, Map<String, String> options, long seed, java.io.PrintWriter err) {
    Path file = Path.of(topo);
    if (Files.isRegularFile(file)) {
      return readFile(file, importDefaults(topo, options), err);
    }
    return build(topo, options, seed);
  }

  /**
   * Reads a topology file and prints on {@code err} the one line naming the attributes it did not
   * use ({@code topology file x.graphml: ignored edge attributes weight, color}), if any.
   */
  public static Topology readFile(Path file, ImportDefaults defaults, java.io.PrintWriter err) {
    org.fabriclab.graph.io.ImportedTopology it = TopologyFiles.importFile(file, defaults);
    it.ignoredLine(file.toString()).ifPresent(line -> {
      err.println(line);
      err.flush();
    });
    return it.topology();
  }

  /**
   * The option names that may follow {@code --topo word} in {@code compare}: the family's
   * parameters (without {@code seed}, which is the command's own) or, for an existing file, the
   * import defaults.
   *
   * @throws InvalidParameterException when {@code word} is neither a file nor a family
   */
  public static java.util.Set<String> parameterNames(String word, Path base) {
    java.util.Set<String> names = new java.util.LinkedHashSet<>();
    if (Files.isRegularFile(base.resolve(word))) {
      names.addAll(FILE_PARAMETERS);
      return names;
    }
    TopologyFamilies fams = TopologyFamilies.load();
    TopologyFamily f;
    try {
      f = fams.get(word);
    } catch (InvalidParameterException e) {
      throw new InvalidParameterException("--topo", word, "neither a topology file nor a family; families: "
          + String.join(", ", fams.all().stream().map(TopologyFamily::name).toList()));
    }
    for (ParamSpec p : TopologyFamilies.allParameters(f)) {
      names.add(p.name());
    }
    names.remove("seed");
    return names;
  }

  /**
   * The picocli consumer of a repeatable {@code --topo}: takes the family or
   * file, then every following {@code --name value} whose name is one of its parameters
   * ({@link #parameterNames}), and adds them to the option's list as one text
   * {@code "FAMILY name=value ..."}. The first option that is not a parameter ends the fabric. A
   * single argument with blanks ({@code --topo 'fattree k=8'}) is kept as it is (the older form).
   * On a single-valued {@code String} option (a command with one topology, e.g. {@code gleam
   * bcast}) the text is the option's value and a second {@code --topo} is refused.
   */
  public static final class FabricConsumer implements picocli.CommandLine.IParameterConsumer {
    @Override
    public void consumeParameters(java.util.Stack<String> args, picocli.CommandLine.Model.ArgSpec argSpec,
        picocli.CommandLine.Model.CommandSpec commandSpec) {
      if (args.isEmpty()) {
        throw new picocli.CommandLine.ParameterException(commandSpec.commandLine(),
            "missing value for --topo: a topology family or file");
      }
      String first = args.pop();
      StringBuilder fabric = new StringBuilder(first.strip());
      if (!first.strip().contains(" ")) {
        java.util.Set<String> names;
        try {
          names = parameterNames(first.strip(), Path.of("").toAbsolutePath());
        } catch (InvalidParameterException e) {
          throw new picocli.CommandLine.ParameterException(commandSpec.commandLine(), e.getMessage());
        }
        while (!args.isEmpty() && args.peek().startsWith("--")) {
          String name = args.peek().substring(2);
          String value = null;
          int eq = name.indexOf('=');
          if (eq >= 0) {
            value = name.substring(eq + 1);
            name = name.substring(0, eq);
          }
          if (!names.contains(name)) {
            break;
          }
          args.pop();
          if (value == null) {
            if (args.isEmpty()) {
              throw new picocli.CommandLine.ParameterException(commandSpec.commandLine(),
                  "missing value for --" + name + " of --topo " + first);
            }
            value = args.pop();
          }
          if (value.isBlank() || value.contains(" ")) {
            throw new picocli.CommandLine.ParameterException(commandSpec.commandLine(),
                "invalid value '" + value + "' for --" + name + " of --topo " + first);
          }
          fabric.append(' ').append(name).append('=').append(value);
        }
      }
      if (!List.class.isAssignableFrom(argSpec.type())) {
        if (argSpec.getValue() != null) {
          throw new picocli.CommandLine.ParameterException(commandSpec.commandLine(),
              "option '--topo' should be specified only once");
        }
        argSpec.setValue(fabric.toString());
        return;
      }
      List<String> list = argSpec.getValue();
      List<String> updated = list == null ? new java.util.ArrayList<>() : new java.util.ArrayList<>(list);
      updated.add(fabric.toString());
      argSpec.setValue(updated);
    }
  }
}
