package io.strata.samples;

import io.strata.CrudRepository;
import io.strata.Queryable;
import io.strata.Scored;
import io.strata.annotations.Repository;
import java.util.List;

/**
 * Vector search, declared: the processor plans each {@code Near} onto {@link Lookalike}'s vector index at compile time
 * and generates {@code LookalikesImpl}; each method's javadoc there says what it reads. As a {@link Queryable} it also
 * takes run-time restrictions with a nearest order ({@code where(...).nearest(_Lookalike.sketch, sketch)}: {@link LikeCommand}).
 */
@Repository
public interface Lookalikes extends CrudRepository<Lookalike, Long>, Queryable<Lookalike> {
  /**
   * The 6 sketches nearest {@code sketch}, each with its cosine distance (the place itself first, at 0), exploring
   * {@code candidates} candidates (the search-quality knob: more finds the exact nearest more often and reads more).
   */
  List<Scored<Lookalike>> findTop6BySketchNear(float[] sketch, int candidates);

  /** The same within one country: the country is checked on each candidate the search finds. */
  List<Scored<Lookalike>> findTop6ByCountryAndSketchNear(String country, float[] sketch, int candidates);
}
