package org.fabriclab.traffic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fabriclab.error.FabriclabException;
import org.fabriclab.error.MalformedInputException;
import org.fabriclab.io.IoErrors;
import org.fabriclab.units.Limits;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The limits of docs/errors.md for the trace and size-distribution readers: boundary values (0, 1, the
 * largest value the engines represent and one more), file and line named, the valid range
 * stated, no Java class name, Unicode digits and invalid encodings refused.
 */
class ReaderBoundsTest {
  @TempDir Path dir;

  private Path file(String name, byte[] content) throws IOException {
    Path f = dir.resolve(name);
    Files.write(f, content);
    return f;
  }

  private Path trace(String start, String size) throws IOException {
    return file("t.csv", (TraceCsv.HEADER + "\n0,0,1," + start + "," + size + "\n")
        .getBytes(StandardCharsets.UTF_8));
  }

  private static void refused(Runnable r, String... parts) {
    assertThatThrownBy(r::run)
        .isInstanceOf(FabriclabException.class)
        .hasMessageContainingAll(parts)
        .hasMessageNotContaining("\n")
        .satisfies(e -> assertThat(IoErrors.mentionsJavaClass(e.getMessage())).as(e.getMessage()).isFalse());
  }

  @Test
  void startTimeBoundaries() throws IOException {
    // MAX_START_NS = 2^62 ps in whole ns: 4611686018427387904 / 1000
    assertThat(Limits.MAX_START_NS).isEqualTo(4_611_686_018_427_387L);
    for (long ok : new long[] {0, 1, Limits.MAX_START_NS}) {
      FlowTrace t = TraceCsv.read(trace(Long.toString(ok), "1"), 2);
      assertThat(t.startNs(0)).isEqualTo(ok);
    }
    for (String bad : new String[] {Long.toString(Limits.MAX_START_NS + 1), "9223372036854775807",
        "9300000000000000", "4611686018427387904", "-1"}) {
      Path f = trace(bad, "1");
      refused(() -> TraceCsv.read(f, 2), f.toString(), "line 2", "start_ns", "0.." + Limits.MAX_START_NS);
    }
    Path huge = trace("9223372036854775808", "1");
    refused(() -> TraceCsv.read(huge, 2), "line 2", "start_ns", "64 bits");
  }

  @Test
  void sizeBoundaries() throws IOException {
    assertThat(Limits.MAX_FLOW_BYTES).isEqualTo(1_000_000_000_000L);
    // the largest flow's serialisation at the slowest rate fits a long of ps (Limits' javadoc)
    java.math.BigInteger ps = java.math.BigInteger.valueOf(Limits.MAX_FLOW_BYTES * 8)
        .multiply(java.math.BigInteger.TEN.pow(12))
        .divide(java.math.BigInteger.valueOf(Limits.MIN_RATE_BPS));
    assertThat(ps.bitLength()).isLessThanOrEqualTo(63); // fits a signed long
    for (long ok : new long[] {1, Limits.MAX_FLOW_BYTES}) {
      assertThat(TraceCsv.read(trace("0", Long.toString(ok)), 2).sizeBytes(0)).isEqualTo(ok);
    }
    for (String bad : new String[] {"0", Long.toString(Limits.MAX_FLOW_BYTES + 1),
        "9223372036854775807"}) {
      Path f = trace("0", bad);
      refused(() -> TraceCsv.read(f, 2), "line 2", "size_bytes", "1.." + Limits.MAX_FLOW_BYTES);
    }
  }

  @Test
  void hostsAndIdsAreChecked() throws IOException {
    Path f = file("h.csv", (TraceCsv.HEADER + "\n0,0,2,0,1\n").getBytes(StandardCharsets.UTF_8));
    refused(() -> TraceCsv.read(f, 2), "line 2", "dst_host", "0..1");
    Path g = file("i.csv", (TraceCsv.HEADER + "\n-1,0,1,0,1\n").getBytes(StandardCharsets.UTF_8));
    refused(() -> TraceCsv.read(g, 2), "line 2", "flow_id");
  }

  @Test
  void unicodeDigitsAreNotNumbers() throws IOException {
    Path f = trace("\u0661\u0660", "1");
    refused(() -> TraceCsv.read(f, 2), "line 2", "start_ns", "ASCII");
    Path s = file("s.csv", "\u0661\u0660,1\n".getBytes(StandardCharsets.UTF_8));
    refused(() -> EmpiricalSizes.read(s), s.toString(), "line 1", "ASCII");
  }

