package com.example;

import io.strata.Restriction;
import jakarta.data.Limit;
import jakarta.data.Order;
import jakarta.data.Sort;
import jakarta.data.page.Page;
import jakarta.data.page.PageRequest;
import jakarta.data.repository.By;
import jakarta.data.repository.DataRepository;
import jakarta.data.repository.Find;
import jakarta.data.repository.OrderBy;
import jakarta.data.repository.Repository;
import java.util.List;
import java.util.Optional;

@Repository
public interface ProductSearch extends DataRepository<Product, Long> {
  @Find
  List<Product> search(Restriction<Product> where, Order<Product> order, PageRequest page);

  List<Product> findByNameIgnoreCaseStartsWithAndKindNot(String prefix, Product.Kind kind, Restriction<Product> where,
      Sort<?>... sorts);

  @Find
  @OrderBy("name")
  Product[] ofKind(@By("kind") Product.Kind k, Restriction<Product> where, Limit limit);

  @Find
  Page<Product> pageOfKind(Product.Kind kind, Restriction<Product> where, PageRequest page, Order<Product> order);

  Optional<Product> findByName(String name, Restriction<Product> where);

  long countByKindOrIsFragileTrue(Product.Kind kind, Restriction<Product> where);
}
