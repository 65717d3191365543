package org.aitelemetry.site.price;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import org.aitelemetry.site.api.Rows;
import org.aitelemetry.site.config.SiteConfig;

/** Reads what the worker's price sheets say that the site shows: the currency costs are in. */
@ApplicationScoped
public class PriceSheetQueries {

    private static final String ACTIVE_CURRENCY = "SELECT currency FROM price_sheet WHERE active";

    private final Pool pool;
    private final SiteConfig config;

    public PriceSheetQueries(Pool pool, SiteConfig config) {
        this.pool = pool;
        this.config = config;
    }

    /** The active sheet's ISO 4217 code; the configured one while no sheet is loaded. */
    public Uni<String> activeCurrency() {
        return pool.query(ACTIVE_CURRENCY).execute().map(rows -> {
            String currency = Rows.first(rows, row -> row.getString("currency"));
            return currency != null ? currency : config.currency();
        });
    }
}
