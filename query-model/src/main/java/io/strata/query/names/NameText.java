package io.strata.query.names;

/** Where words start and end in a method name's camel-case text. */
final class NameText {
  private NameText() {}

  /** Whether {@code word} starts at {@code at} and ends where a new word (upper case) or the text ends. */
  static boolean word(String text, int at, String word) {
    int end = at + word.length();
    return text.startsWith(word, at) && (end == text.length() || Character.isUpperCase(text.charAt(end)));
  }

  /** Where {@code word} first starts as a word at or after {@code from}, or the text's length. */
  static int wordFrom(String text, int from, String word) {
    for (int i = from; i < text.length(); i++) {
      if (word(text, i, word)) {
        return i;
      }
    }
    return text.length();
  }

  /** {@code Population} → {@code population}. */
  static String decapitalized(String name) {
    return name.isEmpty() ? name : Character.toLowerCase(name.charAt(0)) + name.substring(1);
  }
}
