package org.fabriclab.gleam;

import java.util.ArrayList;
import java.util.List;

/**
 * A {@link CopySink} that applies Alg. 1's rewrites to a {@link RoceHeader} template and keeps the
 * copies with their output ports, in the order the table lists its entries. For tests and the
 * standalone models (it allocates one record per copy; the engine adapter does not use it).
 */
public final class HeaderCopies implements CopySink {
  /** One copy: output port and header. */
  public record Copy(int port, RoceHeader header) {}

  private final RoceHeader template;
  private final List<Copy> copies = new ArrayList<>();

  public HeaderCopies(RoceHeader template) {
    this.template = template;
  }

  @Override
  public void forwarded(int outPort) {
    copies.add(new Copy(outPort, template));
  }

  @Override
  public void connected(int outPort, int dstIp, int dstQpn, int srcIp, long dstMac, long mrVa, int mrRkey) {
    copies.add(new Copy(outPort, template.toReceiver(dstIp, dstQpn, srcIp, dstMac, mrVa, mrRkey)));
  }

  public List<Copy> copies() {
    return List.copyOf(copies);
  }
}
