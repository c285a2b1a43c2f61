package io.strata.cdi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.StrataDb;
import io.strata.cdi.app.ArchiveDbProducer;
import io.strata.cdi.app.ArchivedProducts;
import io.strata.cdi.app.ArchivedProductsImpl;
import io.strata.cdi.app.Archivist;
import io.strata.cdi.app.Catalog;
import io.strata.cdi.app.Note;
import io.strata.cdi.app.NoteRepository;
import io.strata.cdi.app.Notes;
import io.strata.cdi.app.NotesImpl;
import io.strata.cdi.app.Product;
import io.strata.cdi.app.Products;
import io.strata.cdi.app.ProductsImpl;
import io.strata.cdi.app.Shop;
import io.strata.cdi.app.StrataDbProducer;
import io.strata.cdi.fixtures.NotARepository;
import io.strata.cdi.fixtures.OwnProducts;
import jakarta.data.repository.CrudRepository;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.enterprise.inject.spi.DefinitionException;
import jakarta.enterprise.inject.spi.DeploymentException;
import jakarta.enterprise.util.TypeLiteral;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Type;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.jboss.weld.environment.se.Weld;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The extension in Weld SE, on the repositories this module's tests compile with the Strata processor. */
class StrataExtensionTest {
  /** Every repository the processor listed for the test application, and the interfaces users inject. */
  private static final List<Type> REPOSITORY_TYPES = List.of(
      ProductsImpl.class, Products.class, NotesImpl.class, Notes.class, NoteRepository.class, ArchivedProductsImpl.class,
      ArchivedProducts.class);

  @TempDir Path temp;

  /**
   * The test application alone, in a synthetic archive: no discovery, only the classes named. Weld SE then loads no
   * extension from META-INF/services either, so the extension is added as an application does in that mode.
   */
  private static Weld application(Class<?>... classes) {
    return new Weld().disableDiscovery().addExtension(new StrataExtension()).addBeanClasses(classes);
  }

  @Test
  void injectedRepositoriesRunTheirTransactionsInTheProducedObservedDatabase() {
    try (WeldContainer container = application(io.strata.cdi.fixtures.ObservedStrataDbProducer.class, Shop.class).initialize()) {
      container.select(Shop.class).get().products().save(new Product(1, "lamp", 20.0));

      io.micrometer.observation.tck.TestObservationRegistryAssert.assertThat(io.strata.cdi.fixtures.ObservedStrataDbProducer.REGISTRY)
          .hasObservationWithNameEqualTo("strata.transaction").that()
          .hasLowCardinalityKeyValue("strata.outcome", "committed");
    }
  }

  @Test
  void injectedRepositoriesSaveAndReadInTheApplicationsDatabase() {
    try (WeldContainer container = application(StrataDbProducer.class, Shop.class).initialize()) {
      Shop shop = container.select(Shop.class).get();
      shop.products().save(new Product(1, "lamp", 20.0));
      shop.products().save(new Product(2, "ladder", 90.0));
      shop.notes().save(new Note("n1", "delivery", "ring twice"));

      assertEquals("lamp", shop.products().findById(1L).orElseThrow().name);
      assertEquals(List.of(1L, 2L), shop.products().findByNameStartsWith("la").stream().map(p -> p.id).sorted().toList());
      assertEquals(List.of("ring twice"), shop.notes().findByTopic("delivery").stream().map(Note::text).toList());
      assertEquals(Optional.of("ring twice"), shop.noteRepository().findById("n1").map(Note::text));
      StrataDb db = container.select(StrataDb.class).get();
      assertEquals(2, new ProductsImpl(db).findAll().count(), "the repositories wrote to the StrataDb bean's database");
    }
  }

