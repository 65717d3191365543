package org.aitelemetry.site.fleet;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.aitelemetry.site.ngsild.NgsiLdTerm;
import org.aitelemetry.site.ngsild.NgsiLdTerms;

/** NGSI-LD terms of the GPU SKU catalogue and of GPU devices with their readings. */
@ApplicationScoped
public class GpuTerms implements NgsiLdTerms {

    static final NgsiLdTerm PRODUCT_NAME = NgsiLdTerm.of("productName",
            "GPU product name as the exporter reports it (dcgm-exporter's modelName, AMD's card_series).");
    static final NgsiLdTerm VENDOR = NgsiLdTerm.of("vendor",
            "Who made the GPU: NVIDIA (a GPU-… UUID, read from dcgm-exporter) or AMD (AMD-<board serial>, read from AMD's"
                    + " device-metrics-exporter).");
    static final NgsiLdTerm ARCHITECTURE = NgsiLdTerm.of("architecture", "GPU architecture, e.g. Hopper.");
    /** No UN/CEFACT common code is sure for the mebibyte, so the unit is given in words only. */
    static final NgsiLdTerm MEMORY_MIB = NgsiLdTerm.measured("memoryMib", "Device memory.", null, "MiB");
    static final NgsiLdTerm MEMORY_BANDWIDTH = NgsiLdTerm.measured("memoryBandwidthGbps",
            "Peak device memory bandwidth.", null, "GB/s");
    static final NgsiLdTerm TDP = NgsiLdTerm.measured("tdpWatts", "Thermal design power.", "WTT", "watt");
    static final NgsiLdTerm CATALOGUED = NgsiLdTerm.of("catalogued",
            "True when the SKU's figures come from the catalogue; false for a SKU only seen in metrics.");
    static final NgsiLdTerm PRECISIONS = NgsiLdTerm.measured("precisions",
            "Throughput per precision: precision, datasheet peakTflops and measured achievableTflops.", null,
            "TFLOP/s");
    static final NgsiLdTerm GPU_SKU = NgsiLdTerm.of("gpu", "The GPU SKU (Relationship to a Gpu).");
    static final NgsiLdTerm INDEX = NgsiLdTerm.of("index",
            "The GPU's index on its node (may change across reboots).");
    static final NgsiLdTerm PCI_BUS_ID = NgsiLdTerm.of("pciBusId", "PCI bus id.");
    static final NgsiLdTerm SERIAL = NgsiLdTerm.of("serial", "Board serial number.");
    static final NgsiLdTerm MIG_ENABLED = NgsiLdTerm.of("migEnabled",
            "True when the GPU is partitioned into slices: MIG instances, or the partitions of an AMD GPU in a"
                    + " CPX, DPX or QPX compute mode.");
    static final NgsiLdTerm MEMORY_USED = NgsiLdTerm.measured("memoryUsedMib", "Frame buffer used.", null, "MiB");
    static final NgsiLdTerm MEMORY_FREE = NgsiLdTerm.measured("memoryFreeMib", "Frame buffer free.", null, "MiB");
    static final NgsiLdTerm POWER = NgsiLdTerm.measured("powerWatts", "Power draw.", "WTT", "watt");
    static final NgsiLdTerm TEMPERATURE = NgsiLdTerm.measured("temperatureCelsius", "GPU temperature.", "CEL",
            "degree Celsius");
    static final NgsiLdTerm MEMORY_TEMPERATURE = NgsiLdTerm.measured("memoryTemperatureCelsius", "HBM temperature.",
            "CEL", "degree Celsius");

    @Override
    public List<NgsiLdTerm> terms() {
        return List.of(PRODUCT_NAME, VENDOR, ARCHITECTURE, MEMORY_MIB, MEMORY_BANDWIDTH, TDP, CATALOGUED, PRECISIONS, GPU_SKU,
                INDEX, PCI_BUS_ID, SERIAL, MIG_ENABLED, MEMORY_USED, MEMORY_FREE, POWER, TEMPERATURE,
                MEMORY_TEMPERATURE);
    }
}
