package org.aitelemetry.worker.price;

/**
 * The SQL that stores price sheets. Prices go in as arrays through {@code unnest}; a load of unchanged prices writes
 * no row.
 */
final class PriceSql {

    private PriceSql() {
    }

    /** Replicas starting together load one after the other. */
    static final String LOCK = "SELECT pg_advisory_xact_lock(hashtext('telemetry.price-sheet'))";

    static final String ACTIVE_SHEET = "SELECT id, source, currency FROM price_sheet WHERE active";

    static final String PRICES = """
            SELECT sku, mig_profile, effective_from, gpu_hour_price, kwh_price FROM price_sheet_price
            WHERE sheet_id = $1""";

    /** Returns the sheet's id and whether the currency changed (or the sheet is new). */
    static final String UPSERT_SHEET = """
            INSERT INTO price_sheet AS t (source, currency) VALUES ($1, $2)
            ON CONFLICT (source) DO UPDATE SET currency = EXCLUDED.currency
            WHERE t.currency IS DISTINCT FROM EXCLUDED.currency
            RETURNING id""";

    static final String SHEET_ID = "SELECT id FROM price_sheet WHERE source = $1";

    static final String DELETE_OTHER_PRICES = """
            DELETE FROM price_sheet_price p WHERE p.sheet_id = $1
            AND (p.sku, p.mig_profile, p.effective_from) NOT IN (
                SELECT * FROM unnest($2::text[], $3::text[], $4::timestamptz[]))""";

    static final String UPSERT_PRICES = """
            INSERT INTO price_sheet_price AS t (sheet_id, sku, mig_profile, effective_from, gpu_hour_price, kwh_price)
            SELECT $1, u.sku, u.profile, u.from_hour, u.gpu_hour::numeric, u.kwh::numeric
            FROM unnest($2::text[], $3::text[], $4::timestamptz[], $5::text[], $6::text[])
                 AS u(sku, profile, from_hour, gpu_hour, kwh)
            ON CONFLICT (sheet_id, sku, mig_profile, effective_from) DO UPDATE
            SET gpu_hour_price = EXCLUDED.gpu_hour_price, kwh_price = EXCLUDED.kwh_price
            WHERE (t.gpu_hour_price, t.kwh_price) IS DISTINCT FROM (EXCLUDED.gpu_hour_price, EXCLUDED.kwh_price)""";

    static final String DEACTIVATE_OTHERS = "UPDATE price_sheet SET active = false WHERE active AND id <> $1";

    static final String ACTIVATE = "UPDATE price_sheet SET active = true WHERE id = $1 AND NOT active";

    /** Records a load that changed what some hour costs. */
    static final String CHANGED = """
            UPDATE price_sheet SET loaded_at = now(), changed_from = $2, changed_at = now() WHERE id = $1""";

    /** Rollup rows already priced at or after the first changed hour: they keep their cost (see the loader). */
    static final String ROLLUP_ROWS_FROM = "SELECT count(*) AS row_count FROM usage_rollup WHERE hour >= $1";
}
