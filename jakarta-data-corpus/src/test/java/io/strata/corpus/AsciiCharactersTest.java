package io.strata.corpus;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import org.eclipse.jnosql.databases.mongodb.integration.AsciiCharacter;
import org.eclipse.jnosql.databases.mongodb.integration.AsciiCharacters;
import org.eclipse.jnosql.databases.mongodb.integration.AsciiCharactersImpl;
import org.junit.jupiter.api.Test;

/**
 * JNoSQL's MongoDB integration tests' {@code AsciiCharacters}: a {@code DataRepository} of a record of boxed values
 * (a {@code Character} among them), with a JDQL projection combining {@code LIKE}, {@code NOT LIKE}, {@code NOT IN}
 * on a character and {@code NOT BETWEEN}, a {@code NotNull} count and a {@code default} method that populates it.
 */
class AsciiCharactersTest extends CorpusTest {
  @Test
  void populateSavesTheAsciiTableOnceAndTheProjectionAnswersAbcdfo() {
    AsciiCharacters characters = new AsciiCharactersImpl(db);
    characters.populate();
    assertEquals(127, characters.countByHexadecimalNotNull());
    characters.populate();
    assertEquals(127, characters.countByHexadecimalNotNull(), "a second populate() finds the table there");
    assertArrayEquals(new Character[] {'A', 'B', 'C', 'D', 'F', 'O'}, characters.getABCDFO(),
        "what JNoSQL's own test expects of the ASCII table");
  }

  @Test
  void everyQueryAnswersAsBruteForceOverRandomCharacters() {
    AsciiCharacters characters = new AsciiCharactersImpl(db);
    TreeMap<Long, AsciiCharacter> saved = new TreeMap<>();
    for (int round = 0; round < 15; round++) {
      List<AsciiCharacter> batch = new ArrayList<>();
      for (int i = 0; i < 20; i++) {
        AsciiCharacter c = randomCharacter();
        batch.add(c);
        saved.put(c.id(), c);
      }
      assertEquals(batch, characters.saveAll(batch), seed("saveAll returns the characters in order"));
      assertEquals(saved.values().stream().filter(c -> c.hexadecimal() != null).count(),
          characters.countByHexadecimalNotNull(), seed("countByHexadecimalNotNull"));
      assertArrayEquals(abcdfo(saved.values()), characters.getABCDFO(), seed("getABCDFO"));
    }
  }

  /**
   * A character with an id from 1 to 150 (a save may replace an earlier one), with nulls and near misses of every
   * condition of the projection.
   */
  private AsciiCharacter randomCharacter() {
    int value = random.nextInt(128);
    String hexadecimal = switch (random.nextInt(6)) {
      case 0 -> null;
      case 1 -> "4" + "0123456789abcdefx".charAt(random.nextInt(17));
      case 2 -> "4" + Integer.toHexString(random.nextInt(256));
      default -> Integer.toHexString(value);
    };
    Character character = random.nextInt(8) == 0 ? null
        : random.nextInt(4) == 0 ? pick(List.of('E', 'G', 'e', 'F')) : Character.valueOf((char) value);
    return new AsciiCharacter(1L + random.nextInt(150), random.nextInt(5) == 0 ? null : value, hexadecimal, character,
        random.nextInt(5) == 0 ? null : Character.isISOControl(value));
  }

  /**
   * The JDQL query {@code select thisCharacter where hexadecimal like '4_' and hexadecimal not like '%0' and
   * thisCharacter not in ('E', 'G') and id not between 72 and 78 order by id asc}: a condition on a null value is not
   * true, so such characters are left out.
   */
  private static Character[] abcdfo(Iterable<AsciiCharacter> saved) {
    List<AsciiCharacter> matches = new ArrayList<>();
    for (AsciiCharacter c : saved) {
      String hex = c.hexadecimal();
      if (hex != null && hex.length() == 2 && hex.charAt(0) == '4' && !hex.endsWith("0")
          && c.thisCharacter() != null && !Set.of('E', 'G').contains(c.thisCharacter())
          && (c.id() < 72 || c.id() > 78)) {
        matches.add(c);
      }
    }
    return matches.stream().sorted(Comparator.comparing(AsciiCharacter::id)).map(AsciiCharacter::thisCharacter)
        .toArray(Character[]::new);
  }
}
