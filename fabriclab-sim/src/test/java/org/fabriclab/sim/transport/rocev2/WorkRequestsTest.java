package org.fabriclab.sim.transport.rocev2;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The packed work-request store against a brute-force model (a plain list of requests per QP):
 * the first request inline, the others in arena segments that move when they double, two heads.
 */
class WorkRequestsTest {
  record Req(int first, int end, int last, long id, int extra) {}

  @Test
  void manyQueuePairsWithInterleavedPostsMatchPlainLists() {
    int payload = 1000;
    int n = 40;
    RcQueuePairs qps = new RcQueuePairs(new int[0], 4);
    WorkRequests wr = new WorkRequests();
    List<List<Req>> model = new ArrayList<>();
    for (int q = 0; q < n; q++) {
      assertThat(qps.add()).isEqualTo(q);
      assertThat(wr.add()).isEqualTo(q);
      model.add(new ArrayList<>());
    }
    SplittableRandom rnd = new SplittableRandom(7);
    int[] length = new int[n];
    for (int k = 0; k < 3000; k++) {
      // QP 0 gets one request, QP 1 many (segments move 10 times), the rest a few each
      int q = k < 1000 ? 1 : k == 1000 ? 0 : 2 + rnd.nextInt(n - 2);
      if (k > 1000 && rnd.nextInt(4) == 0) {
        int gap = rnd.nextInt(3); // PSNs without a request (as Gleam's source switching adds)
        qps.extend(q, gap);
        length[q] += gap;
      }
      long bytes = 1 + rnd.nextLong(5 * payload);
      int extra = rnd.nextInt(3) == 0 ? 16 : 0;
      long id = rnd.nextLong();
      wr.post(qps, q, bytes, payload, id, extra);
      int packets = (int) ((bytes + payload - 1) / payload);
      int last = (int) (bytes - (long) (packets - 1) * payload);
      model.get(q).add(new Req(length[q], length[q] + packets, last, id, extra));
      length[q] += packets;
    }
    for (int q = 0; q < n; q++) {
      List<Req> m = model.get(q);
      assertThat(qps.length(q)).isEqualTo(length[q]);
      assertThat(wr.count(q)).isEqualTo(m.size());
      for (int w = 0; w < m.size(); w++) {
        Req r = m.get(w);
        assertThat(wr.end(q, w)).isEqualTo(r.end());
        assertThat((int) wr.endLast(q, w)).isEqualTo(r.last());
        assertThat(wr.id(q, w)).isEqualTo(r.id());
        assertThat(wr.extraBytes(q, w, r.first())).isEqualTo(r.extra());
        if (r.end() - r.first() > 1) {
          assertThat(wr.extraBytes(q, w, r.first() + 1)).isZero();
        }
        // the request holding each of its PSNs, searched from the send head (0 here)
        for (int psn = r.first(); psn < r.end(); psn++) {
          assertThat(wr.sending(q, psn)).isEqualTo(w);
        }
      }
    }
    // walk QP 1's heads: the sender acknowledged up to request 600's end, the receiver holds 300
    int q = 1;
    List<Req> m = model.get(q);
    int una = m.get(600).end();
    int done = 0;
    while (wr.sendHeadDone(q, una)) {
      assertThat(wr.sendHeadId(q)).isEqualTo(m.get(done).id());
      wr.advanceSend(q);
      done++;
    }
    assertThat(done).isEqualTo(601);
    assertThat(wr.sentEnd(q)).isEqualTo(una);
    assertThat(wr.sending(q, una)).isEqualTo(601);
    int expected = m.get(300).end();
    int received = 0;
    while (wr.receiveHeadDone(q, expected)) {
      assertThat(wr.receiveHeadId(q)).isEqualTo(m.get(received).id());
      wr.advanceReceive(q);
      received++;
    }
    assertThat(received).isEqualTo(301);
    assertThat(wr.receivedEnd(q)).isEqualTo(expected);
    assertThat(wr.sentEnd(q)).isEqualTo(una); // the heads are independent
    assertThat(wr.sentEnd(2)).isZero();
    assertThat(wr.receivedEnd(2)).isZero();
  }
}
