package org.aitelemetry.devkit.fleet;

/**
 * An AMD Instinct product as AMD's device-metrics-exporter shows it. The devkit spells the exporter's names itself, as
 * the real exporter does, independently of the apps' vocabulary ({@code org.aitelemetry.prometheus.amd}).
 *
 * @param gpu           the name in {@code card_series}, the VRAM one GPU reports and its power range
 * @param cardModel     the board's part number ({@code card_model})
 * @param productLabel  the GPU operator's node label {@code amd.com/gpu.product-name}
 * @param pciDeviceId   the PCI device id, which AMD SMI's UUIDs carry
 * @param mi300Series   MI3xx boards publish package power and junction temperature; MI2xx average package power and
 *                      edge temperature, and have no junction figure in the exporter
 * @param partitionable whether it can run in compute partitions (CPX)
 */
public record AmdModel(GpuModel gpu, String cardModel, String productLabel, String pciDeviceId, boolean mi300Series,
        boolean partitionable) {

    /** 192 GB of HBM3, which AMD SMI reports as 196,592 (MiB, though labelled MB). */
    public static final AmdModel MI300X_OAM = new AmdModel(
            new GpuModel("AMD Instinct MI300X OAM", 196_592, 140, 750, 0, 0), "102-G30211-0C", "Instinct_MI300X",
            "74a1", true, true);
    /**
     * One graphics compute die (GCD) of an MI250X: the exporter lists each of the module's two GCDs as a GPU with half
     * its 128 GB and, here, half its 500 W.
     */
    public static final AmdModel MI250X = new AmdModel(new GpuModel("AMD Instinct MI250X", 65_520, 45, 250, 0, 0),
            "102-D65209-00", "Instinct_MI250X", "740c", false, false);
}
