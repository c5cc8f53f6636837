package org.fabriclab.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/**
 * Jackson's own messages for malformed JSON, turned into the problem's words: every message
 * Jackson gives for a corpus of broken files is translated without a Java name, and the ones a
 * person writes most often read as the fix.
 */
class JsonProblemsTest {
  private static String jackson(String json) {
    try {
      new ObjectMapper().readTree(json);
    } catch (JsonProcessingException e) {
      return e.getOriginalMessage();
    }
    return fail("valid JSON: " + json);
  }

  @Test
  void noMessageOfTheCorpusNamesJava() {
    String longNumber = "1".repeat(1200);
    String deep = "[".repeat(1200) + "]".repeat(1200);
    String[] corpus = {
        "{\"a\": NaN}", "{\"a\": Infinity}", "{\"a\": -Infinity}", "{\"a\": +1}", "{\"a\": " + longNumber + "}",
        deep, "{\"a\": 1 // note\n}", "{\"a\": 1 # note\n}", "{'a': 1}", "{\"a\": 07}", "{\"a\": 1,}",
        "{\"a\": \"x\ty\"}", "{\"a\": tru}", "{\"a\" 1}", "{\"a\": [1, 2}", "{\"a\": \"\\q\"}", "{\"a\": 0x10}",
        "{\"a\": .5}", "{\"a\": 1.}", "[1 2]", "{a: 1}"};
    for (String json : corpus) {
      String raw = jackson(json);
      String words = JsonProblems.describe(raw);
      assertThat(JsonProblems.mentionsJava(words)).as("%s -> %s (Jackson: %s)", json, words, raw).isFalse();
      assertThat(words).isNotBlank().doesNotContain("\n");
    }
  }

  @Test
  void theCommonMistakesReadAsTheirFix() {
    assertThat(JsonProblems.describe(jackson("{\"a\": NaN}")))
        .isEqualTo("'NaN' is not a JSON number: JSON has no NaN or infinity, write a finite number");
    assertThat(JsonProblems.describe(jackson("{\"a\": " + "9".repeat(1200) + "}")))
        .isEqualTo("a number of 1200 digits; at most 1000");
    assertThat(JsonProblems.describe(jackson("{\"a\": 1 // note\n}"))).startsWith("a comment: JSON has no comments");
    assertThat(JsonProblems.describe(jackson("{\"a\": 07}"))).startsWith("a number with a leading zero");
  }

  @Test
  void theDetectorItselfSeesJavaNames() {
    // the detector the first test relies on must see what Jackson writes untranslated
    assertThat(JsonProblems.mentionsJava(jackson("{\"a\": NaN}"))).isTrue();
    assertThat(JsonProblems.mentionsJava(jackson("{\"a\": " + "1".repeat(1200) + "}"))).isTrue();
  }
}
