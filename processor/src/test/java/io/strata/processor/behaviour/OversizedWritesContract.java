package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Transaction;
import io.strata.EntityTooLargeException;
import io.strata.GeoPoint;
import io.strata.embedded.BackendContract;
import io.strata.processor.fixtures.Article;
import io.strata.processor.fixtures.ArticleRepository;
import io.strata.processor.fixtures.Memo;
import io.strata.processor.fixtures.Crate;
import io.strata.processor.fixtures.CrateRepository;
import io.strata.processor.fixtures.MemoRepository;
import io.strata.processor.fixtures.Transcript;
import io.strata.processor.fixtures.TranscriptRepository;
import io.strata.processor.fixtures.User;
import io.strata.processor.fixtures.UserRepository;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Over-long keys and over-large values of every index kind, inside a caller's transaction: the caller
 * catches the {@link EntityTooLargeException} and commits, and the keyspace must be exactly as before
 * (every size check runs before the first write of the save, not only before the commit).
 */
public abstract class OversizedWritesContract extends BackendContract {
  private MemoRepository memos;
  private UserRepository users;
  private ArticleRepository articles;

  @BeforeEach
  void createRepositories() {
    memos = new MemoRepository(db);
    users = new UserRepository(db);
    articles = new ArticleRepository(db);
    memos.save(Memo.small("m0")); // index states and the count exist before each test
    users.save(new User("u0", "z", "e0", 1));
    articles.save(new Article(1L, "ann", new Article.Body("t", new Article.Author("bob", 1), List.of(), java.util.Optional.empty(),
        Map.of()), Map.of()));
  }

  /**
   * Runs {@code write} in one caller transaction that catches the expected exception and commits; checks
   * the message mentions each of {@code mentions} and that nothing was written.
   */
  private void rejectedInCallerTransaction(Consumer<Transaction> write, String... mentions) {
    List<String> before = keyspace();
    db.run(tr -> {
      EntityTooLargeException e = assertThrows(EntityTooLargeException.class, () -> write.accept(tr));
      for (String m : mentions) {
        assertTrue(e.getMessage().contains(m), "message should mention '" + m + "': " + e.getMessage());
      }
      return null; // the caller commits what its transaction holds
    });
    List<String> after = keyspace();
    assertEquals(List.of(), changed(before, after), "the rejected save wrote nothing, though its caller committed");
    assertEquals(before, after);
  }

  /** The entries only one of {@code before} and {@code after} holds, each cut to 160 characters. */
  private static List<String> changed(List<String> before, List<String> after) {
    List<String> out = new java.util.ArrayList<>();
    after.stream().filter(e -> !before.contains(e)).forEach(e -> out.add("+ " + e.substring(0, Math.min(160, e.length()))));
    before.stream().filter(e -> !after.contains(e)).forEach(e -> out.add("- " + e.substring(0, Math.min(160, e.length()))));
    return out;
  }

  private static Memo memo(String id, String body, String tag, String title, String note) {
    return new Memo(id, "ann", "ops", body, tag, title, note, 3);
  }

  @Test
  void aTextWordOverTheKeyLimitWritesNothing() {
    rejectedInCallerTransaction(tr -> memos.save(tr, memo("m1", "w".repeat(10_001), "t", "T", "n")),
        "Memo id m1", "text index 'body'", "10,000-byte key limit");
  }

  @Test
  void anAggregateCountGroupOverTheKeyLimitWritesNothing() {
    rejectedInCallerTransaction(tr -> memos.save(tr, memo("m1", "b", "g".repeat(9_985), "T", "n")),
        "Memo id m1", "aggregate 'memosByTag'", "10,000-byte key limit");
  }

  @Test
  void aRankValueOverTheKeyLimitWritesNothing() {
    rejectedInCallerTransaction(tr -> memos.save(tr, memo("m1", "b", "t", "r".repeat(9_990), "n")),
        "Memo id m1", "rank 'byTitle'", "10,000-byte key limit");
  }

