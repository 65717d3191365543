package org.aitelemetry.worker.catalogue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.List;
import org.aitelemetry.model.fleet.Precision;
import org.aitelemetry.worker.catalogue.SkuCatalogue.Row;
import org.aitelemetry.worker.csv.CsvFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SkuCatalogueTest {

    private static final String SKU_HEADER =
            "product_name,architecture,memory_mib,memory_bandwidth_gbps,tdp_watts,pcie_gen,pcie_width,precision,peak_tflops,datasheet";
    private static final String SKU_ROW = "G,Arch,1,2,3,5,16,BF16,100,https://example.com";
    private static final String BASELINE_HEADER = "product_name,test,achievable,unit,source";

    @Test
    void shippedCatalogueJoinsMeasuredFiguresBelowPeaks() {
        List<Row> rows = SkuCatalogue.load();

        assertThat(rows).extracting(Row::productName).contains("NVIDIA H100 80GB HBM3", "NVIDIA H100 NVL",
                "NVIDIA H200", "NVIDIA A100-SXM4-40GB", "NVIDIA A100 80GB PCIe", "NVIDIA L40S", "NVIDIA L4",
                "Tesla V100-SXM2-16GB", "Tesla V100-SXM2-32GB");
        assertThat(rows).filteredOn(row -> row.productName().equals("NVIDIA H100 80GB HBM3")
                && row.precision() == Precision.BF16).singleElement().satisfies(row -> {
                    assertThat(row.peakTflops()).isEqualTo(989.4);
                    assertThat(row.achievableTflops()).isEqualTo(794.5);
                });
        assertThat(rows).filteredOn(row -> row.productName().equals("NVIDIA H100 80GB HBM3")
                && row.precision() == Precision.FP16).singleElement()
                .satisfies(row -> assertThat(row.achievableTflops()).isNull());
        assertThat(rows).allSatisfy(row -> {
            assertThat(row.peakTflops()).isPositive();
            if (row.achievableTflops() != null) {
                assertThat(row.achievableTflops()).isPositive().isLessThan(row.peakTflops());
            }
        });
        assertThat(rows).filteredOn(row -> row.achievableTflops() != null).hasSizeGreaterThanOrEqualTo(10);
        assertThat(rows).extracting(row -> row.productName() + "/" + row.precision()).doesNotHaveDuplicates();
    }

    @Test
    void quotedSourcesAndNonGemmRowsAreRead() {
        List<Row> rows = SkuCatalogue.join(List.of("# facts", SKU_HEADER, SKU_ROW), List.of(BASELINE_HEADER,
                "G,gemm_bf16,80,TFLOP/s,\"paper, table 2, \"\"cuBLAS\"\"\"",
                "G,device_memory_bandwidth,1.5,GB/s,\"DCGM, SKU 1\""));

        assertThat(rows).singleElement().satisfies(row -> {
            assertThat(row.precision()).isEqualTo(Precision.BF16);
            assertThat(row.achievableTflops()).isEqualTo(80.0);
        });
        assertThat(CsvFile.split("a,\"b, \"\"c\"\"\",")).containsExactly("a", "b, \"c\"", "");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            unknown precision          | G,Arch,1,2,3,5,16,FP128,100,x | G,gemm_bf16,,TFLOP/s,none     | gpu-skus.csv line 2
            not a number               | G,Arch,x,2,3,5,16,BF16,100,x  | G,gemm_bf16,,TFLOP/s,none     | gpu-skus.csv line 2
            column count               | G,Arch,1,2,3                  | G,gemm_bf16,,TFLOP/s,none     | expected 10 columns
            baseline for no such SKU   | G,Arch,1,2,3,5,16,BF16,100,x  | H,gemm_bf16,80,TFLOP/s,paper  | [H/BF16]
            baseline without a source  | G,Arch,1,2,3,5,16,BF16,100,x  | G,gemm_bf16,80,TFLOP/s,       | gpu-baselines.csv line 2
            baseline not a number      | G,Arch,1,2,3,5,16,BF16,100,x  | G,gemm_bf16,8x,TFLOP/s,paper  | gpu-baselines.csv line 2
            """)
    void badLinesAreReportedWithTheirPlace(String name, String skuRow, String baselineRow, String message) {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> SkuCatalogue.join(List.of(SKU_HEADER, skuRow), List.of(BASELINE_HEADER, baselineRow)))
                .withMessageContaining(message);
    }
}
