package org.aitelemetry.worker.source;

import io.quarkus.hibernate.reactive.panache.PanacheRepository;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.aitelemetry.model.fleet.MetricSource;

/** The {@code metric_source} rows, one per configured source; the sync writes their status with SQL of its own. */
@ApplicationScoped
public class MetricSourceRepository implements PanacheRepository<MetricSource> {

    public Uni<MetricSource> findByName(String name) {
        return find("name", name).firstResult();
    }
}
