package io.strata.index.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The tokenizer of {@code @Text}, on hand-checked examples. */
class WordsTest {
  @Test
  void wordsAreRunsOfLettersAndDigitsLowerCasedWithoutAccents() {
    assertEquals(List.of("saint", "etienne", "du", "rouvray"), Words.of("Saint-Étienne du Rouvray"));
    assertEquals(List.of("sao", "paulo", "2024"), Words.of("  São Paulo, 2024!"));
    assertEquals(List.of("ørsta", "istanbul"), Words.of("Ørsta İstanbul"), "Ø is a letter of its own, İ loses its dot");
    assertEquals(List.of("cafe", "cafe"), Words.of("cafe\u0301 CAFÉ"), "a combining accent joins its letter's word");
    assertEquals(List.of("東京", "x1y2"), Words.of("東京 — x1y2"));
    assertEquals(List.of(), Words.of(" ,;- "));
    assertEquals(List.of(), Words.of(null));
  }

  @Test
  void positionsCountWordsNotCharacters() {
    assertEquals(Map.of("to", List.of(0L, 2L), "be", List.of(1L, 3L), "or", List.of(4L)), Words.positions("To be, to be... or"));
  }
}
