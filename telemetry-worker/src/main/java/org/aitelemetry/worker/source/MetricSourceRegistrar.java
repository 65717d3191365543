package org.aitelemetry.worker.source;

import org.aitelemetry.prometheus.source.SourceClients;
import org.aitelemetry.prometheus.source.SourceDefinition;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.vertx.VertxContextSupport;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.aitelemetry.model.fleet.MetricSource;
import org.jboss.logging.Logger;

/**
 * Mirrors the configured metric sources into {@code metric_source} at start, so sync status and the API have a row per
 * source. Configuration is the source of truth: a source removed from it keeps its row and history.
 */
@ApplicationScoped
public class MetricSourceRegistrar {

    private static final Logger LOG = Logger.getLogger(MetricSourceRegistrar.class);

    private final List<SourceDefinition> definitions;
    private final MetricSourceRepository repository;
    private final CompletableFuture<Void> registered = new CompletableFuture<>();

    MetricSourceRegistrar(SourceClients sources, MetricSourceRepository repository) {
        this.definitions = sources.definitions();
        this.repository = repository;
    }

    void registerAtStart(@Observes StartupEvent event) throws Throwable {
        try {
            VertxContextSupport.subscribeAndAwait(() -> Panache.withTransaction(this::registerAll));
        } catch (Throwable failure) {
            registered.completeExceptionally(failure);
            throw failure;
        }
        registered.complete(null);
        LOG.infof("Registered %d metric source(s): %s", definitions.size(),
                definitions.stream().map(SourceDefinition::name).toList());
    }

    /**
     * Completes once every configured source has its row. The scheduler may fire a cycle while the start is still
     * registering (its timers start on the same event), so work that looks a source up by name waits for this first.
     */
    public Uni<Void> registered() {
        return Uni.createFrom().completionStage(registered);
    }

    Uni<Void> registerAll() {
        return Multi.createFrom().iterable(definitions)
                .onItem().transformToUniAndConcatenate(this::upsert)
                .collect().last().replaceWithVoid();
    }

    private Uni<MetricSource> upsert(SourceDefinition definition) {
        return repository.findByName(definition.name())
                .onItem().ifNull().continueWith(MetricSource::new)
                .invoke(source -> {
                    source.name = definition.name();
                    source.url = definition.url().toString();
                    source.authMode = definition.authMode();
                    source.tenant = definition.tenant().orElse(null);
                    source.clusterLabel = definition.clusterLabel().orElse(null);
                })
                .call(repository::persist);
    }
}
