package org.aitelemetry.site.fleet;

import java.util.List;
import org.aitelemetry.site.ngsild.CommonTerms;
import org.aitelemetry.site.ngsild.NgsiLdEntity;
import org.aitelemetry.site.ngsild.NgsiLdRepresentable;

/** The wire model of a GPU SKU of the catalogue (schema {@code GpuSku}). */
public record GpuSkuView(long id, String productName, String architecture, Long memoryMib,
        Double memoryBandwidthGbps, Double tdpWatts, boolean catalogued, List<PrecisionView> precisions)
        implements NgsiLdRepresentable {

    @Override
    public NgsiLdEntity toNgsiLd() {
        return NgsiLdEntity.of(CommonTerms.GPU, productName)
                .property(GpuTerms.PRODUCT_NAME, productName)
                .property(GpuTerms.ARCHITECTURE, architecture)
                .property(GpuTerms.MEMORY_MIB, memoryMib)
                .property(GpuTerms.MEMORY_BANDWIDTH, memoryBandwidthGbps)
                .property(GpuTerms.TDP, tdpWatts)
                .property(GpuTerms.CATALOGUED, catalogued)
                .property(GpuTerms.PRECISIONS, precisions);
    }
}
