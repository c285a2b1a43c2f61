package ${package};

import io.strata.annotations.Entity;
import io.strata.annotations.Id;
import io.strata.annotations.Indexed;

/**
 * A task. The Strata processor generates {@code TaskRepository} (save, findById, findByProject, count, ...)
 * and {@code TaskCodec} from this record at compile time.
 */
@Entity
public record Task(@Id String id, @Indexed String project, String title, boolean done) {}
