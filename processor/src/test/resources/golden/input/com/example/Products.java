package com.example;

import jakarta.data.Limit;
import jakarta.data.Order;
import jakarta.data.Sort;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.Page;
import jakarta.data.page.PageRequest;
import jakarta.data.repository.By;
import jakarta.data.repository.CrudRepository;
import jakarta.data.repository.Find;
import jakarta.data.repository.Insert;
import jakarta.data.repository.OrderBy;
import jakarta.data.repository.Param;
import jakarta.data.repository.Query;
import jakarta.data.repository.Repository;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

@Repository
public interface Products extends CrudRepository<Product, Long> {
  List<Product> findByNameIgnoreCaseStartsWithAndPriceLessThanOrderByPriceDesc(String prefix, double max);

  long countByKindNot(Product.Kind kind);

  boolean existsByGradeIn(List<Character> grades);

  void deleteByIsFragileTrue();

  Optional<Product> findFirstByKindOrderByNameAsc(Product.Kind kind, Sort<?>... more);

  @Find
  @OrderBy("name")
  Stream<Product> byKind(@By("kind") Product.Kind k, Limit limit);

  @Find
  @OrderBy(value = "id", descending = true)
  List<Product> latestOfKind(@By("kind") Product.Kind kind, Limit limit);

  @Find
  @OrderBy("kind")
  @OrderBy("id")
  List<Product> firstOfKind(@By("kind") Product.Kind kind, Limit limit);

  @Find
  CursoredPage<Product> fragile(boolean isFragile, PageRequest page, Order<Product> order);

  @Find
  @OrderBy(value = "id", descending = true)
  CursoredPage<Product> pagesOfKind(@By("kind") Product.Kind kind, PageRequest page);

  @Find
  Stream<Product> streamOfKind(@By("kind") Product.Kind kind, Sort<Product> sort);

  @Query("SELECT name WHERE price BETWEEN :low AND :high AND name NOT LIKE 'x%' ORDER BY price")
  Page<String> namesPricedBetween(@Param("low") double min, @Param("high") double max, PageRequest page);

  @Query("SELECT name WHERE price >= 10.5 ORDER BY name")
  List<String> namesFromTenAndAHalf();

  @Query("UPDATE Product SET price = price * ?1 WHERE kind = com.example.Product.Kind.FOOD")
  long reprice(double factor);

  @Insert
  Product[] addAll(Product... products);
}
