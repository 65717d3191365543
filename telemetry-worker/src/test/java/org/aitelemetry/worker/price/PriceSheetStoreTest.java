package org.aitelemetry.worker.price;

import static org.aitelemetry.worker.sql.SqlValues.instant;
import static org.aitelemetry.worker.sql.SqlValues.list;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.worker.price.PriceSheetStore.Outcome;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Price sheets in the real PostgreSQL of the devkit: stored at start, idempotently, with the hour a change starts. */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
class PriceSheetStoreTest {

    private static final String HEADER = "currency,effective_from,sku,mig_profile,gpu_hour_price,kwh_price";
    private static final String H100 = "NVIDIA H100 80GB HBM3";

    @Inject
    Pool pool;

    @Inject
    PriceSheetLoader loader;

    @AfterEach
    void activateTheAppsSheetAgain() {
        store(loader.sheet());
    }

    @Test
    void theWorkerStoresItsSheetAtStartAndLoadingItAgainWritesNothing() {
        PriceSheet sheet = loader.sheet();
        assertThat(sheet.source()).isEqualTo("classpath:prices/default.csv");
        assertThat(activeSources()).containsExactly(sheet.source());
        assertThat(storedPrices(sheet.source())).containsExactlyInAnyOrderElementsOf(sheet.prices());

        Outcome again = store(PriceSheetFile.read(sheet.source()));

        assertThat(again.rowsWritten()).isZero();
        assertThat(again.changedFrom()).isEmpty();
    }

    @Test
    void aChangedSheetReplacesItsPricesAndRecordsTheFirstHourItChanges() {
        store(sheet("change.csv", "EUR,2026-01-01,*,,2.00,0.15", "EUR,2026-02-01," + H100 + ",,4.00,",
                "EUR,2026-03-01," + H100 + ",,4.50,"));
        PriceSheet changed = sheet("change.csv", "EUR,2026-01-01,*,,2.00,0.15", "EUR,2026-02-01," + H100 + ",,4.00,",
                "EUR,2026-03-15," + H100 + ",,5.00,", "EUR,2026-03-15T12:00Z," + H100 + ",,6.00,");

        Outcome outcome = store(changed);

        assertThat(outcome.changedFrom()).hasValue(Instant.parse("2026-03-01T00:00:00Z"));
        assertThat(outcome.rowsWritten()).isPositive();
        assertThat(storedPrices("change.csv")).containsExactlyInAnyOrderElementsOf(changed.prices());
        Row row = sheetRow("change.csv");
        assertThat(instant(row, "changed_from")).isEqualTo(Instant.parse("2026-03-01T00:00:00Z"));
        assertThat(row.getBoolean("active")).isTrue();

        Outcome again = store(changed);
        assertThat(again.rowsWritten()).isZero();
        assertThat(again.changedFrom()).isEmpty();
        assertThat(instant(sheetRow("change.csv"), "changed_from")).as("kept").isEqualTo(
                Instant.parse("2026-03-01T00:00:00Z"));
    }

    @Test
    void anotherSheetBecomesTheOnlyActiveOneAndItsCurrencyIsStored() {
        store(sheet("eur.csv", "EUR,2026-01-01,*,,2.00,0.15"));

        Outcome outcome = store(sheet("su.csv", "SU,2026-06-01,*,,1,0"));

        assertThat(activeSources()).containsExactly("su.csv");
        assertThat(sheetRow("su.csv").getString("currency")).isEqualTo("SU");
        assertThat(outcome.changedFrom()).as("another currency: from the first hour either prices")
                .hasValue(Instant.parse("2026-01-01T00:00:00Z"));
    }

    private Outcome store(PriceSheet sheet) {
        return new PriceSheetStore(pool).store(sheet).await().indefinitely();
    }

    private static PriceSheet sheet(String source, String... rows) {
        return PriceSheetParser.parse(source, Stream.concat(Stream.of(HEADER), Arrays.stream(rows)).toList());
    }

    private List<String> activeSources() {
        return list(pool.query("SELECT source FROM price_sheet WHERE active").execute().await().indefinitely(),
                row -> row.getString("source"));
    }

    private Row sheetRow(String source) {
        return pool.preparedQuery("SELECT * FROM price_sheet WHERE source = $1").execute(Tuple.of(source))
                .await().indefinitely().iterator().next();
    }

    private List<Price> storedPrices(String source) {
        return list(pool.preparedQuery("""
                SELECT p.* FROM price_sheet_price p JOIN price_sheet s ON s.id = p.sheet_id WHERE s.source = $1""")
                .execute(Tuple.of(source)).await().indefinitely(),
                row -> new Price(row.getString("sku"), row.getString("mig_profile"), instant(row, "effective_from"),
                        row.getBigDecimal("gpu_hour_price"), row.getBigDecimal("kwh_price")));
    }
}
