package org.fabriclab.cli.simulate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fabriclab.cli.CliRun.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fabriclab.cli.CliRun.Result;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A flow that has not finished when the run stops has no end and no FCT: {@code flows.csv} leaves
 * both cells empty (pandas reads NaN), never -1, so a mean over the column counts only real FCTs.
 */
class UnfinishedFlowsTest {
  @Test
  void unfinishedFlowsHaveEmptyEndAndFct(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("simu");
    Result r = run("simulate", "--topo", "fattree", "--k", "4", "--workload", "poisson", "--flows", "200",
        "--until-ms", "2", "--no-progress", "--out", out.toString());
    assertThat(r.code()).as(r.err()).isZero();
    List<String> rows = Files.readAllLines(out.resolve("flows.csv"));
    assertThat(rows.get(0)).isEqualTo("id,src,dst,sizeBytes,startNs,endNs,fctNs,retransmissions");
    // flow 0: 5 MB from host 8 at t=0 cannot cross a 10 Gb/s link in 2 ms (4 ms at line rate)
    assertThat(rows.get(1)).isEqualTo("0,8,12,5000000,0,,,0");
    assertThat(rows).noneMatch(l -> l.contains("-1"));
  }
}
