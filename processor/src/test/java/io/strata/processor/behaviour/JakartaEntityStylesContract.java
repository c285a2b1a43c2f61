package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.strata.embedded.BackendContract;
import io.strata.processor.fixtures.jakarta.Bike;
import io.strata.processor.fixtures.jakarta.Bikes;
import io.strata.processor.fixtures.jakarta.BikesImpl;
import io.strata.processor.fixtures.jakarta.Car;
import io.strata.processor.fixtures.jakarta.Cars;
import io.strata.processor.fixtures.jakarta.CarsImpl;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Entities written as Jakarta NoSQL maps them, stored and read back through generated repositories with no reflection:
 * private fields with {@code id()}-style accessors built through a constructor naming the fields ({@link Car}), and
 * JavaBeans getters with a constructor for some fields and a setter for the rest ({@link Bike}).
 */
public abstract class JakartaEntityStylesContract extends BackendContract {

  @Test
  void anEntityWithAccessorsAndANamingConstructorRoundTrips() {
    Cars cars = new CarsImpl(db);
    Car tesla = new Car("Model 3", "c1", true, 2019);
    Car beetle = new Car("Beetle", "c2", false, 1972);
    cars.saveAll(List.of(tesla, beetle));
    assertEquals(tesla, cars.findById("c1").orElseThrow());
    assertEquals(List.of(beetle), cars.findByModel("Beetle"));
    assertEquals(List.of(tesla), cars.findByYearGreaterThanOrderByYearAsc(2000));
  }

  @Test
  void anEntityBuiltThroughAConstructorAndASetterRoundTrips() {
    Bikes bikes = new BikesImpl(db);
    Bike bike = new Bike(7L, "Brompton");
    bike.setGears(6);
    bikes.save(bike);
    Bike read = bikes.findByGears(6).get(0);
    assertEquals(List.of(7L, "Brompton", 6), List.of(read.getId(), read.getBrand(), read.getGears()));
  }
}
