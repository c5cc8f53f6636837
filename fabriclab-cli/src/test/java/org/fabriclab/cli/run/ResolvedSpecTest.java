package org.fabriclab.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import org.fabriclab.cli.CliRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Review: spec.json stored numbers as strings ({@code "k" : "4"}) and filled in settings that do
 * not apply ({@code flow-bytes}, {@code senders} of a Poisson workload).
 */
class ResolvedSpecTest {
  @TempDir Path dir;

  private static final ObjectMapper JSON = new ObjectMapper();

  private JsonNode resolved(String text) throws Exception {
    ExperimentSpec s = SpecLoader.validate(SpecParser.parse(text, "spec.yaml", false), dir);
    return JSON.readTree(ResolvedSpec.json(s, Sweep.expand(s)));
  }

  @Test
  void numbersAreNumbersAndSettingsThatApplyToNoPointAreLeftOut() throws Exception {
    JsonNode o = resolved(String.join("\n",
        "kind: simulate",
        "topologies:",
        "  - family: fattree",
        "    k: [4, 6]",
        "    link-gbps: 40",
        "  - family: torus",
        "    dims: \"4,4\"",
        "simulate:",
        "  engine: [flow, packet]",
        "  workload:",
        "    type: poisson",
        "    flows: 200",
        "    rate-per-s: 50000",
        ""));
    JsonNode fat = o.get("topologies").get(0);
    assertThat(fat.get("k").isArray()).isTrue();
    assertThat(fat.get("k").get(0).isIntegralNumber()).isTrue();
    assertThat(fat.get("k").get(1).asLong()).isEqualTo(6);
    assertThat(fat.get("link-gbps").isNumber()).isTrue();
    assertThat(o.get("topologies").get(1).get("dims")).isEqualTo(TextNode.valueOf("4,4"));
    JsonNode sim = o.get("simulate");
    assertThat(sim.get("engine").get(0).asText()).isEqualTo("flow");
    assertThat(sim.get("subflows").isIntegralNumber()).isTrue();
    assertThat(sim.get("transport").asText()).isEqualTo("dctcp"); // applies to the packet points
    assertThat(sim.get("paths").isIntegralNumber()).isTrue();
    JsonNode w = sim.get("workload");
    assertThat(w.get("flows").isIntegralNumber()).isTrue();
    assertThat(w.get("flows").asLong()).isEqualTo(200);
    assertThat(w.get("rate-per-s").isNumber()).isTrue();
    assertThat(w.get("rate-per-s").asDouble()).isEqualTo(50_000.0);
    assertThat(w.get("skew").isNumber()).isTrue();
    assertThat(w.get("sizes").asText()).isEqualTo("websearch");
    for (String absent : new String[] {"flow-bytes", "senders", "trace", "load"}) {
      assertThat(w.has(absent)).as(absent + " in " + w).isFalse();
    }
    assertThat(sim.has("until-ms")).isFalse();
    assertThat(sim.has("pfc-xoff-bytes")).isFalse();
    assertThat(o.get("seed").isIntegralNumber()).isTrue();
    assertThat(textValues(o)).as("no number or boolean written as text")
        .noneMatch(t -> t.matches("-?[0-9.eE+-]+") || t.equals("true") || t.equals("false"));

    JsonNode flowOnly = resolved(String.join("\n",
        "kind: simulate",
        "topologies:",
        "  - family: fattree",
        "    k: 4",
        "simulate:",
        "  engine: flow",
        "  transport: [dctcp, ndp]",
        "  workload:",
        "    type: incast",
        "    senders: 3",
        ""));
    assertThat(flowOnly.get("simulate").has("transport")).as("a transport on the flow engine applies to no point")
        .isFalse();
    assertThat(flowOnly.get("simulate").get("workload").get("senders").asLong()).isEqualTo(3);
    assertThat(flowOnly.get("simulate").get("workload").get("flow-bytes").isIntegralNumber()).isTrue();
    assertThat(flowOnly.get("simulate").get("workload").has("flows")).isFalse();
  }

  @Test
  void booleansAreBooleans() throws Exception {
    JsonNode t = resolved("kind: throughput\ntopologies:\n  - family: fattree\n    k: 4\n"
        + "throughput:\n  solver: lp\n  server-links: true\n").get("throughput");
    assertThat(t.get("server-links").isBoolean()).isTrue();
    assertThat(t.get("server-links").asBoolean()).isTrue();
    // lp with permutation traffic: no epsilon, cluster size or locality applies
    assertThat(t.has("epsilon")).isFalse();
    assertThat(t.has("locality")).isFalse();
    assertThat(t.get("traffic").asText()).isEqualTo("permutation");
  }

  /** A run written by this code resumes; a folder whose spec.json holds numbers as text does not. */
  @Test
  void resumeWorksForNewRunsAndRefusesFoldersOfTheOlderFormat() throws Exception {
    Path spec = Files.writeString(dir.resolve("s.yaml"), String.join("\n",
        "kind: simulate",
        "seeds: 2",
        "topologies:",
        "  - family: fattree",
        "    k: 4",
        "simulate:",
        "  workload:",
        "    type: poisson",
        "    flows: 30",
        ""));
    Path out = dir.resolve("out");
    CliRun.Result r = CliRun.run("run", spec.toString(), "--out", out.toString(), "--threads", "1", "--no-progress");
    assertThat(r.code()).as(r.err()).isZero();
    String results = Files.readString(out.resolve("results.csv"));
    Files.delete(out.resolve("points/p00001/metrics.csv")); // as if killed before its last point finished
    r = CliRun.run("run", spec.toString(), "--out", out.toString(), "--resume", "--threads", "1", "--no-progress");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("(1 run, 1 already done)");
    assertThat(Files.readString(out.resolve("results.csv"))).isEqualTo(results);

    // the older format: every value of the topologies and the settings as text
    ObjectNode old = (ObjectNode) JSON.readTree(out.resolve("spec.json").toFile());
    stringify(old.get("topologies"));
    stringify(old.get("simulate"));
    Files.writeString(out.resolve("spec.json"),
        JSON.writerWithDefaultPrettyPrinter().writeValueAsString(old) + "\n");
    Files.delete(out.resolve("points/p00001/metrics.csv"));
    r = CliRun.run("run", spec.toString(), "--out", out.toString(), "--resume", "--threads", "1", "--no-progress");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err().trim().lines().count()).isEqualTo(1);
    assertThat(r.err()).contains("written by an older fabriclab").contains("cannot be resumed")
        .contains("another --out");
  }

  private static void stringify(JsonNode n) {
    if (n instanceof ObjectNode o) {
      for (Iterator<Map.Entry<String, JsonNode>> it = o.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        if (e.getValue().isValueNode()) {
          e.setValue(TextNode.valueOf(e.getValue().asText()));
        } else {
          stringify(e.getValue());
        }
      }
    } else if (n != null && n.isArray()) {
      n.forEach(ResolvedSpecTest::stringify);
    }
  }

  private static java.util.List<String> textValues(JsonNode n) {
    java.util.List<String> out = new java.util.ArrayList<>();
    if (n.isTextual()) {
      out.add(n.asText());
    }
    n.forEach(c -> out.addAll(textValues(c)));
    return out;
  }
}
