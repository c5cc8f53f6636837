package org.fabriclab.error;

/**
 * Base of every error that is the user's to fix (a bad parameter, a malformed file, an impossible
 * request). Its message is a complete, single line that names the culprit and, where there is one,
 * the valid range; the CLI prints it as is and exits with code 2.
 */
public class FabriclabException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public FabriclabException(String message) {
    super(message);
  }

  public FabriclabException(String message, Throwable cause) {
    super(message, cause);
  }
}
