package org.aitelemetry.worker.health;

import io.quarkus.vertx.ConsumeEvent;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.aitelemetry.worker.pipeline.PipelineAddresses;

/** Every {@link VerdictChange} announced on the event bus, in order, for tests to read. */
@ApplicationScoped
public class RecordedVerdictChanges {

    private final List<VerdictChange> changes = new CopyOnWriteArrayList<>();

    @ConsumeEvent(value = PipelineAddresses.VERDICT_CHANGED, ordered = true)
    void record(VerdictChange change) {
        changes.add(change);
    }

    public List<VerdictChange> of(UUID runId) {
        return changes.stream().filter(change -> change.runId().equals(runId)).toList();
    }
}
