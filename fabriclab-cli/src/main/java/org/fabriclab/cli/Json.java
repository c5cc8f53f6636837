package org.fabriclab.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

/** Pretty JSON for the commands that print one JSON document. */
public final class Json {
  private Json() {}

  public static String of(Object o) {
    try {
      return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(o);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /** One line of JSON. */
  public static String compact(Object o) {
    try {
      return new ObjectMapper().writeValueAsString(o);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
