package org.aitelemetry.worker.catalogue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.List;
import org.aitelemetry.model.fleet.Precision;
import org.aitelemetry.worker.catalogue.SkuCatalogue.Row;
import org.junit.jupiter.api.Test;

class SkuCatalogueTest {

    @Test
    void shippedCatalogueParsesAndKeepsMeasuredFiguresBelowPeaks() {
        List<Row> rows = SkuCatalogue.load();

        assertThat(rows).extracting(Row::productName).contains("NVIDIA H100 80GB HBM3", "NVIDIA A100-SXM4-80GB");
        assertThat(rows).filteredOn(row -> row.productName().equals("NVIDIA H100 80GB HBM3")
                && row.precision() == Precision.BF16).singleElement().satisfies(row -> {
                    assertThat(row.peakTflops()).isEqualTo(989.4);
                    assertThat(row.achievableTflops()).isEqualTo(794.0);
                });
        assertThat(rows).allSatisfy(row -> {
            assertThat(row.peakTflops()).isPositive();
            if (row.achievableTflops() != null) {
                assertThat(row.achievableTflops()).isLessThan(row.peakTflops());
            }
        });
        assertThat(rows).extracting(row -> row.productName() + "/" + row.precision()).doesNotHaveDuplicates();
    }

    @Test
    void badLinesAreReportedWithTheirNumber() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> SkuCatalogue.parse(List.of("# comment", "header", "X,Arch,1,2,3,FP128,4,")))
                .withMessageContaining("line 3");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> SkuCatalogue.parse(List.of("header", "X,Arch,1,2")))
                .withMessageContaining("expected 8 columns");
    }
}
