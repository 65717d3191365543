package org.aitelemetry.worker.catalogue;

import io.quarkus.runtime.StartupEvent;
import io.quarkus.vertx.VertxContextSupport;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.aitelemetry.worker.catalogue.SkuCatalogue.Row;
import org.jboss.logging.Logger;

/**
 * Loads the shipped SKU catalogue into {@code gpu} and {@code gpu_precision} at start. Catalogue rows win over what the
 * sync recorded for an unknown model; SKUs the sync discovered that the catalogue lacks are left alone.
 */
@ApplicationScoped
public class SkuCatalogueSeeder {

    private static final Logger LOG = Logger.getLogger(SkuCatalogueSeeder.class);

    private static final String UPSERT_SKUS = """
            INSERT INTO gpu AS t (product_name, architecture, memory_mib, memory_bandwidth_gbps, tdp_watts, catalogued,
                                  created_at)
            SELECT u.name, u.arch, u.mem, u.bw, u.tdp, true, now()
            FROM unnest($1::text[], $2::text[], $3::bigint[], $4::float8[], $5::float8[]) AS u(name, arch, mem, bw, tdp)
            ON CONFLICT (product_name) DO UPDATE SET architecture = EXCLUDED.architecture,
                memory_mib = EXCLUDED.memory_mib, memory_bandwidth_gbps = EXCLUDED.memory_bandwidth_gbps,
                tdp_watts = EXCLUDED.tdp_watts, catalogued = true
            WHERE (t.architecture, t.memory_mib, t.memory_bandwidth_gbps, t.tdp_watts, t.catalogued)
                  IS DISTINCT FROM (EXCLUDED.architecture, EXCLUDED.memory_mib, EXCLUDED.memory_bandwidth_gbps,
                                    EXCLUDED.tdp_watts, true)""";

    private static final String UPSERT_PRECISIONS = """
            INSERT INTO gpu_precision AS t (gpu_id, precision, peak_tflops, achievable_tflops)
            SELECT g.id, u.precision, u.peak, u.achievable
            FROM unnest($1::text[], $2::text[], $3::float8[], $4::float8[]) AS u(name, precision, peak, achievable)
            JOIN gpu g ON g.product_name = u.name
            ON CONFLICT (gpu_id, precision) DO UPDATE SET peak_tflops = EXCLUDED.peak_tflops,
                achievable_tflops = EXCLUDED.achievable_tflops
            WHERE (t.peak_tflops, t.achievable_tflops) IS DISTINCT FROM (EXCLUDED.peak_tflops, EXCLUDED.achievable_tflops)""";

    private final Pool pool;

    SkuCatalogueSeeder(Pool pool) {
        this.pool = pool;
    }

    void seedAtStart(@Observes @Priority(10) StartupEvent event) throws Throwable {
        List<Row> rows = SkuCatalogue.load();
        VertxContextSupport.subscribeAndAwait(() -> seed(rows));
        LOG.infof("GPU SKU catalogue: %d SKUs, %d precision rows", rows.stream().map(Row::productName).distinct().count(),
                rows.size());
    }

    Uni<Void> seed(List<Row> rows) {
        List<Row> skus = List.copyOf(rows.stream()
                .collect(Collectors.toMap(Row::productName, Function.identity(), (first, next) -> first,
                        LinkedHashMap::new)).values());
        return pool.withTransaction(connection -> connection.preparedQuery(UPSERT_SKUS).execute(Tuple.tuple()
                        .addArrayOfString(skus.stream().map(Row::productName).toArray(String[]::new))
                        .addArrayOfString(skus.stream().map(Row::architecture).toArray(String[]::new))
                        .addArrayOfLong(skus.stream().map(Row::memoryMib).toArray(Long[]::new))
                        .addArrayOfDouble(skus.stream().map(Row::memoryBandwidthGbps).toArray(Double[]::new))
                        .addArrayOfDouble(skus.stream().map(Row::tdpWatts).toArray(Double[]::new)))
                .chain(() -> connection.preparedQuery(UPSERT_PRECISIONS).execute(Tuple.tuple()
                        .addArrayOfString(rows.stream().map(Row::productName).toArray(String[]::new))
                        .addArrayOfString(rows.stream().map(row -> row.precision().name()).toArray(String[]::new))
                        .addArrayOfDouble(rows.stream().map(Row::peakTflops).toArray(Double[]::new))
                        .addArrayOfDouble(rows.stream().map(Row::achievableTflops).toArray(Double[]::new)))))
                .replaceWithVoid();
    }
}
