package io.strata.embedded;

import com.apple.foundationdb.tuple.Tuple;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A {@code getMappedRange} mapper, parsed as FoundationDB 7.3's storage server parses it: a packed tuple
 * whose elements become, for each key-value of the primary range, the elements of the mapped key.
 *
 * <ul>
 *   <li>{@code "{K[i]}"} / {@code "{V[i]}"} (a string or bytes element longer than 5 bytes, of that
 *       shape): element {@code i} of the primary key / value, itself unpacked as a tuple (2041/2042 when
 *       it is not one). The index is read as C's {@code stoi} reads it — leading spaces, a sign, then
 *       digits, anything after them ignored; no digits, out of {@code int} range, negative or past the
 *       tuple's end: mapper_bad_index (2030).
 *   <li>{@code "{...}"}: the mapped key is a prefix and the secondary read is the range it starts; it must
 *       be the last element (mapper_bad_range_decriptor, 2032). Without it, the secondary read is a point
 *       read of the mapped key.
 *   <li>{@code "{{"} and {@code "}}"} in a string or bytes element are escapes for {@code "{"} and
 *       {@code "}"}; an element containing one becomes a literal bytes element with the escapes removed.
 *   <li>Every other element is copied as it is encoded.
 * </ul>
 * A mapper that is not a packed tuple fails with mapper_not_tuple (2043).
 */
final class MapperPlan {
    /** One element of the mapped key: literal encoded bytes, a reference into the key or value, or the range marker. */
    private record Element(byte[] literal, boolean fromKey, int index) {}

    private final List<Element> elements;
    private final boolean rangeQuery;

    private MapperPlan(List<Element> elements, boolean rangeQuery) {
        this.elements = elements;
        this.rangeQuery = rangeQuery;
    }

    /** Plans already parsed, by mapper: an application reads through a few mappers, over and over. */
    private static final Map<ByteBuffer, MapperPlan> PARSED = new ConcurrentHashMap<>();
    private static final int PARSED_LIMIT = 256;

    /** {@link #parse}, remembered for the mapper's bytes ({@code mapper} must not change afterwards). */
    static MapperPlan of(byte[] mapper) {
        ByteBuffer key = ByteBuffer.wrap(mapper);
        MapperPlan plan = PARSED.get(key);
        if (plan == null) {
            plan = parse(mapper);
            if (PARSED.size() >= PARSED_LIMIT) {
                PARSED.clear();
            }
            PARSED.put(key, plan);
        }
        return plan;
    }

    private static MapperPlan parse(byte[] mapper) {
        List<Object> items;
        try {
            items = Tuple.fromBytes(mapper).getItems();
        } catch (RuntimeException e) {
            throw FdbErrors.of(2043);
        }
        List<Element> elements = new ArrayList<>(items.size());
        boolean range = false;
        for (int i = 0; i < items.size(); i++) {
            Object item = items.get(i);
            byte[] raw = item instanceof String s ? s.getBytes(StandardCharsets.UTF_8) : item instanceof byte[] b ? b : null;
            if (raw == null) {
                elements.add(new Element(encode(item), false, -1));
                continue;
            }
            String text = new String(raw, StandardCharsets.ISO_8859_1); // one char per byte, as C++ sees it
            String unescaped = text.replace("{{", "{").replace("}}", "}");
            int size = text.length();
            if (!unescaped.equals(text)) {
                elements.add(new Element(encode(unescaped.getBytes(StandardCharsets.ISO_8859_1)), false, -1));
            } else if (size > 5 && text.charAt(0) == '{' && (text.charAt(1) == 'K' || text.charAt(1) == 'V')
                    && text.charAt(2) == '[' && text.charAt(size - 2) == ']' && text.charAt(size - 1) == '}') {
                elements.add(new Element(null, text.charAt(1) == 'K', stoi(text.substring(3, size - 2))));
            } else if (text.equals("{...}")) {
                if (i != items.size() - 1) {
                    throw FdbErrors.of(2032);
                }
                range = true;
            } else {
                elements.add(new Element(encode(item), false, -1));
            }
        }
        return new MapperPlan(List.copyOf(elements), range);
    }

    /** Whether the secondary read is the range the mapped key prefixes ({@code {...}}) rather than a point read. */
    boolean rangeQuery() {
        return rangeQuery;
    }

    /**
     * The mapped key for one primary key-value. A referenced element's bytes are copied from the key or value
     * where {@link TupleSlices} can find them, else the key or value is decoded and the element packed again.
     */
    byte[] mappedKey(byte[] key, byte[] value) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Source keySource = null;
        Source valueSource = null;
        for (Element e : elements) {
            if (e.literal() != null) {
                out.writeBytes(e.literal());
            } else if (e.index() < 0) {
                throw FdbErrors.of(2030);
            } else if (e.fromKey()) {
                keySource = keySource != null ? keySource : new Source(key, 2041);
                keySource.write(e.index(), out);
            } else {
                valueSource = valueSource != null ? valueSource : new Source(value, 2042);
                valueSource.write(e.index(), out);
            }
        }
        return out.toByteArray();
    }

    /** The elements of a primary key or value: slices of its bytes, or its decoded items. */
    private static final class Source {
        private final byte[] packed;
        private final int[] starts;
        private final List<Object> items;

        Source(byte[] packed, int errorCode) {
            this.packed = packed;
            this.starts = TupleSlices.of(packed);
            this.items = starts == null ? unpack(packed, errorCode) : null;
        }

        /** Element {@code index} (not negative), encoded as inside a packed tuple; mapper_bad_index (2030) past the end. */
        void write(int index, ByteArrayOutputStream out) {
            int size = starts != null ? starts.length - 1 : items.size();
            if (index >= size) {
                throw FdbErrors.of(2030);
            }
            if (starts != null) {
                out.write(packed, starts[index], starts[index + 1] - starts[index]);
            } else {
                out.writeBytes(encode(items.get(index)));
            }
        }
    }

    private static List<Object> unpack(byte[] bytes, int errorCode) {
        try {
            return Tuple.fromBytes(bytes).getItems();
        } catch (RuntimeException e) {
            throw FdbErrors.of(errorCode);
        }
    }

    /** One tuple element, encoded as it is inside a packed tuple. */
    private static byte[] encode(Object item) {
        return Tuple.fromList(Collections.singletonList(item)).pack();
    }

    /**
     * C's {@code std::stoi}, read once when the mapper is parsed: -1 where it would throw, so that using the
     * element fails with mapper_bad_index (2030) as a negative index does.
     */
    private static int stoi(String text) {
        int i = 0;
        while (i < text.length() && " \t\n\u000b\f\r".indexOf(text.charAt(i)) >= 0) {
            i++;
        }
        int start = i;
        if (i < text.length() && (text.charAt(i) == '+' || text.charAt(i) == '-')) {
            i++;
        }
        int digits = i;
        while (i < text.length() && text.charAt(i) >= '0' && text.charAt(i) <= '9') {
            i++;
        }
        if (i == digits) {
            return -1;
        }
        try {
            return Integer.parseInt(text.substring(start, i));
        } catch (NumberFormatException e) {
            return -1; // out of int range
        }
    }
}
