package org.fabriclab.cli.shoal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code fabriclab shoal schedule|sim|power|failures}: Shoal (seed 003_b196c7dae7adec63.txt). */
@Command(
    name = "shoal",
    mixinStandardHelpOptions = true,
    description = {
      "Shoal slotted circuit-switched rack fabric (Shoal paper, NSDI 2019): static schedule and its per-switch",
      "decomposition (§3.2), slot-level simulation of the node stack and congestion control (§3.3),",
      "power and cost (§5), failed slots per component (§3.5, Table 1).",
      "",
      "Examples:",
      "  fabriclab shoal schedule --nodes 8 --switch-ports 4 --json",
      "  fabriclab shoal sim --nodes 8 --workload incast --senders 7 --size 448 --json",
      "  fabriclab shoal sim --nodes 512 --workload poisson --load 0.5 --flows 10000",
      "  fabriclab shoal power --json",
      "  fabriclab shoal failures --nodes 512 --json"
    },
    subcommands = {ScheduleCommand.class, SimCommand.class, PowerCommand.class, FailuresCommand.class})
public final class ShoalCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    throw new ParameterException(spec.commandLine(), "missing subcommand (schedule, sim, power, failures)");
  }

  /**
   * Prints a result document in the chosen machine format: JSON on one line (a simulation may list
   * a million flows), csv and md as {@code key,value} rows, a nested object's values as rows
   * {@code key.inner} (so no cell holds JSON). Results with a natural table (flows, schedules,
   * failed slots) print it with {@link org.fabriclab.cli.FormatOption#printTable} instead.
   */
  static void print(org.fabriclab.cli.FormatOption format, PrintWriter out, java.util.Map<String, ?> value) {
    if (format.isJson()) {
      try {
        out.println(new ObjectMapper().writeValueAsString(value));
      } catch (JsonProcessingException e) {
        throw new IllegalStateException(e);
      }
    } else {
      java.util.Map<String, Object> flat = new java.util.LinkedHashMap<>();
      value.forEach((k, v) -> {
        if (v instanceof java.util.Map<?, ?> m) {
          new java.util.TreeMap<>(m).forEach((ik, iv) -> flat.put(k + "." + ik, iv));
        } else {
          flat.put(k, v);
        }
      });
      format.printDocument(out, flat);
    }
  }
}
