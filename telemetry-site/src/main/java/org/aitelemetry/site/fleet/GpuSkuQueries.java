package org.aitelemetry.site.fleet;

import io.smallrye.mutiny.Uni;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.aitelemetry.model.fleet.Precision;
import org.aitelemetry.site.api.Page;
import org.aitelemetry.site.api.PageRequest;
import org.aitelemetry.site.api.PagedQuery;
import org.aitelemetry.site.api.SqlFilter;

/** Reads the GPU SKU catalogue with each SKU's precisions, in one query (no query per SKU). */
@ApplicationScoped
public class GpuSkuQueries {

    static final Map<String, String> SORT_KEYS = Map.of("productName", "g.product_name");
    /** Precisions aggregated per SKU through gpu_precision's (gpu_id, precision) key. */
    private static final PagedQuery LIST = new PagedQuery("""
            g.id, g.product_name, g.architecture, g.memory_mib, g.memory_bandwidth_gbps, g.tdp_watts, g.catalogued,
            (SELECT json_agg(json_build_object('precision', p.precision, 'peakTflops', p.peak_tflops,
                    'achievableTflops', p.achievable_tflops))
             FROM gpu_precision p WHERE p.gpu_id = g.id) AS precisions""", "gpu g");
    private static final Comparator<PrecisionView> WIDEST_FIRST = Comparator.comparing(
            figures -> Precision.valueOf(figures.precision()));

    private final Pool pool;

    public GpuSkuQueries(Pool pool) {
        this.pool = pool;
    }

    Uni<Page<GpuSkuView>> list(String orderBy, PageRequest page) {
        return LIST.run(pool, new SqlFilter(), orderBy, page, GpuSkuQueries::view);
    }

    public Uni<GpuSkuView> byId(long id) {
        return LIST.first(pool, new SqlFilter().and("g.id = ?", id), GpuSkuQueries::view);
    }

    private static GpuSkuView view(Row row) {
        return new GpuSkuView(row.getLong("id"), row.getString("product_name"), row.getString("architecture"),
                row.getLong("memory_mib"), row.getDouble("memory_bandwidth_gbps"), row.getDouble("tdp_watts"),
                row.getBoolean("catalogued"), precisions(row.getJsonArray("precisions")));
    }

    private static List<PrecisionView> precisions(JsonArray json) {
        if (json == null) {
            return List.of();
        }
        return json.stream().map(JsonObject.class::cast)
                .map(figures -> new PrecisionView(figures.getString("precision"), figures.getDouble("peakTflops"),
                        figures.getDouble("achievableTflops")))
                .sorted(WIDEST_FIRST).toList();
    }
}
