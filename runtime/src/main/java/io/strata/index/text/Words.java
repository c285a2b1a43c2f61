package io.strata.index.text;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The words of a {@code @Text} field, as API.md defines them: the text is decomposed (NFD) and its
 * combining marks removed (so "Ørsta" stays "ørsta" but "Génève" becomes "geneve"), then split into
 * maximal runs of Unicode letters and digits, each lower-cased with {@code Locale.ROOT}. A word's
 * position is its index among the text's words.
 */
public final class Words {
  private Words() {}

  /** The words of {@code text} in order (repeats kept); empty for null. */
  public static List<String> of(String text) {
    List<String> out = new ArrayList<>();
    if (text == null) {
      return out;
    }
    String plain = Normalizer.normalize(text, Normalizer.Form.NFD);
    StringBuilder word = new StringBuilder();
    for (int i = 0; i < plain.length(); ) {
      int cp = plain.codePointAt(i);
      i += Character.charCount(cp);
      int type = Character.getType(cp);
      if (type == Character.NON_SPACING_MARK || type == Character.COMBINING_SPACING_MARK || type == Character.ENCLOSING_MARK) {
        continue; // an accent: part of the letter before it
      }
      if (Character.isLetterOrDigit(cp)) {
        word.appendCodePoint(cp);
      } else if (word.length() > 0) {
        out.add(word.toString().toLowerCase(Locale.ROOT));
        word.setLength(0);
      }
    }
    if (word.length() > 0) {
      out.add(word.toString().toLowerCase(Locale.ROOT));
    }
    return out;
  }

  /** Each distinct word of {@code text} with its positions, ascending; words in order of first appearance. */
  public static Map<String, List<Long>> positions(String text) {
    Map<String, List<Long>> out = new LinkedHashMap<>();
    List<String> words = of(text);
    for (int i = 0; i < words.size(); i++) {
      out.computeIfAbsent(words.get(i), w -> new ArrayList<>()).add((long) i);
    }
    return out;
  }
}