  @Test
  void encodingsAndPathsAreOneLineWithoutJavaNames() throws IOException {
    byte[] bad = (TraceCsv.HEADER + "\n0,0,1,0,1\n0,0,1,\u00e9").getBytes(StandardCharsets.ISO_8859_1);
    Path latin = file("latin.csv", bad);
    refused(() -> TraceCsv.read(latin, 2), latin.toString(), "line 3", "UTF-8");
    Path utf16 = file("u16.csv", "100,1\n".getBytes(StandardCharsets.UTF_16));
    refused(() -> EmpiricalSizes.read(utf16), "line 1", "UTF-16 text");
    byte[] le = "100,1\n".getBytes(StandardCharsets.UTF_16LE);
    byte[] bomLe = new byte[le.length + 2];
    bomLe[0] = (byte) 0xff;
    bomLe[1] = (byte) 0xfe;
    System.arraycopy(le, 0, bomLe, 2, le.length);
    Path u16le = file("u16bom.csv", bomLe);
    refused(() -> EmpiricalSizes.read(u16le), "line 1", "UTF-16 text");
    Path utf16le = file("u16le.csv", "100,1\n".getBytes(StandardCharsets.UTF_16LE));
    refused(() -> EmpiricalSizes.read(utf16le), "line 1", "NUL");
    refused(() -> EmpiricalSizes.read(dir), dir.toString(), "folder");
    refused(() -> TraceCsv.read(Path.of(""), 2), "''", "empty");
    refused(() -> TraceCsv.read(dir.resolve("missing.csv"), 2), "missing.csv", "no such file");
    Path bom = file("bom.csv", ("\uFEFF" + TraceCsv.HEADER + "\n0,0,1,5,7\n").getBytes(StandardCharsets.UTF_8));
    assertThat(TraceCsv.read(bom, 2).sizeBytes(0)).isEqualTo(7);
  }

  @Test
  void sizeFileErrorsNameFileAndLine() throws IOException {
    Path half = file("half.csv", "bytes,probability\n100,0.25\n200,0.25\n".getBytes(StandardCharsets.UTF_8));
    refused(() -> EmpiricalSizes.read(half), half.toString(), "line 3", "sum to 0.5");
    Path desc = file("desc.csv", "200,0.5\n100,0.5\n".getBytes(StandardCharsets.UTF_8));
    refused(() -> EmpiricalSizes.read(desc), "line 2", "ascend");
    Path big = file("big.csv", ("1," + "0.5\n" + (Limits.MAX_FLOW_BYTES + 1) + ",0.5\n").getBytes(StandardCharsets.UTF_8));
    refused(() -> EmpiricalSizes.read(big), "line 2", "1.." + Limits.MAX_FLOW_BYTES);
    Path prob = file("p.csv", "1,1.5\n".getBytes(StandardCharsets.UTF_8));
    refused(() -> EmpiricalSizes.read(prob), "line 1", "0..1");
    Path ok = file("ok.csv", ("# comment\n1,0.5\n" + Limits.MAX_FLOW_BYTES + ",0.5\n").getBytes(StandardCharsets.UTF_8));
    EmpiricalSizes e = EmpiricalSizes.read(ok);
    assertThat(e.meanBytes()).isEqualTo(0.5 + Limits.MAX_FLOW_BYTES * 0.5);
  }

  @Test
  void sizeOptionParsing() {
    refused(() -> SizeDistributions.parse("--sizes", "pareto:1.5:1000:9"), "--sizes", "pareto:SHAPE:MEAN_BYTES");
    refused(() -> SizeDistributions.parse("--sizes", "pareto:1.5"), "--sizes");
    refused(() -> SizeDistributions.parse("--sizes", "pareto:\u0661.5:1000"), "--sizes");
    refused(() -> SizeDistributions.parse("--sizes", ""), "--sizes");
    assertThat(SizeDistributions.parse("--sizes", "pareto:2:1000").meanBytes()).isEqualTo(1000);
    assertThat(SizeDistributions.parse("--sizes", "websearch").meanBytes())
        .isEqualTo(EmpiricalSizes.webSearch().meanBytes());
  }

  @Test
  void generatedStartsStayRepresentable() {
    // 10 flows at 1e-6 flows/s: the second starts about 1e6 s later, the tenth far beyond 4.6e6 s
    assertThatThrownBy(() -> Workloads.poisson(4, 10, 1e-6, EmpiricalSizes.webSearch(), 0, 1))
        .isInstanceOf(FabriclabException.class).hasMessageContaining("--rate-per-s");
    assertThatThrownBy(() -> Workloads.incast(4, 2, Limits.MAX_FLOW_BYTES + 1))
        .hasMessageContaining("1.." + Limits.MAX_FLOW_BYTES);
    assertThat(Workloads.incast(4, 2, Limits.MAX_FLOW_BYTES).sizeBytes(0)).isEqualTo(Limits.MAX_FLOW_BYTES);
  }

  @Test
  void paretoSamplesStayWithinTheLimit() {
    ParetoSizes p = new ParetoSizes(1.01, Limits.MAX_FLOW_BYTES);
    java.util.SplittableRandom r = new java.util.SplittableRandom(1);
    for (int i = 0; i < 10_000; i++) {
      assertThat(p.sample(r)).isBetween(1L, Limits.MAX_FLOW_BYTES);
    }
  }

  @Test
  void malformedInputIsTheTypedException() throws IOException {
    Path f = trace("x", "1");
    assertThatThrownBy(() -> TraceCsv.read(f, 2)).isInstanceOf(MalformedInputException.class);
  }
}
