package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.apple.foundationdb.subspace.Subspace;
import io.strata.embedded.BackendContract;
import io.strata.processor.fixtures.jakarta.Consignment;
import io.strata.processor.fixtures.jakarta.Consignments;
import io.strata.processor.fixtures.jakarta.ConsignmentsImpl;
import io.strata.processor.fixtures.jakarta.Shipment;
import io.strata.processor.fixtures.jakarta.Shipment.Color;
import io.strata.processor.fixtures.jakarta.Shipment.Weight;
import io.strata.processor.fixtures.jakarta.ShipmentCodec;
import io.strata.processor.fixtures.jakarta.Shipments;
import io.strata.processor.fixtures.jakarta.ShipmentsImpl;
import io.strata.processor.fixtures.jakarta._Shipment;
import io.strata.repository.EntityStore;
import io.strata.row.EntityLayout;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code @jakarta.nosql.Convert} properties ({@link Shipment}): stored and indexed as the converter's column values, read
 * back as the entity's values, and queried with entity-typed parameters that are converted before they meet the index or
 * the stored values.
 */
public abstract class JakartaConvertContract extends BackendContract {
  private Shipments shipments;

  @BeforeEach
  void saveShipments() {
    shipments = new ShipmentsImpl(db);
    shipments.saveAll(List.of(new Shipment("a", new Weight(1500), Color.RED), new Shipment("b", new Weight(200), Color.GREEN),
        new Shipment("c", new Weight(90_000), Color.BLUE), new Shipment("d", new Weight(1500), Color.GREEN)));
  }

  @Test
  void aConvertedPropertyIsStoredAndIndexedAsTheColumnValue() {
    assertEquals(List.of("a", 1500L, "R"), List.of(ShipmentCodec.INSTANCE.toElements(shipments.findById("a").orElseThrow())));
    EntityLayout<Shipment> layout = EntityStore.builder(ShipmentCodec.INSTANCE, new Subspace()).index("weight", "weight").packed()
        .build().layout();
    byte[] entry = layout.entryKey(layout.indexes().get(0), List.of(1500L), "a");
    assertNotNull(db.read(tr -> tr.get(entry).join()), "the index entry holds the grams");
  }

  @Test
  void aConvertedPropertyReadsBackAsTheEntitysValue() {
    Shipment read = shipments.findById("c").orElseThrow();
    assertEquals(new Weight(90_000), read.getWeight());
    assertEquals(Color.BLUE, read.getColor());
  }

  @Test
  void anEntityTypedParameterIsConvertedBeforeItMeetsTheIndex() {
    assertEquals("[a, d]", sortedIds(shipments.findByWeight(new Weight(1500))));
    assertEquals("[a, d, c]", shipments.findByWeightGreaterThanOrderByWeightAsc(new Weight(1000)).toString().replace("d, a", "a, d"));
  }

  @Test
  void findAndInParametersAreConvertedBeforeTheyMeetTheStoredValues() {
    assertEquals("[b, d]", sortedIds(shipments.colored(Color.GREEN)));
    assertEquals("[a, c]", shipments.findByColorInOrderByIdAsc(List.of(Color.RED, Color.BLUE)).toString());
  }

  @Test
  void aJdqlParameterIsConvertedBeforeItMeetsTheIndex() {
    assertEquals("[a, d]", ids(shipments.weighing(new Weight(1500))));
  }

  @Test
  void jdqlParametersAreConvertedWhereverTheConditionComparesThem() {
    assertEquals("[b, c]", ids(shipments.coloredOrWeighing(Color.BLUE, new Weight(100), new Weight(1000))));
    assertEquals("[a, c]", ids(shipments.coloredOrWeighing(Color.RED, new Weight(50_000), new Weight(100_000))));
  }

  @Test
  void aJdqlLiteralComparedWithAConvertedPropertyIsAColumnValue() {
    assertEquals("[b, d]", ids(shipments.greenByCode()));
  }

  @Test
  void runTimeQueriesCompareAConvertedPropertyByItsColumnValuesAsTheDeclaredMethodsDo() {
    ShipmentsImpl runTime = (ShipmentsImpl) shipments;
    assertEquals(ids(shipments.coloredOrWeighing(Color.BLUE, new Weight(100), new Weight(1000))),
        ids(runTime.jdql("WHERE color = ?1 OR weight BETWEEN ?2 AND ?3 ORDER BY id").bind(1, Color.BLUE).bind(2, new Weight(100))
            .bind(3, new Weight(1000)).allowScan().list()), "a range of Weight records, which have no order of their own");
    assertEquals("[b, d]", ids(runTime.jdql("WHERE color = 'G' ORDER BY id").allowScan().list()), "a literal is a column value");
    assertEquals("[a, d]", sortedIds(runTime.jdql("WHERE weight = 1500").list()), "a column literal bounds the index read");
    assertEquals("[b, d]", sortedIds(runTime.where(_Shipment.color.equalTo(Color.GREEN)).allowScan().list()));
    assertEquals("[b, a, d, c]", ids(runTime.jdql("WHERE color <> 'X' ORDER BY weight, id").allowScan().list()),
        "ordered by grams, ties by id");
    assertEquals("[c, b, d, a]", ids(runTime.jdql("WHERE color <> 'X' ORDER BY color, id").allowScan().list()),
        "ordered by the colors' codes (B, G, R), not the enum's constants (RED, GREEN, BLUE)");
  }

  @Test
  void aJdqlUpdateConvertsTheParametersItComparesAndStoresTheAssignedValue() {
    assertEquals(2, shipments.recolor(Color.GREEN, Color.RED));
    assertEquals("[a, b, d]", ids(shipments.findByColorInOrderByIdAsc(List.of(Color.RED))));
    assertEquals(List.of("b", 200L, "R"), List.of(ShipmentCodec.INSTANCE.toElements(shipments.findById("b").orElseThrow())));
  }

  @Test
  void aJdqlUpdateAssigningALiteralToAConvertedPropertyStoresThatColumnValue() {
    assertEquals(1, shipments.paintBlueByCode("a"));
    assertEquals(Color.BLUE, shipments.findById("a").orElseThrow().getColor());
  }

  @Test
  void aJdqlSelectOfAConvertedPropertyReturnsTheEntitysValuesOrTheColumnValuesAsDeclared() {
    assertEquals(List.of(Color.RED, Color.BLUE, Color.GREEN), shipments.colorsHeavierThan(new Weight(1000)));
    assertEquals(List.of("R", "B", "G"), shipments.colorCodesHeavierThan(new Weight(1000)));
  }

  @Test
  void aJdqlDeleteConvertsItsParameter() {
    assertEquals(1, shipments.deleteLighterThan(new Weight(1000)));
    assertEquals("[a, c, d]", sortedIds(shipments.findAll().toList()));
  }

  @Test
  void strataRepositoryMethodsTakeTheColumnValue() {
    Consignments consignments = new ConsignmentsImpl(db);
    consignments.saveAll(List.of(new Consignment("a", new Weight(1500)), new Consignment("b", new Weight(200))));
    assertEquals(List.of(new Consignment("a", new Weight(1500))), consignments.findByWeight(1500L));
  }

  private static String ids(List<Shipment> found) {
    return found.stream().map(Shipment::getId).toList().toString();
  }

  private static String sortedIds(List<Shipment> found) {
    return found.stream().map(Shipment::getId).sorted().toList().toString();
  }
}