  @Test
  void aCoveringRowOverTheValueLimitWritesNothing() {
    String half = "x ".repeat(30_000);
    rejectedInCallerTransaction(tr -> memos.save(tr, memo("m1", half, "t", "T", half)),
        "Memo id m1", "covering index 'topic' row", "100,000-byte value limit");
  }

  @Test
  void aChangeFeedKeyOverTheKeyLimitWritesNothing() {
    rejectedInCallerTransaction(tr -> memos.save(tr, memo("i".repeat(9_972), "b", "t", "T", "n")), // the rank's keys stay under
        "change feed", "10,000-byte key limit");
  }

  @Test
  void aSpatialKeyOverTheKeyLimitWritesNothing() {
    rejectedInCallerTransaction(tr -> users.save(tr, new User("s".repeat(9_975), "z", "e", new GeoPoint(48.85, 2.35), 1)),
        "spatial index 'home'", "10,000-byte key limit");
  }

  @Test
  void aRowAndABlobEachUnderBudgetButOverItTogetherWriteNothing() {
    CrateRepository crates = new CrateRepository(db);
    Crate crate = new Crate("c1", "l", "n".repeat(6_000_000), new byte[6_000_000], Optional.empty());
    rejectedInCallerTransaction(tr -> crates.save(tr, crate),
        "Crate id c1", "one save would write", "(row 600", "@Blob chunks 60", "8000000", "BlobStore");
  }

  /**
   * A transcript whose row (~4 MB of distinct words) is under one transaction's budget, but whose text index entries
   * (a key and positions per word) take it over: the total counts what the derived indexes write.
   */
  @Test
  void aRowUnderBudgetWithTextEntriesOverItTogetherWritesNothing() {
    StringBuilder body = new StringBuilder();
    for (int i = 0; body.length() < 4_000_000; i++) {
      for (int n = i; ; n /= 26) { // i's digits in base 26 as letters: a distinct word per i
        body.append((char) ('a' + n % 26));
        if (n < 26) {
          break;
        }
      }
      body.append(' ');
    }
    TranscriptRepository transcripts = new TranscriptRepository(db);
    rejectedInCallerTransaction(tr -> transcripts.save(tr, new Transcript("t1", body.toString())),
        "Transcript id t1", "one save would write", "derived indexes", "8000000");
  }

  /**
   * Saves of ~1.5 MB each into one caller transaction: each fits on its own, but the seventh would take the
   * transaction over FoundationDB's 10,000,000 bytes, so it is refused before it writes and the caller commits the
   * six before it (where the commit of all seven used to fail whole).
   */
  @Test
  void manySavesInOneCallerTransactionStopBeforeItsLimit() {
    CrateRepository crates = new CrateRepository(db);
    db.run(tr -> {
      for (int i = 1; i <= 6; i++) {
        crates.save(tr, new Crate("c" + i, "l", "n", new byte[1_500_000], Optional.empty()));
      }
      EntityTooLargeException e = assertThrows(EntityTooLargeException.class,
          () -> crates.save(tr, new Crate("c7", "l", "n", new byte[1_500_000], Optional.empty())));
      for (String m : List.of("Crate id c7", "already holding", "10,000,000-byte transaction limit", "another transaction")) {
        assertTrue(e.getMessage().contains(m), "message should mention '" + m + "': " + e.getMessage());
      }
      return null;
    });
    for (int i = 1; i <= 6; i++) {
      assertTrue(crates.findById("c" + i).isPresent(), "c" + i + " was committed");
    }
    assertEquals(Optional.empty(), crates.findById("c7"));
  }

  @Test
  void saveAllWithOneOversizedEntityWritesNone() {
    rejectedInCallerTransaction(tr -> memos.saveAll(tr, List.of(Memo.small("m1"), memo("m2", "w".repeat(10_001), "t", "T", "n"))),
        "Memo id m2", "text index 'body'");
  }

  @Test
  void setPathWithAnIndexedValueOverTheKeyLimitWritesNothing() {
    rejectedInCallerTransaction(tr -> articles.setPath(tr, 1L, "n".repeat(10_001), "body", "user", "name"),
        "Article id 1", "index 'byAuthorName'", "10,000-byte key limit");
  }
}
