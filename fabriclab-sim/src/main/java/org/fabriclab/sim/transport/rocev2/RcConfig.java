package org.fabriclab.sim.transport.rocev2;

import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.units.Time;

/**
 * RoCEv2 RC and DCQCN settings.
 *
 * @param payloadBytes payload per packet (the path MTU's payload)
 * @param headerBytes headers of every packet (Ethernet + IP + UDP + BTH + ICRC); ACK, NACK and
 *     CNP packets are header only
 * @param ackEvery receiver coalescing: one ACK per this many in-order packets (and on the last)
 * @param rtoPs sender timeout without progress: go back to the first unacknowledged PSN
 * @param cnpIntervalPs a receiver sends at most one CNP per QP per interval
 * @param g DCQCN alpha gain
 * @param timerPs DCQCN alpha-decay and rate-increase period
 * @param byteCounter DCQCN byte counter: a rate-increase step every this many bytes sent
 * @param fastRecoverySteps DCQCN F: steps of fast recovery before additive increase
 * @param additiveBps DCQCN R_AI
 * @param hyperBps DCQCN R_HAI
 * @param minRateBps lower bound of the sending rate
 * @param goBackZero loss recovery: false — go-back-N (resume from the receiver's expected PSN);
 *     true — go-back-0 (the receiver drops the partial message at the first gap and the sender
 *     resends the whole message, as RNICs without go-back-N support do)
 */
public record RcConfig(int payloadBytes, int headerBytes, int ackEvery, long rtoPs,
    long cnpIntervalPs, double g, long timerPs, long byteCounter, int fastRecoverySteps,
    long additiveBps, long hyperBps, long minRateBps, boolean goBackZero) {

  public RcConfig {
    InvalidParameterException.requireRange("payloadBytes", payloadBytes, 1, 1 << 20);
    InvalidParameterException.requireRange("headerBytes", headerBytes, 1, 1 << 20);
    InvalidParameterException.requireRange("ackEvery", ackEvery, 1, 1 << 20);
    InvalidParameterException.requireRange("rtoPs", rtoPs, 1, Long.MAX_VALUE);
    InvalidParameterException.requireRange("timerPs", timerPs, 1, Long.MAX_VALUE);
    InvalidParameterException.requireRange("minRateBps", minRateBps, 1, Long.MAX_VALUE);
    InvalidParameterException.requireRange("byteCounter", byteCounter, 1, Long.MAX_VALUE);
    InvalidParameterException.requireRange("cnpIntervalPs", cnpIntervalPs, 0, Long.MAX_VALUE);
    if (!(g > 0 && g <= 1)) {
      throw new InvalidParameterException("g", g, "valid range (0, 1]");
    }
  }

  /**
   * Defaults: 1024 B payload + 64 B headers, an ACK per 4 packets, RTO 1 ms, CNP interval 50 µs;
   * DCQCN (Zhu et al., SIGCOMM 2015, §3) g = 1/256, 55 µs timer, 10 MB byte counter, F = 5,
   * R_AI = 40 Mb/s, R_HAI = 200 Mb/s, 10 Mb/s floor.
   */
  public static RcConfig defaults() {
    return new RcConfig(1024, 64, 4, Time.ms(1), Time.us(50), 1.0 / 256, Time.us(55),
        10_000_000, 5, 40_000_000, 200_000_000, 10_000_000, false);
  }

  /**
   * These settings with {@code mtuBytes} packets (payload = MTU − headers); a long, so that
   * any integer out of range is refused naming its valid range.
   */
  public RcConfig withMtu(long mtuBytes) {
    InvalidParameterException.requireRange("--mtu-bytes", mtuBytes, headerBytes + 1, 1 << 20);
    return new RcConfig((int) mtuBytes - headerBytes, headerBytes, ackEvery, rtoPs, cnpIntervalPs, g,
        timerPs, byteCounter, fastRecoverySteps, additiveBps, hyperBps, minRateBps, goBackZero);
  }

  /** These settings with another ACK coalescing, RTO and recovery mode. */
  public RcConfig withReliability(int ackEveryPackets, long rtoPicos, boolean goBack0) {
    return new RcConfig(payloadBytes, headerBytes, ackEveryPackets, rtoPicos, cnpIntervalPs, g,
        timerPs, byteCounter, fastRecoverySteps, additiveBps, hyperBps, minRateBps, goBack0);
  }

  /** These settings with other DCQCN parameters. */
  public RcConfig withDcqcn(double gain, long timerPicos, long byteCount, long cnpIntervalPicos,
      long aiBps, long haiBps, long floorBps) {
    return new RcConfig(payloadBytes, headerBytes, ackEvery, rtoPs, cnpIntervalPicos, gain,
        timerPicos, byteCount, fastRecoverySteps, aiBps, haiBps, floorBps, goBackZero);
  }
}
