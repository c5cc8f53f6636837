package org.fabriclab.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;

/**
 * JSON for the commands that print one JSON document. A double that is NaN or infinite (a
 * statistic that does not exist, such as the mean of an empty bin) is written as {@code null},
 * never as the string {@code "NaN"}, so every value is a number or null.
 */
public final class Json {
  private static final ObjectMapper MAPPER = new ObjectMapper().registerModule(
      new SimpleModule("finite-or-null").addSerializer(Double.class, new FiniteOrNull())
          .addSerializer(Double.TYPE, new FiniteOrNull()));

  private Json() {}

  public static String of(Object o) {
    try {
      return MAPPER.writer().with(SerializationFeature.INDENT_OUTPUT).writeValueAsString(o);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /** One line of JSON. */
  public static String compact(Object o) {
    try {
      return MAPPER.writeValueAsString(o);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Writes a finite double as a number, NaN and infinities as null. */
  private static final class FiniteOrNull extends StdSerializer<Double> {
    private static final long serialVersionUID = 1L;

    FiniteOrNull() {
      super(Double.class);
    }

    @Override
    public void serialize(Double v, JsonGenerator g, SerializerProvider p) throws IOException {
      if (Double.isFinite(v)) {
        g.writeNumber(v);
      } else {
        g.writeNull();
      }
    }
  }
}
