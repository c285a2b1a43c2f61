package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.apple.foundationdb.tuple.Tuple;
import io.strata.BoundingBox;
import io.strata.GeoPoint;
import io.strata.Page;
import io.strata.embedded.BackendContract;
import io.strata.processor.fixtures.User;
import io.strata.processor.fixtures.UserRepository;
import io.strata.spatial.GeoGrid;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Generated {@code @Spatial} methods and the maintenance of the Z-order index on save and delete. */
public abstract class SpatialRepositoryContract extends BackendContract {
  protected UserRepository users;

  private static final GeoPoint PARIS = new GeoPoint(48.8566, 2.3522);
  private static final GeoPoint LYON = new GeoPoint(45.764, 4.8357);
  private static final GeoPoint SUVA = new GeoPoint(-18.1416, 178.4419);

  @BeforeEach
  void saveUsersInThreePlacesAndNowhere() {
    users = new UserRepository(db);
    users.save(new User("paris", "75001", "p@x", PARIS, 1));
    users.save(new User("lyon", "69001", "l@x", LYON, 2));
    users.save(new User("suva", "0000", "s@x", SUVA, 3));
    users.save(new User("nowhere", "0", "n@x", null, 4));
  }

  private static List<String> ids(List<User> found) {
    return found.stream().map(User::id).toList();
  }

  @Test
  void indexEntryFollowsTheLayoutWithTheExactPointAsValue() {
    byte[] value = db.read(tr -> tr.get(Tuple.from("User", "Z", "home", GeoGrid.z(PARIS), "paris").pack()).join());
    assertArrayEquals(Tuple.from(PARIS.lat(), PARIS.lon()).pack(), value);
  }

  @Test
  void findWithinReturnsExactlyThePointsInTheBox() {
    assertEquals(List.of("paris"), ids(users.findByHomeWithin(BoundingBox.geo(48, 2, 49, 3))));
    assertEquals(List.of("lyon"), users.findIdsByHomeWithin(BoundingBox.geo(45, 4, 46, 5)));
    assertEquals(List.of("suva"), ids(users.findByHomeWithin(BoundingBox.geo(-20, 170, -10, -170))));
    Page<User> page = users.findByHomeWithin(BoundingBox.geo(40, 0, 50, 10), 1, null);
    assertEquals(1, page.items().size());
    Page<User> rest = users.findByHomeWithin(BoundingBox.geo(40, 0, 50, 10), 1, page.next().orElseThrow());
    assertEquals(1, rest.items().size());
  }

  @Test
  void nearAndNearestOrderByDistance() {
    assertEquals(List.of("paris", "lyon"), ids(users.findByHomeNear(new GeoPoint(48.0, 2.5), 500_000)));
    assertEquals(List.of("lyon", "paris"), ids(users.findByHomeNearest(new GeoPoint(45.0, 5.0), 2)));
  }

  @Test
  void movingAPointMovesItsIndexEntryAndDeletingRemovesIt() {
    users.save(new User("paris", "75001", "p@x", LYON, 1));
    assertEquals(List.of(), users.findIdsByHomeWithin(BoundingBox.geo(48, 2, 49, 3)));
    assertEquals(List.of("lyon", "paris"), users.findIdsByHomeWithin(BoundingBox.geo(45, 4, 46, 5)).stream().sorted().toList());
    users.deleteById("lyon");
    users.save(new User("paris", "75001", "p@x", null, 1));
    assertEquals(List.of(), users.findIdsByHomeWithin(BoundingBox.geo(45, 4, 46, 5)));
    long entries = db.read(tr -> tr.getRange(Tuple.from("User", "Z").range()).asList().join()).size();
    assertEquals(1, entries, "only suva is left in the spatial index");
  }
}
