package org.aitelemetry.worker.price;

import static org.aitelemetry.worker.sql.Columns.text;
import static org.aitelemetry.worker.sql.Columns.timestamptz;
import static org.aitelemetry.worker.sql.SqlValues.instant;
import static org.aitelemetry.worker.sql.SqlValues.list;
import static org.aitelemetry.worker.sql.SqlValues.utc;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Stores the loaded sheet in {@code price_sheet} / {@code price_sheet_price} and makes it the active one, in one
 * transaction under a lock, idempotently: loading the same prices again writes no row. A load whose prices differ from
 * the previously active sheet's records from which hour on they differ.
 */
final class PriceSheetStore {

    /** What a load did. */
    record Outcome(int rowsWritten, Optional<Instant> changedFrom, long rollupRowsFromChange) {
    }

    private record Stored(String currency, List<Price> prices) {
    }

    private final Pool pool;

    PriceSheetStore(Pool pool) {
        this.pool = pool;
    }

    Uni<Outcome> store(PriceSheet sheet) {
        return pool.withTransaction(connection -> connection.query(PriceSql.LOCK).execute()
                .chain(() -> active(connection))
                .chain(previous -> write(connection, sheet).chain(written -> {
                    Optional<Instant> changedFrom = previous.flatMap(stored ->
                            sheet.firstDifference(stored.currency(), stored.prices()));
                    return changedFrom.isEmpty()
                            ? Uni.createFrom().item(new Outcome(written.rows(), changedFrom, 0))
                            : recordChange(connection, written.sheetId(), changedFrom.get())
                                    .map(rows -> new Outcome(written.rows() + 1, changedFrom, rows));
                })));
    }

    private record Written(long sheetId, int rows) {
    }

    private static Uni<Optional<Stored>> active(SqlConnection connection) {
        return connection.query(PriceSql.ACTIVE_SHEET).execute().chain(rows -> {
            if (rows.size() == 0) {
                return Uni.createFrom().item(Optional.<Stored>empty());
            }
            Row row = rows.iterator().next();
            return connection.preparedQuery(PriceSql.PRICES).execute(Tuple.of(row.getLong("id")))
                    .map(prices -> Optional.of(new Stored(row.getString("currency"), list(prices, price ->
                            new Price(price.getString("sku"), price.getString("mig_profile"),
                                    instant(price, "effective_from"), price.getBigDecimal("gpu_hour_price"),
                                    price.getBigDecimal("kwh_price"))))));
        });
    }

    private static Uni<Written> write(SqlConnection connection, PriceSheet sheet) {
        List<Price> prices = sheet.prices();
        return connection.preparedQuery(PriceSql.UPSERT_SHEET).execute(Tuple.of(sheet.source(), sheet.currency()))
                .chain(upserted -> upserted.size() > 0
                        ? Uni.createFrom().item(new Written(upserted.iterator().next().getLong("id"), 1))
                        : connection.preparedQuery(PriceSql.SHEET_ID).execute(Tuple.of(sheet.source()))
                                .map(rows -> new Written(rows.iterator().next().getLong("id"), 0)))
                .chain(sheetRow -> connection.preparedQuery(PriceSql.DELETE_OTHER_PRICES)
                        .execute(Tuple.of(sheetRow.sheetId()).addArrayOfString(text(prices, Price::sku))
                                .addArrayOfString(text(prices, Price::migProfile))
                                .addArrayOfOffsetDateTime(timestamptz(prices, Price::effectiveFrom)))
                        .map(RowSet::rowCount)
                        .chain(deleted -> connection.preparedQuery(PriceSql.UPSERT_PRICES)
                                .execute(Tuple.of(sheetRow.sheetId()).addArrayOfString(text(prices, Price::sku))
                                        .addArrayOfString(text(prices, Price::migProfile))
                                        .addArrayOfOffsetDateTime(timestamptz(prices, Price::effectiveFrom))
                                        .addArrayOfString(text(prices, price -> plain(price.gpuHourPrice())))
                                        .addArrayOfString(text(prices, price -> plain(price.kwhPrice()))))
                                .map(upserted -> deleted + upserted.rowCount()))
                        .chain(rows -> connection.preparedQuery(PriceSql.DEACTIVATE_OTHERS)
                                .execute(Tuple.of(sheetRow.sheetId())).map(RowSet::rowCount)
                                .chain(deactivated -> connection.preparedQuery(PriceSql.ACTIVATE)
                                        .execute(Tuple.of(sheetRow.sheetId()))
                                        .map(activated -> rows + deactivated + activated.rowCount())))
                        .map(rows -> new Written(sheetRow.sheetId(), sheetRow.rows() + rows)));
    }

    private static Uni<Long> recordChange(SqlConnection connection, long sheetId, Instant changedFrom) {
        return connection.preparedQuery(PriceSql.CHANGED).execute(Tuple.of(sheetId, utc(changedFrom)))
                .chain(() -> connection.preparedQuery(PriceSql.ROLLUP_ROWS_FROM).execute(Tuple.of(utc(changedFrom))))
                .map(rows -> rows.iterator().next().getLong("row_count"));
    }

    private static String plain(BigDecimal price) {
        return price == null ? null : price.toPlainString();
    }
}
