package org.fabriclab.gleam;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.ArrayList;
import java.util.List;

/**
 * One-to-many WRITEs of a group on the packet engine (seed 002, §3.3): the source posts, before each
 * WRITE request, the MR-update message (a WRITE carrying every receiver's IP, VA and R_key, {@link
 * WriteMrUpdate#RECORD_BYTES} B each) on the same group QP; the leaf switches recognise it, store
 * their connected receivers' regions in the table ({@link WriteMrUpdate#apply}), and rewrite the
 * RETH of the real request's first packet per receiver ({@link OneToManyForwarding}). The engine's
 * packets carry the RETH's 16 B on each WRITE's first packet (its size), not its fields, so this
 * registry is the side table that says which PSNs are an update
 * (and its records) and which PSN starts a WRITE, and logs the rewrites the switches made.
 *
 * <p>Decisions: the update is an ordinary RC WRITE of the group (one PSN per packet, delivered to
 * every receiver into a scratch region registered with the QP, so every receiver's rqPSN advances
 * as the source's sqPSN does — a switch that consumed it would desynchronise the RC stream); a leaf
 * applies it when the update's last packet passes (the records are then complete; a retransmission
 * applies the same records again). O(1) per packet lookup, O(entries · receivers) per update.
 */
public final class WriteRequests {
  /** One update: the receivers' IPs and their regions for the WRITE that follows. */
  record Update(int[] receiverIps, long[] va, int[] rkey) { }

  private final Int2IntOpenHashMap updateAtLastPsn = new Int2IntOpenHashMap();
  private final it.unimi.dsi.fastutil.ints.IntOpenHashSet writeStarts = new it.unimi.dsi.fastutil.ints.IntOpenHashSet();
  private final List<Update> updates = new ArrayList<>();
  private final LongArrayList rewrites = new LongArrayList();

  public WriteRequests() {
    updateAtLastPsn.defaultReturnValue(-1);
  }

  /** Registers an update whose last packet has PSN {@code lastPsn}, and the WRITE starting at {@code writePsn}. */
  public void add(int lastPsn, int writePsn, int[] receiverIps, long[] va, int[] rkey) {
    updateAtLastPsn.put(lastPsn, updates.size());
    updates.add(new Update(receiverIps.clone(), va.clone(), rkey.clone()));
    writeStarts.add(writePsn);
  }

  /** Applies the update ending at {@code psn}, if any, to group slot {@code g} of {@code table}. */
  int applyAt(MulticastForwardingTable table, int g, int psn) {
    int u = updateAtLastPsn.get(psn);
    if (u < 0) {
      return 0;
    }
    Update up = updates.get(u);
    return WriteMrUpdate.apply(table, g, up.receiverIps(), up.va(), up.rkey());
  }

  boolean isWriteStart(int psn) {
    return writeStarts.contains(psn);
  }

  /** A switch rewrote the RETH of WRITE {@code psn} towards {@code host} to {@code va}, {@code rkey}. */
  void rewrote(int host, int psn, long va, int rkey) {
    rewrites.add(host);
    rewrites.add(psn);
    rewrites.add(va);
    rewrites.add(rkey);
  }

  /** The rewrites made, each {host, psn, va, rkey}, in order. */
  public long[][] rewrites() {
    long[][] out = new long[rewrites.size() / 4][];
    for (int i = 0; i < out.length; i++) {
      out[i] = new long[] {rewrites.getLong(4 * i), rewrites.getLong(4 * i + 1),
          rewrites.getLong(4 * i + 2), rewrites.getLong(4 * i + 3)};
    }
    return out;
  }
}
