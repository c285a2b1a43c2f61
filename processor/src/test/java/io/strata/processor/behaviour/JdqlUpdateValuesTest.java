package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.processor.fixtures.jakarta.Gadget;
import io.strata.processor.fixtures.jakarta.Gadgets;
import io.strata.processor.fixtures.jakarta.Shipment;
import jakarta.data.repository.Query;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** The test's own values of {@code UPDATE} assignments ({@link JdqlUpdateValues}), against values computed by hand. */
class JdqlUpdateValuesTest {
  private static final Function<String, Object> NO_ARGUMENTS = name -> {
    throw new AssertionError("no argument for " + name);
  };

  private static Gadget gadget(String name, int size, Double weight, double score, float rating) {
    return new Gadget(7, name, "red", size, weight, Gadget.Kind.PART, true, score, rating, null);
  }

  private static Object score(String update, double score) throws ReflectiveOperationException {
    return JdqlUpdateValues.assigned(update, gadget("alpha-7", 3, null, score, 0F), NO_ARGUMENTS).get("score");
  }

  @Test
  void anIntPropertyPlusAnIntLiteralIsAnInt() throws ReflectiveOperationException {
    assertEquals(Map.of("size", 21), JdqlUpdateValues.assigned("UPDATE Gadget SET size = size + 1 WHERE color = :color",
        gadget("alpha-7", 20, null, 0, 0F), NO_ARGUMENTS));
  }

  @Test
  void theFixturesResetAssignsNullAConstantANegatedAbsoluteValueAndAPrefixJoinedToAParameter()
      throws ReflectiveOperationException {
    String reset = Gadgets.class.getMethod("reset", long.class, String.class).getAnnotation(Query.class).value();
    Map<String, Object> expected = new HashMap<>();
    expected.put("weight", null);
    expected.put("kind", Gadget.Kind.TOY);
    expected.put("score", -2.5);
    expected.put("name", "al-x");
    assertEquals(expected, JdqlUpdateValues.assigned(reset, gadget("alpha-7", 3, 1.5, 2.5, 0F), Map.of("suffix", "-x")::get));
  }

  @Test
  void minusTheAbsoluteValueOfADoubleIsJavasForZerosInfinitiesAndNaN() throws ReflectiveOperationException {
    String update = "UPDATE Gadget SET score = -ABS(score)";
    assertEquals(-3.5, score(update, -3.5));
    assertEquals(-0.0, score(update, 0.0), "-ABS(0.0) is -0.0");
    assertEquals(-0.0, score(update, -0.0));
    assertEquals(Double.NEGATIVE_INFINITY, score(update, Double.POSITIVE_INFINITY));
    assertEquals(Double.NaN, score(update, Double.NaN));
  }

  @Test
  void aShorterTextIsItsOwnLeftPrefixAndANullParameterMakesTheConcatenationNull() throws ReflectiveOperationException {
    String update = "UPDATE Gadget SET name = LEFT(name, 2) || ?1";
    assertEquals("a-x", JdqlUpdateValues.assigned(update, gadget("a", 3, null, 0, 0F), Map.of("1", "-x")::get).get("name"));
    Map<String, Object> noSuffix = new HashMap<>();
    noSuffix.put("1", null);
    assertNull(JdqlUpdateValues.assigned(update, gadget("alpha-7", 3, null, 0, 0F), noSuffix::get).get("name"));
  }

  @Test
  void aSumTakesTheWiderTypeOfItsOperandsAndIsNullOfANullOperand() throws ReflectiveOperationException {
    assertEquals(2.5, JdqlUpdateValues.assigned("UPDATE Gadget SET weight = weight + 1", gadget("alpha-7", 3, 1.5, 0, 0F),
        NO_ARGUMENTS).get("weight"), "a Double and an int: a Double");
    assertEquals(2.25F, JdqlUpdateValues.assigned("UPDATE Gadget SET rating = rating + 1", gadget("alpha-7", 3, null, 0, 1.25F),
        NO_ARGUMENTS).get("rating"), "a float and an int: a float");
    Map<String, Object> absent = new HashMap<>();
    absent.put("weight", null);
    assertEquals(absent, JdqlUpdateValues.assigned("UPDATE Gadget SET weight = weight + 1", gadget("alpha-7", 3, null, 0, 0F),
        NO_ARGUMENTS));
  }

  @Test
  void aStringLiteralAssignedToAConvertedPropertyIsItsColumnValue() throws ReflectiveOperationException {
    assertEquals(Map.of("color", Shipment.Color.BLUE), JdqlUpdateValues.assigned("UPDATE Shipment SET color = 'B' WHERE id = :id",
        new Shipment("s1", null, Shipment.Color.RED), NO_ARGUMENTS));
  }

  /** The message of the {@code AssertionError} the test's value of {@code update} on {@code g} fails with. */
  private static String failure(String update, Gadget g) {
    return assertThrows(AssertionError.class, () -> JdqlUpdateValues.assigned(update, g, NO_ARGUMENTS)).getMessage();
  }

  @Test
  void anExpressionItDoesNotKnowFailsNamingWhereItIs() {
    String message = failure("UPDATE Gadget SET size = size - 1", gadget("alpha-7", 3, null, 0, 0F));
    assertTrue(message.contains("does not know the expression at offset 25"), message);
  }

  @Test
  void anIntegerOverflowFailsRatherThanGuessAValue() {
    String message = failure("UPDATE Gadget SET size = size + 1", gadget("alpha-7", Integer.MAX_VALUE, null, 0, 0F));
    assertTrue(message.contains("size's value overflows"), message);
  }

  @Test
  void aValueOfAnotherTypeThanThePropertysFails() {
    String message = failure("UPDATE Gadget SET size = size + 1L", gadget("alpha-7", 3, null, 0, 0F));
    assertTrue(message.contains("assigns 4 (a Long) to the int property size"), message);
  }
}
