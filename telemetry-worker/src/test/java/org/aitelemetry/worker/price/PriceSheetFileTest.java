package org.aitelemetry.worker.price;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PriceSheetFileTest {

    private static final Instant NOW = Instant.parse("2026-11-25T10:00:00Z");

    @Test
    void theDefaultSheetHoldsTheFormerConfiguredPrices() {
        PriceSheet sheet = PriceSheetFile.read("classpath:prices/default.csv");

        assertThat(sheet.currency()).isEqualTo("EUR");
        assertThat(sheet.gpuHourPrice("NVIDIA H100 80GB HBM3", NOW)).isEqualTo(4.00);
        assertThat(sheet.gpuHourPrice("NVIDIA H200", NOW)).isEqualTo(5.00);
        assertThat(sheet.gpuHourPrice("NVIDIA L4", NOW)).isEqualTo(2.00);
        assertThat(sheet.kwhPrice("NVIDIA H200", NOW)).isEqualTo(0.15);
    }

    @Test
    void theNercExampleIsInDollarsAndPricesEverySuGpu() {
        PriceSheet sheet = PriceSheetFile.read("classpath:prices/nerc-su.csv");

        assertThat(sheet.currency()).isEqualTo("USD");
        assertThat(sheet.prices()).hasSize(10);
    }

    @Test
    void readsAFile(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("prices.csv");
        Files.writeString(file, "currency,effective_from,sku,mig_profile,gpu_hour_price,kwh_price\n"
                + "SU,2026-01-01,*,,1,0\n", StandardCharsets.UTF_8);

        assertThat(PriceSheetFile.read(file.toString()).currency()).isEqualTo("SU");
    }

    @Test
    void aMissingFileOrResourceIsRefusedByName(@TempDir Path dir) {
        String missing = dir.resolve("nope.csv").toString();
        assertThat(catchThrowableOfType(PriceSheetException.class, () -> PriceSheetFile.read(missing)))
                .hasMessage("Price sheet " + missing + ": cannot be read: NoSuchFileException " + missing)
                .hasNoCause();
        assertThat(catchThrowableOfType(PriceSheetException.class,
                () -> PriceSheetFile.read("classpath:prices/nope.csv")))
                .hasMessage("Price sheet classpath:prices/nope.csv: no such resource in the worker");
    }
}