  @Test
  void aRepositoryWithADataStoreIsBuiltOnTheStrataDbOfThatName() {
    try (WeldContainer container = application(StrataDbProducer.class, ArchiveDbProducer.class, Archivist.class).initialize()) {
      Archivist archivist = container.select(Archivist.class).get();
      container.select(Products.class).get().save(new Product(7, "kettle", 30.0));
      archivist.archive(7);
      // one database would hold the kettle in neither: the archive saved it, then the shop deleted it
      assertTrue(container.select(Products.class).get().findById(7L).isEmpty(), "gone from the shop's database");
      assertEquals("kettle", container.select(ArchivedProducts.class).get().findById(7L).orElseThrow().name, "in the archive's");
      StrataDb archive = container.select(StrataDb.class, jakarta.enterprise.inject.literal.NamedLiteral.of("archive")).get();
      assertEquals(1, new ProductsImpl(archive).findAll().count());
    }
  }

  @Test
  void injectingARepositoryWhoseDataStoreHasNoStrataDbFailsDeploymentNamingIt() {
    DeploymentException e = assertThrows(DeploymentException.class,
        () -> application(StrataDbProducer.class, Archivist.class).initialize().close());
    String message = fullText(e);
    assertTrue(message.contains("No StrataDb bean @Named(\"archive\") to build Strata's repositories on, but "
        + Archivist.class.getName() + ".archived needs one") && message.contains("@Produces @Singleton @Named(\"archive\") StrataDb"),
        message);
  }

  @Test
  void everyInjectionPointGetsTheSameRepository() {
    try (WeldContainer container = application(StrataDbProducer.class, Shop.class, Catalog.class).initialize()) {
      Products products = container.select(Shop.class).get().products();
      assertSame(products, container.select(Catalog.class).get().products());
      assertSame(products, container.select(Products.class).get());
      assertSame(products, container.select(ProductsImpl.class).get());
    }
  }

  @Test
  void repositoryBeansHaveTheirClassAndInterfacesAsTypesAndAreSingletons() {
    try (WeldContainer container = application(StrataDbProducer.class).initialize()) {
      var bean = container.getBeanManager().resolve(container.getBeanManager().getBeans(Products.class));
      assertEquals(Singleton.class, bean.getScope());
      assertTrue(bean.getTypes().containsAll(List.of(ProductsImpl.class, Products.class, Object.class)), bean.getTypes()::toString);
      assertSame(container.select(Products.class).get(),
          container.select(new TypeLiteral<CrudRepository<Product, Long>>() {}).get(), "generic supertypes are bean types");
    }
  }

  @Test
  void discoveryModeAllGivesOneBeanPerRepository() {
    // src/test/resources/META-INF/beans.xml: the test application's archive in mode "all" finds the generated classes,
    // whose @Inject (StrataDb) constructors make them managed beans, unless the extension vetoes them; the extension
    // itself comes from META-INF/services
    try (WeldContainer container = new Weld().initialize()) {
      assertOneBeanPerRepository(container.getBeanManager());
      Shop shop = container.select(Shop.class).get();
      shop.products().save(new Product(7, "rope", 5.0));
      assertEquals("rope", shop.products().findById(7L).orElseThrow().name);
    }
  }

  @Test
  void aSyntheticArchiveGivesOneBeanPerRepositoryEvenWhenItNamesTheGeneratedClasses() {
    try (WeldContainer container = application(StrataDbProducer.class, Shop.class, ProductsImpl.class, NoteRepository.class)
        .initialize()) {
      assertOneBeanPerRepository(container.getBeanManager());
      assertSame(container.select(Products.class).get(), container.select(Shop.class).get().products());
    }
  }

  private static void assertOneBeanPerRepository(BeanManager beans) {
    for (Type type : REPOSITORY_TYPES) {
      assertEquals(1, beans.getBeans(type).size(), () -> "beans of " + type + ": " + beans.getBeans(type));
    }
  }

