package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.CodecException;
import io.strata.Continuation;
import io.strata.GeoPoint;
import io.strata.InvalidContinuationException;
import io.strata.Page;
import io.strata.document.Documents;
import io.strata.embedded.EmbeddedFdb;
import io.strata.processor.fixtures.Article;
import io.strata.processor.fixtures.ArticleRepository;
import io.strata.processor.fixtures.Crate;
import io.strata.processor.fixtures.CrateRepository;
import io.strata.processor.fixtures.CustomerCodec;
import io.strata.processor.fixtures.SampleCodec;
import io.strata.processor.fixtures.User;
import io.strata.processor.fixtures.UserCodec;
import io.strata.processor.fixtures.UserRepository;
import io.strata.row.EntityCodec;
import java.lang.management.ManagementFactory;
import java.math.BigInteger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterProperty;
import net.jqwik.api.lifecycle.BeforeProperty;
import net.jqwik.api.lifecycle.BeforeTry;

/**
 * Fuzzes the decoders of stored bytes and tokens with arbitrary and mutated input: tuple-encoded rows
 * (values and keys under {@code (E,"R",id)}), whole-row tuples (covering indexes and layer codecs, which
 * exercise every element conversion of {@code Elements}), document leaves and paths, and continuations.
 *
 * <p>Each decode must end with a value or the documented exception — {@link CodecException} for stored
 * bytes, {@link InvalidContinuationException} for tokens — never anything else; must finish (a generous
 * guard catches a loop, it is not a timing assertion); and must not allocate more than
 * {@link #ALLOCATION_LIMIT} bytes (a stored length or position must not size an allocation).
 * Embedded only: the decoders are the same code on every backend.
 */
class DecoderFuzzTest {
  private static final Duration LOOP_GUARD = Duration.ofSeconds(20);
  private static final long ALLOCATION_LIMIT = 256L << 20;

  private Database db;
  private UserRepository users;
  private ArticleRepository articles;

  @BeforeProperty
  void open() {
    db = EmbeddedFdb.open();
    users = new UserRepository(db);
    articles = new ArticleRepository(db);
  }

  /** Each try starts from an empty keyspace. */
  @BeforeTry
  void clear() {
    db.run(tr -> {
      tr.clear(new byte[0], new byte[] {(byte) 0xff});
      return null;
    });
  }

  @AfterProperty
  void close() {
    db.close();
  }

  // ------------------------------------------------------------------ the guard

  /**
   * Bytes allocated on the heap by all live threads so far (HotSpot's per-thread counters), or 0 on a JVM
   * without them (the allocation check then passes trivially).
   */
  private static long allocatedBytes() {
    if (!(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean threads)
        || !threads.isThreadAllocatedMemorySupported() || !threads.isThreadAllocatedMemoryEnabled()) {
      return 0;
    }
    long sum = 0;
    for (long a : threads.getThreadAllocatedBytes(threads.getAllThreadIds())) {
      sum += Math.max(0, a);
    }
    return sum;
  }

  /**
   * Runs {@code decode}: it may return or throw {@code documented}, nothing else; it must finish, and
   * allocate less than {@link #ALLOCATION_LIMIT}.
   */
  private static void decodes(Class<? extends RuntimeException> documented, Supplier<?> decode) {
    long before = allocatedBytes();
    assertTimeoutPreemptively(LOOP_GUARD, () -> {
      try {
        decode.get();
      } catch (RuntimeException e) {
        if (!documented.isInstance(e)) {
          throw new AssertionError("a decoder threw " + e + " instead of " + documented.getSimpleName(), e);
        }
        assertTrue(e.getMessage() != null && !e.getMessage().isBlank(), "the exception says what was wrong");
      }
    });
    long allocated = allocatedBytes() - before;
    assertTrue(allocated < ALLOCATION_LIMIT, "decoding allocated " + allocated + " bytes");
  }

  // ------------------------------------------------------------------ generators

