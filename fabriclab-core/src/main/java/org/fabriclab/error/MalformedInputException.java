package org.fabriclab.error;

/** A file or text that cannot be parsed: the message names the source, the place and the problem. */
public final class MalformedInputException extends FabriclabException {
  private static final long serialVersionUID = 1L;

  public MalformedInputException(String source, String problem) {
    super("malformed " + source + ": " + problem);
  }

  public MalformedInputException(String source, String problem, Throwable cause) {
    super("malformed " + source + ": " + problem, cause);
  }
}
