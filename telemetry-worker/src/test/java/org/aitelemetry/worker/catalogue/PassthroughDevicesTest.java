package org.aitelemetry.worker.catalogue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.List;
import org.aitelemetry.prometheus.kube.PassthroughResource;
import org.aitelemetry.worker.csv.CsvFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PassthroughDevicesTest {

    private final PassthroughDevices shipped = new PassthroughDevices();

    @ParameterizedTest(name = "{0} is priced as {1}")
    @CsvSource({
            "GH100_H100_SXM5_80GB, NVIDIA H100 80GB HBM3",
            "GH100_H100_PCIE, NVIDIA H100 PCIe",
            "ga100_a100_sxm4_80gb, NVIDIA A100-SXM4-80GB",
            "TU104GL_Tesla_T4, TU104GL_Tesla_T4"})
    void devicesAreTheirSkuOrElseTheirOwnName(String device, String product) {
        assertThat(shipped.productName(new PassthroughResource(device))).isEqualTo(product);
    }

    @Test
    void everyDeviceMapsToACataloguedSku() {
        List<String> catalogued = SkuCatalogue.load().stream().map(SkuCatalogue.Row::productName).distinct().toList();

        assertThat(shipped.productNames()).isNotEmpty().allSatisfy(name -> assertThat(catalogued).contains(name));
    }

    @ParameterizedTest(name = "refused: {0}")
    @CsvSource(delimiter = '|', value = {
            "A,NVIDIA A10,10de:1,|line 2: every device needs a product name and a source",
            "A,,10de:1,https://example.com|line 2: every device needs a product name and a source",
            "A,NVIDIA A10,10de:1,https://example.com;a,NVIDIA L4,10de:2,https://example.com|line 3: device a is listed twice"})
    void aFaultyFileStopsTheStartNamingTheLine(String rows, String message) {
        List<String> lines = List.of(("device_name,product_name,pci_id,source;" + rows).split(";"));

        assertThatIllegalArgumentException()
                .isThrownBy(() -> new PassthroughDevices(CsvFile.parse(PassthroughDevices.DEVICES, lines)))
                .withMessageContaining(message);
    }
}
