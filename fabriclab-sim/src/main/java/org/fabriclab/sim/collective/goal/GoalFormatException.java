package org.fabriclab.sim.collective.goal;

import org.fabriclab.error.FabriclabException;

/**
 * A GOAL file that cannot be read: bad syntax, an out-of-range value, an operation without a
 * matching partner, a dependency cycle. The one-line message is {@code FILE:LINE: problem}, the
 * problem saying what was expected where there is a valid form.
 */
public final class GoalFormatException extends FabriclabException {
  private static final long serialVersionUID = 1L;
  private final String source;
  private final int line;

  public GoalFormatException(String source, int line, String problem) {
    super(source + ":" + line + ": " + problem);
    this.source = source;
    this.line = line;
  }

  /** The file (or stream) name. */
  public String source() {
    return source;
  }

  /** The 1-based line the problem is on. */
  public int line() {
    return line;
  }
}
