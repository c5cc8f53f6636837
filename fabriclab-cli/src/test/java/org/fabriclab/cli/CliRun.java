package org.fabriclab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs the command line in-process for tests: exit code, standard output and standard error. */
public final class CliRun {
  private CliRun() {}

  /** One invocation's outcome. */
  public record Result(int code, String out, String err) {}

  /** Runs {@code fabriclab args...} through {@link Main#run}. */
  public static Result run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.run(args, new PrintWriter(out), new PrintWriter(err));
    return new Result(code, out.toString(), err.toString());
  }

  /** The JSON a successful run printed (the run must exit 0). */
  public static JsonNode json(Result r) throws Exception {
    assertThat(r.code()).as(r.err()).isZero();
    return new ObjectMapper().readTree(r.out());
  }

  /** Runs {@code fabriclab args...} and parses the JSON it printed (it must exit 0). */
  public static JsonNode json(String... args) throws Exception {
    return json(run(args));
  }

  /**
   * Runs {@code fabriclab args...} and checks it is refused as bad input: exit 2, nothing on
   * standard output, one line on standard error that contains {@code mention} and no stack trace.
   */
  public static void assertRefused(String[] args, String mention) {
    Result r = run(args);
    assertThat(r.code()).as(String.join(" ", args)).isEqualTo(2);
    assertThat(r.out()).as(String.join(" ", args)).isEmpty();
    assertThat(r.err().strip().lines().count()).as(r.err()).isEqualTo(1);
    assertThat(r.err()).contains(mention).doesNotContain("Exception").doesNotContain("\tat ");
  }
}
