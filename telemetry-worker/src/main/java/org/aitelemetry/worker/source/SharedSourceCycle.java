package org.aitelemetry.worker.source;

import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.Function;
import java.util.stream.Stream;
import org.aitelemetry.prometheus.source.SourceDefinition;
import org.jboss.logging.Logger;

/**
 * One replica's part of a cycle of per-source work, so that N replicas work on N sources at once rather than take
 * turns: its {@link SourceShares share} of the sources among the {@link ReplicaRoster replicas here}, then any other
 * source not done in the previous slot (its replica died or fell behind), so that a killed replica's sources miss one
 * cycle at most: the one it died in, or, for those it had done in that one, the next, after which it is gone from the
 * roster and its share dealt anew. Each source still runs through {@link LockedSourceCycle}, whose lock and slot mark
 * keep it to once per slot whoever tries; the deal only decides who tries first. Unscheduled work (run by hand) runs
 * every source.
 */
public final class SharedSourceCycle {

    private static final Logger LOG = Logger.getLogger(SharedSourceCycle.class);

    private final LockedSourceCycle cycle;
    private final ReplicaRoster roster;

    /** @param goneAfterCycles cycles without a heartbeat, this one included, after which a replica gets no share */
    public SharedSourceCycle(LockedSourceCycle cycle, Pool pool, int goneAfterCycles) {
        this.cycle = cycle;
        this.roster = new ReplicaRoster(pool, cycle.work(), cycle.replicaId(), cycle.slots(), goneAfterCycles);
    }

    /** Runs {@code work} for the sources this replica takes in the current slot, one after the other. */
    public <T> Uni<List<T>> run(List<SourceDefinition> sources, Function<SourceDefinition, Uni<T>> work) {
        OptionalLong slot = cycle.slots().current();
        Uni<List<SourceDefinition>> taken = slot.isEmpty() ? Uni.createFrom().item(sources)
                : roster.beat().chain(replicas -> cycle.doneSlots()
                        .map(done -> taken(sources, replicas, done, slot.getAsLong())));
        return taken.chain(chosen -> Multi.createFrom().iterable(chosen)
                .onItem().transformToUniAndConcatenate(source -> work.apply(source))
                .collect().asList());
    }

    private List<SourceDefinition> taken(List<SourceDefinition> sources, List<String> replicas,
            Map<String, Long> doneSlots, long slot) {
        Map<String, String> owners = SourceShares.owners(sources.stream().map(SourceDefinition::name).toList(), replicas);
        List<SourceDefinition> own = sources.stream()
                .filter(source -> owners.get(source.name()).equals(roster.replicaId())).toList();
        List<SourceDefinition> overdue = sources.stream().filter(source -> !own.contains(source))
                .filter(source -> doneSlots.getOrDefault(source.name(), Long.MIN_VALUE) < slot - 1).toList();
        LOG.debugf("%s in slot %d on %s (%d replicas): own %s, overdue %s", cycle.work(), slot, roster.replicaId(),
                replicas.size(), names(own), names(overdue));
        return Stream.concat(own.stream(), overdue.stream()).toList();
    }

    private static List<String> names(List<SourceDefinition> sources) {
        return sources.stream().map(SourceDefinition::name).toList();
    }
}
