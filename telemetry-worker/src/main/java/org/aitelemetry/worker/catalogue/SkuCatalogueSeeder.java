package org.aitelemetry.worker.catalogue;

import static org.aitelemetry.worker.sql.Columns.bigint;
import static org.aitelemetry.worker.sql.Columns.float8;
import static org.aitelemetry.worker.sql.Columns.text;

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
        return pool.withTransaction(connection -> connection.preparedQuery(CatalogueSql.UPSERT_SKUS)
                .execute(Tuple.tuple()
                        .addArrayOfString(text(skus, Row::productName))
                        .addArrayOfString(text(skus, Row::architecture))
                        .addArrayOfLong(bigint(skus, Row::memoryMib))
                        .addArrayOfDouble(float8(skus, Row::memoryBandwidthGbps))
                        .addArrayOfDouble(float8(skus, Row::tdpWatts)))
                .chain(() -> connection.preparedQuery(CatalogueSql.UPSERT_PRECISIONS).execute(Tuple.tuple()
                        .addArrayOfString(text(rows, Row::productName))
                        .addArrayOfString(text(rows, row -> row.precision().name()))
                        .addArrayOfDouble(float8(rows, Row::peakTflops))
                        .addArrayOfDouble(float8(rows, Row::achievableTflops)))))
                .replaceWithVoid();
    }
}
