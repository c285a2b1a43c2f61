package ${package};

import io.strata.annotations.Entity;
import io.strata.annotations.Id;
import io.strata.annotations.Index;
import io.strata.annotations.Indexed;

/**
 * A task. The Strata processor generates {@code TaskRepository} (save, findById, findByProject, count, ...)
 * and {@code TaskCodec} from this record at compile time, and keeps both indexes in step with every save.
 */
@Entity
@Index(name = "byProjectAndDone", fields = {"project", "done"})
public record Task(@Id String id, @Indexed String project, String title, boolean done) {}
