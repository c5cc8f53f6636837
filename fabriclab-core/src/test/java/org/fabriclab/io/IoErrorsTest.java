package org.fabriclab.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import org.junit.jupiter.api.Test;

/** The one translation of I/O errors has no Java names in it. */
class IoErrorsTest {
  @Test
  void translatesTheJdksExceptions() {
    assertThat(IoErrors.reason(new NoSuchFileException("/x"))).isEqualTo("no such file or directory");
    assertThat(IoErrors.reason(new AccessDeniedException("/x"))).isEqualTo("permission denied");
    assertThat(IoErrors.reason(new MalformedInputException(1))).isEqualTo("not valid UTF-8 text");
    assertThat(IoErrors.reason(new IOException("java.io.IOException: Is a directory")))
        .isEqualTo("Is a directory");
    assertThat(IoErrors.reason(new IOException((String) null))).isEqualTo("input/output error");
  }

  @Test
  void detectsAndRemovesClassNames() {
    for (String s : new String[] {"java.nio.charset.MalformedInputException: Input length = 1",
        "internal: NullPointerException", "picocli.CommandLine$PicocliException",
        "com.fasterxml.jackson.core.JsonParseException: x"}) {
      assertThat(IoErrors.mentionsJavaClass(s)).as(s).isTrue();
      assertThat(IoErrors.mentionsJavaClass(IoErrors.clean(s))).as(s).isFalse();
    }
    for (String s : new String[] {"malformed results/t.csv: line 3: bad", "Error in line 2",
        "cannot write out.GraphML: permission denied", "invalid --k = 3: valid range 2..256"}) {
      assertThat(IoErrors.mentionsJavaClass(s)).as(s).isFalse();
      assertThat(IoErrors.clean(s)).isEqualTo(s);
    }
  }
}
