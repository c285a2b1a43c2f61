package io.strata.embedded;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.tuple.Tuple;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class TupleSlicesTest {
  @Test
  void everySliceIsTheElementPackedAgainOrTheTupleIsLeftToADecode() {
    SplittableRandom random = new SplittableRandom(38);
    int sliced = 0;
    for (int round = 0; round < 20_000; round++) {
      List<Object> items = new ArrayList<>();
      int size = random.nextInt(6);
      for (int i = 0; i < size; i++) {
        items.add(element(random));
      }
      byte[] packed = Tuple.fromList(items).pack();
      int[] starts = TupleSlices.of(packed);
      if (starts == null) {
        continue;
      }
      sliced++;
      assertEquals(items.size() + 1, starts.length);
      for (int i = 0; i < items.size(); i++) {
        byte[] slice = Arrays.copyOfRange(packed, starts[i], starts[i + 1]);
        assertArrayEquals(Tuple.from(items.get(i)).pack(), slice, "element " + i + " of " + items);
      }
    }
    assertTrue(sliced > 2_000, "tuples of the common types are sliced: " + sliced);
  }

  @Test
  void indexEntriesOfStringsAndLongsAreSliced() {
    byte[] entry = Tuple.from("gen", "Customer", "I", "city", "city-7", "c42", 7L, -300L, 0L, true, new byte[] {0, 1}).pack();
    int[] starts = TupleSlices.of(entry);
    assertNotNull(starts);
    assertEquals(12, starts.length);
  }

  @Test
  void whatOnlyADecodeCanJudgeIsLeftToIt() {
    assertNull(TupleSlices.of(Tuple.from("café").pack()), "non-ASCII text (UTF-8 to check)");
    assertNull(TupleSlices.of(new byte[] {0x16, 0, 5}), "an integer not in its shortest form");
    assertNull(TupleSlices.of(new byte[] {0x12, (byte) 0xff, 5}), "a negative one not in its shortest form");
    assertNull(TupleSlices.of(new byte[] {0x02, 'a'}), "an unterminated string");
    assertNull(TupleSlices.of(new byte[] {0x15}), "a truncated integer");
    assertNull(TupleSlices.of(Tuple.from(1.5d).pack()), "a double");
    assertNull(TupleSlices.of(Tuple.from(Tuple.from("a")).pack()), "a nested tuple");
    assertNull(TupleSlices.of("{K[1]}".getBytes(StandardCharsets.US_ASCII)), "not a tuple");
  }

  private static Object element(SplittableRandom random) {
    return switch (random.nextInt(10)) {
      case 0 -> null;
      case 1 -> random.nextBoolean();
      case 2 -> random.nextLong() >> random.nextInt(64);
      case 3 -> (long) random.nextInt(-300, 300);
      case 4 -> ascii(random);
      case 5 -> "é" + ascii(random);
      case 6 -> bytes(random);
      case 7 -> new UUID(random.nextLong(), random.nextLong());
      case 8 -> random.nextDouble();
      default -> Tuple.from(ascii(random));
    };
  }

  private static String ascii(SplittableRandom random) {
    StringBuilder s = new StringBuilder();
    for (int i = random.nextInt(8); i > 0; i--) {
      s.append((char) random.nextInt(0, 128));
    }
    return s.toString();
  }

  private static byte[] bytes(SplittableRandom random) {
    byte[] b = new byte[random.nextInt(8)];
    for (int i = 0; i < b.length; i++) {
      b[i] = (byte) random.nextInt(256);
    }
    return b;
  }
}