  private static Arbitrary<Object> elements(int depth) {
    List<Arbitrary<Object>> scalars = List.of(
        Arbitraries.longs().map(l -> (Object) l),
        Arbitraries.of(0L, -1L, -2L, 1L << 31, Long.MAX_VALUE, Long.MIN_VALUE, 2_000_000_000L).map(l -> (Object) l),
        Arbitraries.doubles().map(d -> (Object) d),
        Arbitraries.of(Double.NaN, Double.POSITIVE_INFINITY, -0.0, 91.0, 181.0).map(d -> (Object) d),
        Arbitraries.floats().map(f -> (Object) f),
        Arbitraries.strings().ofMaxLength(8).map(s -> (Object) s),
        Arbitraries.of("R", "GREEN", "id", "age", "avatar", "home", "meta", "body", "1.5", "-3e400").map(s -> (Object) s),
        Arbitraries.bytes().array(byte[].class).ofMaxSize(8).map(b -> (Object) b),
        Arbitraries.of(true, false).map(b -> (Object) b),
        Arbitraries.just(null),
        Arbitraries.randomValue(r -> (Object) new UUID(r.nextLong(), r.nextLong())),
        Arbitraries.bigIntegers().between(BigInteger.TWO.pow(70).negate(), BigInteger.TWO.pow(70)).map(b -> (Object) b));
    Arbitrary<Object> scalar = Arbitraries.oneOf(scalars);
    if (depth == 0) {
      return scalar;
    }
    Arbitrary<Object> nested = elements(depth - 1).list().ofMaxSize(5).map(l -> (Object) new ArrayList<>(l));
    return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(4, scalar), net.jqwik.api.Tuple.of(1, nested));
  }

  private static Arbitrary<byte[]> validTuples() {
    return elements(2).list().ofMaxSize(6).map(l -> Tuple.fromList(l).pack());
  }

  /** {@code bytes} with a few bytes flipped, cut off, or inserted. */
  private static Arbitrary<byte[]> mutated(Arbitrary<byte[]> valid) {
    return Combinators.combine(valid, Arbitraries.integers().between(0, 2), Arbitraries.integers().between(0, 1 << 16),
        Arbitraries.bytes()).as((b, how, at, x) -> {
          if (b.length == 0) {
            return new byte[] {x};
          }
          int i = at % b.length;
          switch (how) {
            case 0 -> {
              byte[] c = b.clone();
              c[i] ^= x == 0 ? 1 : x;
              return c;
            }
            case 1 -> {
              return Arrays.copyOf(b, i);
            }
            default -> {
              return ByteArrayUtil.join(Arrays.copyOf(b, i), new byte[] {x}, Arrays.copyOfRange(b, i, b.length));
            }
          }
        });
  }

  /** Stored bytes: arbitrary, valid tuples of any elements, and mutations of both. */
  @Provide
  Arbitrary<byte[]> storedBytes() {
    Arbitrary<byte[]> arbitrary = Arbitraries.bytes().array(byte[].class).ofMaxSize(40);
    return Arbitraries.oneOf(arbitrary, validTuples(), mutated(validTuples()), mutated(realRows()));
  }

  private static Arbitrary<byte[]> realRows() {
    return Arbitraries.of(
        UserCodec.INSTANCE.encode(new User("u1", "z", "e", new GeoPoint(1, 2), new byte[] {1, 2}, 3)),
        SampleCodec.INSTANCE.encode(RepositoryContract.sample(new UUID(1, 2), "nick")),
        SampleCodec.INSTANCE.encode(RepositoryContract.sample(new UUID(3, 4), null)));
  }

  // ------------------------------------------------------------------ rows

  /** Any bytes stored as the value of any field of a row: findById decodes them or throws CodecException. */
  @Property(tries = 400)
  void rowValuesDecodeOrFailWithCodecException(@ForAll("storedBytes") byte[] value,
      @ForAll("userFields") String field) {
    users.save(new User("u1", "z", "e", new GeoPoint(1, 2), new byte[] {1, 2, 3}, 3));
    db.run(tr -> {
      tr.set(Tuple.from("User", "R", "u1", field).pack(), value);
      return null;
    });
    decodes(CodecException.class, () -> users.findById("u1"));
    decodes(CodecException.class, () -> users.findAll(10, null));
    decodes(CodecException.class, () -> users.avatarSize("u1"));
    decodes(CodecException.class, () -> users.readAvatar("u1", 1, 2));
  }

  @Provide
  Arbitrary<String> userFields() {
    return Arbitraries.of("id", "zipcode", "email", "home", "avatar", "age", "gone");
  }

  /**
   * Any bytes as a packed row (one part, or two), and any (name, value) pairs packed there: findById, findAll,
   * an index query and the blob size decode them or throw CodecException.
   */
  @Property(tries = 400)
  void packedRowsDecodeOrFailWithCodecException(@ForAll("storedBytes") byte[] first, @ForAll("storedBytes") byte[] second,
      @ForAll boolean split, @ForAll("userFields") String name, @ForAll("storedBytes") byte[] value) {
    CrateRepository crates = new CrateRepository(db);
    crates.save(new Crate("c1", "l", "n", new byte[] {1, 2, 3}, Optional.of(1L)));
    byte[] pairs = ByteArrayUtil.join(Tuple.from("id", "c1", name.equals("avatar") ? "photo" : name).pack(), value);
    db.run(tr -> {
      tr.set(Tuple.from("Crate", "R", "c1", 0L).pack(), split ? first : pairs);
      if (split) {
        tr.set(Tuple.from("Crate", "R", "c1", 1L).pack(), second);
      }
      return null;
    });
    decodes(CodecException.class, () -> crates.findById("c1"));
    decodes(CodecException.class, () -> crates.findAll(10, null));
    decodes(CodecException.class, () -> crates.findByLabel("l"));
    decodes(CodecException.class, () -> crates.photoSize("c1"));
  }

  /** Any key suffix stored under a row: findById and findAll read it or throw CodecException. */
  @Property(tries = 300)
  void rowKeysDecodeOrFailWithCodecException(@ForAll("storedBytes") byte[] suffix, @ForAll("storedBytes") byte[] value) {
    users.save(new User("u1", "z", "e", 3));
    users.save(new User("u2", "z", "f", 4));
    byte[] key = ByteArrayUtil.join(Tuple.from("User", "R", "u1").pack(), suffix);
    db.run(tr -> {
      tr.set(key, value);
      return null;
    });
    decodes(CodecException.class, () -> users.findById("u1"));
    decodes(CodecException.class, () -> users.findAll(1, null));
    decodes(CodecException.class, () -> users.findAll(10, null));
  }

  /**
   * Whole-row tuples, as covering indexes and the recipe layers store entities: every element conversion
   * of every supported field type either decodes or throws CodecException.
   */
  @Property(tries = 1_000)
  void entityCodecsDecodeOrFailWithCodecException(@ForAll("storedBytes") byte[] row) {
    for (EntityCodec<?> codec : List.<EntityCodec<?>>of(UserCodec.INSTANCE, SampleCodec.INSTANCE, CustomerCodec.INSTANCE)) {
      decodes(CodecException.class, () -> codec.decode(row));
    }
  }

  /** A covering index entry holding any bytes: the index query decodes it or throws CodecException. */
  @Property(tries = 200)
  void coveringIndexEntriesDecodeOrFailWithCodecException(@ForAll("storedBytes") byte[] value) {
    var customers = new io.strata.processor.fixtures.CustomerRepository(db);
    db.run(tr -> {
      tr.set(Tuple.from("Cust", "I", "city", "Lyon", 7L).pack(), value);
      return null;
    });
    decodes(CodecException.class, () -> customers.findByCity("Lyon"));
  }

  // ------------------------------------------------------------------ documents

  @Provide
  Arbitrary<List<Documents.Entry>> entrySets() {
    Arbitrary<Object> segment = Arbitraries.oneOf(
        Arbitraries.strings().ofMaxLength(3).withChars("ab").map(s -> (Object) s),
        Arbitraries.longs().between(-3, 4).map(l -> (Object) l),
        Arbitraries.of(Long.MAX_VALUE, Long.MIN_VALUE, 999_999L, 1_000_001L, (long) Integer.MAX_VALUE + 1).map(l -> (Object) l),
        elements(1));
    Arbitrary<Tuple> path = segment.list().ofMaxSize(4).map(Tuple::fromList);
    Arbitrary<Documents.Entry> entry = Combinators.combine(path, elements(1)).as(Documents.Entry::new);
    return entry.list().ofMaxSize(30);
  }

  /** Any set of (path, leaf) entries assembles into a tree or throws CodecException. */
  @Property(tries = 1_000)
  void documentEntriesAssembleOrFailWithCodecException(@ForAll("entrySets") List<Documents.Entry> entries) {
    decodes(CodecException.class, () -> Documents.assemble(entries));
  }

  /** Stored document leaves at any paths with any bytes: findById and getPath decode them or throw CodecException. */
  @Property(tries = 300)
  void storedDocumentsDecodeOrFailWithCodecException(@ForAll("entrySets") List<Documents.Entry> entries,
      @ForAll("storedBytes") byte[] corrupt) {
    articles.save(new Article(7, "ann", null, Map.of("a", List.of(1L, 2L))));
    Subspace meta = new Subspace(Tuple.from("Article", "R", 7L, "meta"));
    db.run(tr -> {
      for (Documents.Entry e : entries) {
        tr.set(meta.pack(e.path()), Tuple.from(e.leaf()).pack());
      }
      tr.set(meta.pack(Tuple.from("z")), corrupt);
      return null;
    });
    decodes(CodecException.class, () -> articles.findById(7L));
    decodes(CodecException.class, () -> articles.getPath(7L, "meta"));
    decodes(CodecException.class, () -> articles.getPath(7L, "meta", "a"));
  }

  // ------------------------------------------------------------------ continuations

  /** Arbitrary bytes are rejected as a continuation unless they are a well-formed token. */
  @Property(tries = 2_000)
  void arbitraryBytesAreNeverMisreadAsAContinuation(@ForAll byte[] bytes) {
    decodes(InvalidContinuationException.class, () -> {
      Continuation c = Continuation.fromBytes(bytes);
      assertArrayEquals(bytes, c.toBytes(), "only a well-formed token decodes");
      return c;
    });
  }

  @Provide
  Arbitrary<byte[]> tokens() {
    Arbitrary<byte[]> real = Arbitraries.of(
        Continuation.of(Tuple.from("User", "R").range().begin, Tuple.from("User", "R", "u2").pack()).toBytes(),
        Continuation.of(new Subspace(Tuple.from("User", "I", "zipcode", "a")).range().begin,
            Tuple.from("User", "I", "zipcode", "a", "u2").pack()).toBytes());
    return Arbitraries.oneOf(mutated(real), mutated(mutated(real)));
  }

  /**
   * A mutated token is rejected by fromBytes (or by the query it is passed to), never used to read a page
   * from somewhere else: a page query either rejects it or returns what an unaltered token returns.
   */
  @Property(tries = 500)
  void mutatedContinuationsAreRejectedNotMisread(@ForAll("tokens") byte[] token) {
    for (int i = 0; i < 4; i++) {
      users.save(new User("u" + i, "a", "e" + i, i));
    }
    decodes(InvalidContinuationException.class, () -> {
      Continuation c = Continuation.fromBytes(token);
      Page<User> all = users.findAll(2, c);
      Page<User> byZip = users.findByZipcode("a", 2, c);
      return List.of(all, byZip);
    });
  }

  /**
   * A token forged with the right query fingerprint but any resume key: rejected, or a page that starts at
   * an entity boundary (whole entities only, each equal to what was saved).
   */
  @Property(tries = 300)
  void forgedResumeKeysAreRejectedOrReadWholeEntities(@ForAll("storedBytes") byte[] suffix) {
    for (int i = 0; i < 4; i++) {
      users.save(new User("u" + i, "a", "e" + i, i));
    }
    byte[] rows = Tuple.from("User", "R").range().begin;
    Continuation forged = Continuation.of(rows, ByteArrayUtil.join(Tuple.from("User", "R").pack(), suffix));
    decodes(InvalidContinuationException.class, () -> {
      for (User u : users.findAll(10, forged).items()) {
        int i = Integer.parseInt(u.id().substring(1));
        assertTrue(u.equals(new User("u" + i, "a", "e" + i, i)), "a page holds whole entities: " + u);
      }
      return null;
    });
  }
}
