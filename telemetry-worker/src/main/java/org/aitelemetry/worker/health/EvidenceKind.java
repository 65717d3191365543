package org.aitelemetry.worker.health;

import java.util.Locale;

/** What a piece of evidence is (contracts.md §6); its JSON name is the lowercase constant. */
public enum EvidenceKind {
    HARDWARE_XID(Severity.HARD),
    /** An XID that an application or the driver causes (13, 31, 43, …): another process's fault, not the GPU's. */
    APPLICATION_XID(Severity.INFO),
    /**
     * Uncorrected ECC errors since the driver loaded: NVIDIA's double-bit errors, AMD's uncorrectable and deferred
     * ones.
     */
    ECC_UNCORRECTED(Severity.HARD),
    /** Uncorrected ECC errors over the board's lifetime, none since the driver loaded. */
    ECC_LIFETIME(Severity.DEGRADED),
    ROW_REMAP_FAILURE(Severity.HARD),
    ROW_REMAP_PENDING(Severity.HARD),
    /** The PCIe link trained narrower than the SKU's (or its own maximum). */
    PCIE_LINK(Severity.HARD),
    /** The PCIe link cannot reach the SKU's generation: slower host transfers, often a slot or riser. */
    PCIE_LINK_SLOW(Severity.DEGRADED),
    /** An AMD RAS block (UMC, GFX, DF, …) reports uncorrectable errors or poisoned data. */
    RAS_ERROR(Severity.HARD),
    /** A GEMM or triad result check found wrong values. */
    RESULT_MISMATCH(Severity.HARD),
    /** NVML could not read this GPU while it answered for its siblings. */
    NVML_SILENT(Severity.HARD),
    /** A CUDA error the probe classed as hardware (uncorrectable ECC, hardware stack error, NVLink uncorrectable). */
    HARDWARE_ERROR(Severity.HARD),
    CONFIRMED_FAILURE(Severity.CONFIRMED),
    /** A test failed once without hard evidence; a re-run is due to confirm it. */
    UNCONFIRMED_FAILURE(Severity.DEGRADED),
    BELOW_BASELINE(Severity.DEGRADED),
    BELOW_FLEET(Severity.DEGRADED),
    SLOWER_THAN_SIBLINGS(Severity.DEGRADED),
    THROTTLING(Severity.DEGRADED),
    PROBE_ERROR(Severity.INCONCLUSIVE),
    UNSCORED(Severity.UNSCORED),
    /** A DEGRADED or FAILED GPU on its way back: clean runs so far of those recovery needs. */
    RECOVERING(Severity.INFO),
    /** The board failed at least twice within 30 days, wherever it was. */
    REPEAT_OFFENDER(Severity.INFO);

    private final Severity severity;

    EvidenceKind(Severity severity) {
        this.severity = severity;
    }

    public Severity severity() {
        return severity;
    }

    public String jsonName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static EvidenceKind ofJsonName(String name) {
        return valueOf(name.toUpperCase(Locale.ROOT));
    }
}
