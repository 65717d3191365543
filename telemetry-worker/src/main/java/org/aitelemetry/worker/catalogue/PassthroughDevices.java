package org.aitelemetry.worker.catalogue;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.aitelemetry.prometheus.kube.PassthroughResource;
import org.aitelemetry.worker.csv.CsvFile.Record;
import org.aitelemetry.worker.csv.CsvFile;

/**
 * Which SKU a GPU passed through to a VM is ({@code catalogue/passthrough-devices.csv} in telemetry-model): inside a VM
 * no dcgm-exporter names it, so its resource's PCI device name is all there is to price its hours by.
 */
@ApplicationScoped
public class PassthroughDevices {

    public static final String DEVICES = "catalogue/passthrough-devices.csv";

    private final Map<String, String> productByDevice;

    public PassthroughDevices() {
        this(CsvFile.resource(DEVICES));
    }

    PassthroughDevices(List<Record> records) {
        Map<String, String> products = new HashMap<>();
        for (Record r : records) {
            if (r.get("source").isBlank() || r.get("product_name").isBlank()) {
                throw r.error("every device needs a product name and a source", null);
            }
            if (products.put(key(r.get("device_name")), r.get("product_name")) != null) {
                throw r.error("device " + r.get("device_name") + " is listed twice", null);
            }
        }
        this.productByDevice = Map.copyOf(products);
    }

    /** The SKU's product name, as dcgm-exporter would report it; the device name itself for an unlisted device. */
    public String productName(PassthroughResource resource) {
        return productByDevice.getOrDefault(key(resource.deviceName()), resource.deviceName());
    }

    /** The product names the file maps to, for checking them against the SKU catalogue. */
    Iterable<String> productNames() {
        return productByDevice.values();
    }

    private static String key(String deviceName) {
        return deviceName.toLowerCase(Locale.ROOT);
    }
}
