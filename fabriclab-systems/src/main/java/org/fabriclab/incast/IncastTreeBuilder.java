package org.fabriclab.incast;

/** Something that builds an incast tree for a transfer (seed 004 §IV). */
public interface IncastTreeBuilder {
  /** Builds the tree; never mutates the transfer. */
  IncastTree build(IncastTransfer transfer);
}
