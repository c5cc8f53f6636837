package org.fabriclab.cli.incast;

import java.util.SplittableRandom;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.incast.BCubeLabels;
import org.fabriclab.incast.IncastTransfer;
import org.fabriclab.incast.MemberPlacement;
import org.fabriclab.rng.RandomStreams;
import picocli.CommandLine.Option;

/** The options that name an incast transfer on BCube(n,k): shared by the incast subcommands. */
public final class TransferOptions {
  @Option(names = "--bcube", paramLabel = "N,K", required = true, description = "BCube(n,k), e.g. 4,1")
  String bcube;

  @Option(names = "--receiver", paramLabel = "R", description = "receiver server id (Σ d_j·n^j); random if omitted with --random-senders")
  Long receiver;

  @Option(names = "--senders", paramLabel = "S1,S2,...", split = ",", description = "sender server ids")
  long[] senders;

  @Option(names = "--sizes", paramLabel = "Z1,Z2,...", split = ",", description = "data size of each sender (MB; default 1 each)")
  double[] sizes;

  @Option(names = "--random-senders", paramLabel = "M", description = "M random distinct senders instead of --senders")
  Integer randomSenders;

  @Option(names = "--placement", paramLabel = "WHERE",
      description = "with --random-senders and no --receiver: whole (default), managed (smallest"
          + " sub-BCube holding the members) or sub:L (inside one random sub-BCube(n,L))")
  String placement;

  @Option(names = "--seed", defaultValue = "1", description = "seed of random senders and unicast paths (default: ${DEFAULT-VALUE})")
  long seed;

  BCubeLabels labels() {
    String[] p = bcube.split(",");
    if (p.length != 2) {
      throw new InvalidParameterException("--bcube", bcube, "N,K with N in 2..64 and K >= 0");
    }
    try {
      return new BCubeLabels(Integer.parseInt(p[0].trim()), Integer.parseInt(p[1].trim()));
    } catch (NumberFormatException e) {
      throw new InvalidParameterException("--bcube", bcube, "N,K with N in 2..64 and K >= 0");
    }
  }

  IncastTransfer transfer(BCubeLabels L) {
    if ((senders == null) == (randomSenders == null)) {
      throw new InvalidParameterException("--senders", "give exactly one of --senders and --random-senders");
    }
    if (senders != null) {
      if (placement != null) {
        throw new InvalidParameterException("--placement", "applies only to --random-senders, not to --senders");
      }
      if (receiver == null) {
        throw new InvalidParameterException("--receiver", "required with --senders");
      }
      int r = L.requireServer("--receiver", receiver);
      int[] s = new int[senders.length];
      for (int i = 0; i < s.length; i++) {
        s[i] = L.requireServer("--senders", senders[i]);
      }
      double[] z = new double[s.length];
      java.util.Arrays.fill(z, 1.0);
      if (sizes != null) {
        if (sizes.length != s.length) {
          throw new InvalidParameterException("--sizes", "needs one size per sender (" + s.length + ")");
        }
        z = sizes.clone();
      }
      return new IncastTransfer(L, r, s, z);
    }
    SplittableRandom rnd = new RandomStreams(seed).stream("incast-members");
    if (receiver == null) {
      MemberPlacement p = placement == null ? MemberPlacement.WHOLE : MemberPlacement.parse(placement);
      InvalidParameterException.requireRange("--random-senders", randomSenders, 1, L.serverCount() - 1L);
      return p.incast(L, randomSenders, rnd);
    }
    if (placement != null) {
      throw new InvalidParameterException("--placement", "applies only to --random-senders without --receiver");
    }
    int r = L.requireServer("--receiver", receiver);
    InvalidParameterException.requireRange("--random-senders", randomSenders, 1, L.serverCount() - 1L);
    int[] s = IncastTransfer.randomOthers(L.serverCount(), randomSenders, r, rnd);
    double[] z = new double[s.length];
    java.util.Arrays.fill(z, 1.0);
    return new IncastTransfer(L, r, s, z);
  }
}