  @Test
  void anApplicationsOwnBeanOfARepositoryClassReplacesTheExtensions() {
    try (WeldContainer container = application(StrataDbProducer.class, OwnProducts.class).initialize()) {
      Products products = container.select(Products.class).get();
      assertSame(OwnProducts.PRODUCED.get(), products);
      assertEquals(1, container.getBeanManager().getBeans(ProductsImpl.class).size());
      assertEquals(1, container.getBeanManager().getBeans(Notes.class).size(), "the other repositories stay");
    }
  }

  @Test
  void injectingARepositoryWithoutAStrataDbBeanFailsDeploymentSayingHowToProduceOne() {
    DeploymentException e = assertThrows(DeploymentException.class,
        () -> application(Shop.class, Catalog.class).initialize().close());
    String message = fullText(e);
    assertTrue(message.contains("No StrataDb bean to build Strata's repositories on"), message);
    assertTrue(message.contains("produce one with a @Produces StrataDb method, e.g."), message);
    assertTrue(message.contains("Strata.connect(\"strata:mem:\")"), message);
    assertTrue(message.contains("but io.strata.cdi.app.Shop.noteRepository, io.strata.cdi.app.Shop.notes,"
        + " io.strata.cdi.app.Shop.products, the constructor of io.strata.cdi.app.Catalog need one"), message);
  }

  @Test
  void lookingUpARepositoryWithoutAStrataDbBeanFailsSayingHowToProduceOne() {
    try (WeldContainer container = application().initialize()) {
      RuntimeException e = assertThrows(RuntimeException.class, () -> container.select(Products.class).get());
      String message = fullText(e);
      assertTrue(message.contains("io.strata.cdi.app.ProductsImpl needs one: produce one with a @Produces StrataDb method"), message);
    }
  }

  @Test
  void anIndexListingAClassThatIsNotThereFailsDeploymentNamingIt() throws IOException {
    Path index = index("com.example.GoneImpl");
    DefinitionException e = assertThrows(DefinitionException.class, () -> withContextClassLoaderSeeing(temp, () ->
        application(StrataDbProducer.class).initialize()).close());
    String message = fullText(e);
    assertTrue(message.contains(index.toUri().toURL() + " lists com.example.GoneImpl, which cannot be loaded"), message);
    assertTrue(message.contains("rebuild the module that generated it with the Strata annotation processor"), message);
  }

  @Test
  void anIndexListingAClassWithoutRepositoryConstructorsFailsDeploymentNamingIt() throws IOException {
    index(NotARepository.class.getName());
    DefinitionException e = assertThrows(DefinitionException.class, () -> withContextClassLoaderSeeing(temp, () ->
        application(StrataDbProducer.class).initialize()).close());
    String message = fullText(e);
    assertTrue(message.contains("lists io.strata.cdi.fixtures.NotARepository, which has neither a public (StrataDb) nor a"
        + " public (Database, Subspace) constructor"), message);
  }

  /** Writes an index resource listing {@code className} below {@link #temp}. */
  private Path index(String className) throws IOException {
    Path index = temp.resolve(RepositoryIndex.RESOURCE);
    Files.createDirectories(index.getParent());
    Files.writeString(index, "# written by the test\n" + className + "\n");
    return index;
  }

  /** Runs {@code body} with a context class loader that also sees the resources in {@code directory}. */
  private static <T> T withContextClassLoaderSeeing(Path directory, Supplier<T> body) {
    Thread thread = Thread.currentThread();
    ClassLoader before = thread.getContextClassLoader();
    try (URLClassLoader loader = new URLClassLoader(new java.net.URL[] {directory.toUri().toURL()}, before)) {
      thread.setContextClassLoader(loader);
      return body.get();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    } finally {
      thread.setContextClassLoader(before);
    }
  }

  /** The exception's messages and its causes' (Weld wraps the extension's problems), as one text. */
  private static String fullText(Throwable e) {
    StringWriter out = new StringWriter();
    e.printStackTrace(new PrintWriter(out));
    return out.toString();
  }
}
