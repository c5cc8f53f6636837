package org.fabriclab.sim.transport.tcp;

/**
 * DCTCP (Alizadeh et al., SIGCOMM 2010): the receiver echoes each packet's CE mark on its ACK; the
 * sender keeps {@code alpha <- (1-g)·alpha + g·F} once per window of data, F the fraction of
 * acknowledged segments whose ACK carried ECE, and on an ECE ACK cuts {@code cwnd <- cwnd·(1 -
 * alpha/2)} at most once per window (or on every ECE ACK with {@link TcpConfig#cutEveryEce()}, the
 * compatibility mode). Otherwise it grows like {@link NewReno}. O(1) per ACK.
 */
public final class Dctcp extends NewReno {
  private final double g;
  private final double alpha0;
  private final boolean everyEce;
  private double[] alpha;
  private long[] acked;
  private long[] marked;
  private int[] windowEnd;
  private int[] cutEnd;

  public Dctcp(TcpConfig c) {
    g = c.dctcpG();
    alpha0 = c.dctcpInitialAlpha();
    everyEce = c.cutEveryEce();
  }

  @Override
  public void init(TcpTransport t, int flows) {
    alpha = new double[flows];
    java.util.Arrays.fill(alpha, alpha0);
    acked = new long[flows];
    marked = new long[flows];
    windowEnd = new int[flows];
    cutEnd = new int[flows];
  }

  /** Current alpha of flow {@code f}. */
  public double alpha(int f) {
    return alpha[f];
  }

  @Override
  public void onAck(TcpTransport t, int f, int newlyAcked, boolean ece, boolean inRecovery) {
    acked[f] += newlyAcked;
    if (ece) {
      marked[f] += newlyAcked;
    }
    int una = t.sndUna(f);
    if (una >= windowEnd[f] && newlyAcked > 0) {
      if (acked[f] > 0) {
        alpha[f] = (1 - g) * alpha[f] + g * ((double) marked[f] / acked[f]);
      }
      acked[f] = 0;
      marked[f] = 0;
      windowEnd[f] = t.sndNxt(f);
    }
    if (inRecovery) {
      return;
    }
    if (ece) {
      if (everyEce || una >= cutEnd[f]) {
        double c = Math.max(1, t.cwnd(f) * (1 - alpha[f] / 2));
        t.setCwnd(f, c);
        t.setSsthresh(f, Math.max(c, 2));
        cutEnd[f] = t.sndNxt(f);
      }
      return;
    }
    if (newlyAcked > 0) {
      grow(t, f, newlyAcked);
    }
  }
}
