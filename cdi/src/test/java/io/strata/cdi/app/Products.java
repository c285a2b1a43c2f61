package io.strata.cdi.app;

import jakarta.data.repository.CrudRepository;
import jakarta.data.repository.Repository;
import java.util.List;

/** A Jakarta Data repository: the processor generates {@code ProductsImpl}, the extension makes it a bean. */
@Repository
public interface Products extends CrudRepository<Product, Long> {
  List<Product> findByNameStartsWith(String prefix);
}
