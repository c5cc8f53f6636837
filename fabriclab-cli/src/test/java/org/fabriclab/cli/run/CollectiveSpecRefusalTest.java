package org.fabriclab.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.fabriclab.cli.CliRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A collective spec that cannot run is refused before anything is written: one line naming the
 * file, the line and the key, exit 2, no run folder.
 */
class CollectiveSpecRefusalTest {
  @TempDir Path dir;

  /** The spec's lines after the topologies (a fat-tree k=4: 16 hosts). */
  private void refused(String collective, String mention) throws Exception {
    Path f = dir.resolve("bad.yaml");
    Files.writeString(f, "kind: collective\ntopologies:\n  - family: fattree\n    k: 4\n" + collective);
    Path out = dir.resolve("out");
    CliRun.assertRefused(new String[] {"run", f.toString(), "--out", out.toString(), "--no-progress"},
        f + ":" + mention);
    assertThat(out).doesNotExist();
  }

  @Test
  void aSchemeThatDoesNotImplementTheOperationIsRefusedAtItsLine() throws Exception {
    refused("collective:\n  op: allreduce\n  engine: flow\n  scheme: [ring, ipmulticast]\n",
        "8: collective.scheme on fattree k=4: scheme 'ipmulticast' does not implement allreduce");
  }

  @Test
  void aSchemeTheFabricCannotCarryIsRefused() throws Exception {
    refused("collective:\n  op: incast\n  ranks: 7\n  scheme: aggtree\n  engine: packet\n",
        "8: collective.scheme on fattree k=4: scheme 'aggtree' cannot run on fattree: it builds its tree from BCube server labels");
  }

  @Test
  void moreRanksThanHostsIsRefusedWithTheHostCount() throws Exception {
    refused("collective:\n  scheme: ring\n  engine: flow\n  ranks: [8, 32]\n",
        "8: collective.ranks = 32 on fattree k=4: valid range 2..16");
  }

  @Test
  void aSchemesOwnRequirementIsCheckedBeforeTheRun() throws Exception {
    refused("collective:\n  scheme: rabenseifner\n  engine: flow\n  ranks: 12\n",
        "8: collective.ranks = 12 on fattree k=4: rabenseifner needs a power of two ranks");
  }

  @Test
  void anUnknownOrMissingSchemeIsRefused() throws Exception {
    refused("collective:\n  scheme: rings\n", "6: collective.scheme = 'rings' is not valid: one of");
    refused("collective:\n  op: allreduce\n", "5: missing collective.scheme: one of");
  }

  @Test
  void aSizeThatIsNoByteCountOrNotWholeBlocksIsRefused() throws Exception {
    refused("collective:\n  scheme: ring\n  size: 1MiBx\n", "7: collective.size = '1MiBx' is not a byte size");
    refused("collective:\n  scheme: ring\n  size: 0\n", "7: collective.size = 0 is out of range");
    // allgather cuts S into one block per rank: 1000 B is not a multiple of 16 ranks
    refused("collective:\n  scheme: ring\n  op: allgather\n  size: 1000\n",
        "8: collective.size = 1000 on fattree k=4: allgather cuts the size into one block per rank");
  }

  @Test
  void aRootBeyondTheRanksAndAnUnknownKeyAreRefused() throws Exception {
    refused("collective:\n  scheme: binomial\n  op: broadcast\n  ranks: 4\n  root: 4\n",
        "9: collective.root = 4 on fattree k=4: valid range 0..3");
    refused("collective:\n  scheme: ring\n  flows: 3\n", "7: unknown key 'flows' in collective; valid: op, ranks");
  }
}
