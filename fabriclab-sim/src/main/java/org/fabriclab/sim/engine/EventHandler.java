package org.fabriclab.sim.engine;

/** Receives the events it was registered for; {@code a} and {@code b} are the event's payload. */
@FunctionalInterface
public interface EventHandler {
  void handle(int a, int b);
}
