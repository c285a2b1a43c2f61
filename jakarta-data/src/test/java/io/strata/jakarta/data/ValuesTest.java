package io.strata.jakarta.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.data.exceptions.MappingException;
import java.math.BigDecimal;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.CharRange;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

class ValuesTest {
  enum Size { SMALL, LARGE }

  @Test
  void numbersCompareByValueAcrossBoxedTypes() {
    assertTrue(Values.eq(5, 5L));
    assertTrue(Values.eq((short) 5, 5.0d));
    assertTrue(Values.lt(2.5f, 3));
    assertTrue(Values.between(10L, (short) 10, 10));
    assertFalse(Values.between(11L, 1, 10));
  }

  /** Found by the value-kind query contract in Jakarta Data's semantics (seed -5667996576285269654). */
  @Test
  void byteArraysAreEqualByContent() {
    assertTrue(Values.eq(new byte[] {0, 1}, new byte[] {0, 1}));
    assertFalse(Values.eq(new byte[] {0, 1}, new byte[] {0}));
    assertTrue(Values.ne(new byte[] {0}, new byte[] {0, 0}));
    assertTrue(Values.in(new byte[] {}, List.of(new byte[] {1}, new byte[] {})));
    assertTrue(Values.ORDER.equal(new byte[] {2}, new byte[] {2}, false));
  }

  @Test
  void aCharEqualsTheOneCharacterTextHoldingIt() {
    assertTrue(Values.eq('E', "E"));
    assertTrue(Values.in('G', "E", "G"));
    assertFalse(Values.in('F', "E", "G"));
    assertTrue(Values.lt('A', "B"));
  }

  @Test
  void enumsCompareInDeclarationOrder() {
    assertTrue(Values.lt(Size.SMALL, Size.LARGE));
    assertTrue(Values.ne(Size.SMALL, Size.LARGE));
  }

  @Test
  void everyComparisonWithANullIsFalseButIsNullSeesIt() {
    for (Object other : new Object[] {null, 1, "a"}) {
      assertFalse(Values.eq(null, other));
      assertFalse(Values.ne(null, other));
      assertFalse(Values.lt(null, other));
      assertFalse(Values.ge(other, null));
      assertFalse(Values.like(null, "%"));
      assertFalse(Values.contains(null, "a"));
      assertFalse(Values.in(null, List.of(1, "a")));
    }
    assertTrue(Values.isNull(null));
    assertFalse(Values.isNull(0));
  }

  @Test
  void incomparableValuesAreAMappingExceptionNamingBoth() {
    MappingException e = assertThrows(MappingException.class, () -> Values.lt("a", 1));
    assertTrue(e.getMessage().contains("cannot compare a (java.lang.String) with 1 (java.lang.Integer)"), e.getMessage());
  }

  @Test
  void arithmeticFollowsJavasPromotion() {
    assertEquals(7L, Values.add(3, 4));
    assertEquals(1.5d, Values.divide(3.0f, 2));
    assertEquals(1L, Values.divide(3, 2));
    assertEquals(new BigDecimal("2.5"), Values.add(new BigDecimal("1.5"), 1));
    assertEquals(-4L, Values.negate(4));
    // Java's unary minus and Math.abs on signed zeros, as the run-time evaluator (ExpressionValues) computes them
    assertEquals(-0.0d, Values.negate(0.0));
    assertEquals(0.0d, Values.negate(-0.0f));
    assertEquals(0.0d, Values.abs(-0.0));
    assertEquals(null, Values.multiply(null, 2));
    // integer overflow, which JDQL leaves to the provider, is refused naming the operation, never wrapped round
    assertEquals(Long.MAX_VALUE + " + 1 overflows a long (refused, not wrapped round)",
        assertThrows(ArithmeticException.class, () -> Values.add(Long.MAX_VALUE, 1)).getMessage());
    assertEquals("ABS(" + Long.MIN_VALUE + ") overflows a long (refused, not wrapped round)",
        assertThrows(ArithmeticException.class, () -> Values.abs(Long.MIN_VALUE)).getMessage());
    assertEquals("3 / 0 divides by zero", assertThrows(ArithmeticException.class, () -> Values.divide(3, 0)).getMessage());
    assertEquals((1L << 40) + " does not fit an int", assertThrows(ArithmeticException.class, () -> Values.toInt(1L << 40)).getMessage());
    assertThrows(ArithmeticException.class, () -> Values.toLong(2.5));
    assertEquals((short) 12, Values.toShort(12.0));
  }

  @Test
  void textFunctions() {
    assertEquals("ABC", Values.upper("abc"));
    assertEquals(3L, Values.length("abc"));
    assertEquals("ab", Values.left("abc", 2));
    assertEquals("bc", Values.right("abc", 2));
    assertEquals("abc", Values.right("abc", 9));
    assertEquals("ab", Values.concat("a", "b"));
    assertTrue(Values.startsWith("4a", "4"));
    assertTrue(Values.endsWith("4a", "a"));
  }

  /** LIKE against a brute-force matcher: % any run, _ one character, every other character (regex ones too) itself. */
  @Property
  void likeMatchesAsItsWildcardsSay(@ForAll @StringLength(max = 6) @CharRange(from = '$', to = '/') String text,
      @ForAll @StringLength(max = 5) @CharRange(from = '$', to = '/') String raw) {
    String pattern = raw.replace('$', '%').replace('&', '_');
    assertEquals(oracle(text, pattern, 0, 0), Values.like(text, pattern), text + " LIKE " + pattern);
  }

  private static boolean oracle(String text, String pattern, int t, int p) {
    if (p == pattern.length()) {
      return t == text.length();
    }
    char c = pattern.charAt(p);
    if (c == '%') {
      for (int k = t; k <= text.length(); k++) {
        if (oracle(text, pattern, k, p + 1)) {
          return true;
        }
      }
      return false;
    }
    return t < text.length() && (c == '_' || c == text.charAt(t)) && oracle(text, pattern, t + 1, p + 1);
  }

  @Test
  void likeTreatsRegexCharactersLiterally() {
    assertTrue(Values.like("a.b", "a.b"));
    assertFalse(Values.like("axb", "a.b"));
    assertTrue(Values.like("4a", "4_"));
    assertFalse(Values.like("40", "%1"));
  }

  @Provide
  Arbitrary<String> text() {
    Arbitrary<Integer> codePoint = Arbitraries.oneOf(Arbitraries.integers().between('a', 'c'),
        Arbitraries.integers().between(0xFFFD, 0xFFFF), Arbitraries.integers().between(0x1F600, 0x1F601));
    return codePoint.list().ofMaxSize(4).map(cps -> new String(cps.stream().mapToInt(Integer::intValue).toArray(), 0, cps.size()));
  }

  @Property
  void textComparesInTheOrderOfItsIndexKeys(@ForAll("text") String a, @ForAll("text") String b) {
    // an index key holds the text as UTF-8: its unsigned byte order is the order a served query reads in
    int keyOrder = java.util.Arrays.compareUnsigned(a.getBytes(java.nio.charset.StandardCharsets.UTF_8),
        b.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    assertEquals(Integer.signum(keyOrder), Integer.signum(Values.compare(a, b, false)), a + " against " + b);
  }
}
