package org.aitelemetry.worker.health;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Reads one test of one GPU into evidence (docs/architecture.md, "Health verdicts"). The probe reports facts; this
 * decides what they weigh: hard evidence (hardware XIDs, uncorrected ECC, row remapping, an AMD RAS block in error, a
 * narrow PCIe link, a result mismatch, a CUDA or HIP error classed as hardware) fails a GPU at once; a probe error without it only makes the run
 * inconclusive; any other failed test must fail twice in a row to count as a failure.
 */
@ApplicationScoped
public class TestEvidence {

    private final XidCatalogue xids;

    TestEvidence(XidCatalogue xids) {
        this.xids = xids;
    }

    /** @param failedBefore the tests this GPU failed, without hard evidence, in its previous run */
    public List<Evidence> of(TestResult test, Set<String> failedBefore) {
        if (test.status() == TestStatus.ERROR) {
            return List.of(error(test));
        }
        List<Evidence> found = new ArrayList<>(facts(test, failedBefore));
        if (found.isEmpty()) {
            switch (test.status()) {
                case FAILED -> found.add(failure(test, "failed: " + reason(test), failedBefore));
                case DEGRADED -> found.add(new Evidence(test.key().startsWith("nvml_") ? EvidenceKind.THROTTLING
                        : EvidenceKind.BELOW_BASELINE, test.key(), test.key() + " degraded: " + reason(test)));
                default -> {
                }
            }
        }
        return found;
    }

    /** Whether the evidence is a failure still to be confirmed or confirmed by repetition, for the next run. */
    public static boolean isSoftFailure(Evidence evidence) {
        return evidence.kind() == EvidenceKind.UNCONFIRMED_FAILURE || evidence.kind() == EvidenceKind.CONFIRMED_FAILURE;
    }

    private List<Evidence> facts(TestResult test, Set<String> failedBefore) {
        return switch (test.key()) {
            case "nvml_xid" -> xid(test, failedBefore);
            case "nvml_ecc" -> ecc(test);
            case "amd_smi_ecc" -> amdEcc(test);
            case "amd_smi_ras" -> ras(test);
            case "nvml_remapped_rows" -> remappedRows(test);
            case "nvml_pcie_link" -> pcieLink(test);
            default -> test.isThroughput() && test.number("mismatches") > 0
                    ? List.of(new Evidence(EvidenceKind.RESULT_MISMATCH, test.key(), String.format(Locale.ROOT,
                            "%s result check: %.0f wrong values", test.key(), test.number("mismatches")),
                            Map.of("mismatches", test.detail("mismatches"))))
                    : List.of();
        };
    }

    private static Evidence error(TestResult test) {
        String errorClass = test.details().getOrDefault("error_class", "unknown");
        Map<String, String> details = new TreeMap<>();
        details.put("error_class", errorClass);
        if (test.detail("error_code") != null) {
            details.put("error_code", test.detail("error_code"));
        }
        if (errorClass.equals("hardware")) {
            return new Evidence(EvidenceKind.HARDWARE_ERROR, test.key(), test.key() + ": hardware error: "
                    + reason(test), details);
        }
        return new Evidence(EvidenceKind.PROBE_ERROR, test.key(), test.key() + " could not run (" + errorClass + "): "
                + reason(test), details);
    }

    private List<Evidence> xid(TestResult test, Set<String> failedBefore) {
        List<Evidence> found = new ArrayList<>();
        for (int code : codes(test)) {
            var known = xids.find(code);
            if (known.isEmpty()) {
                found.add(failure(test, "XID " + code + " (not in the catalogue) during the run", failedBefore));
            } else if (known.get().hardware()) {
                found.add(new Evidence(EvidenceKind.HARDWARE_XID, test.key(), "XID " + code + ": "
                        + known.get().meaning(), Map.of("xid", Integer.toString(code))));
            } else {
                found.add(new Evidence(EvidenceKind.APPLICATION_XID, test.key(), "XID " + code + ": "
                        + known.get().meaning() + "; not evidence against the GPU", Map.of("xid",
                                Integer.toString(code))));
            }
        }
        return found;
    }

    /** Every XID of the run ({@code xids}, probe 1.1), else the last one (probe 1.0) when any was counted. */
    private static Set<Integer> codes(TestResult test) {
        Set<Integer> codes = new TreeSet<>();
        String list = test.detail("xids");
        if (list != null && !list.isBlank()) {
            for (String code : list.split(",")) {
                try {
                    codes.add(Integer.parseInt(code.strip()));
                } catch (NumberFormatException e) {
                    // A malformed entry is no XID; the others still count.
                }
            }
        } else if (test.value() != null && test.value() > 0 && test.detail("last_xid") != null) {
            codes.add((int) test.number("last_xid"));
        }
        return codes;
    }

    private static List<Evidence> ecc(TestResult test) {
        if (test.number("volatile_uncorrected") > 0) {
            return List.of(new Evidence(EvidenceKind.ECC_UNCORRECTED, test.key(), String.format(Locale.ROOT,
                    "%.0f uncorrected (double-bit) ECC errors since the driver loaded",
                    test.number("volatile_uncorrected")), Map.of("volatile_uncorrected",
                            test.detail("volatile_uncorrected"))));
        }
        if (test.number("aggregate_uncorrected") > 0) {
            return List.of(new Evidence(EvidenceKind.ECC_LIFETIME, test.key(), String.format(Locale.ROOT,
                    "%.0f uncorrected ECC errors over the board's lifetime", test.number("aggregate_uncorrected")),
                    Map.of("aggregate_uncorrected", test.detail("aggregate_uncorrected"))));
        }
        return List.of();
    }

    /**
     * AMD's counts since the driver loaded. A deferred error is an uncorrectable one that the hardware could not fix and
     * deferred by poisoning the data, to be raised when something consumes it: the memory is as bad as for an
     * uncorrectable error, only no one has read it yet, so it weighs the same.
     */
    private static List<Evidence> amdEcc(TestResult test) {
        double uncorrectable = test.number("uncorrectable");
        double deferred = test.number("deferred");
        if (uncorrectable <= 0 && deferred <= 0) {
            return List.of();
        }
        return List.of(new Evidence(EvidenceKind.ECC_UNCORRECTED, test.key(), String.format(Locale.ROOT,
                "%.0f uncorrectable and %.0f deferred ECC errors since the driver loaded", uncorrectable, deferred),
                Map.of("uncorrectable", fmt(uncorrectable), "deferred", fmt(deferred))));
    }

    /** The RAS blocks the probe found in MULT_UC or POISON state, named in the evidence. */
    private static List<Evidence> ras(TestResult test) {
        String blocks = test.detail("ras_uncorrectable_blocks");
        if (blocks == null || blocks.isBlank()) {
            return List.of();
        }
        return List.of(new Evidence(EvidenceKind.RAS_ERROR, test.key(), "RAS reports uncorrectable errors in " + blocks,
                Map.of("ras_uncorrectable_blocks", blocks)));
    }

    private static List<Evidence> remappedRows(TestResult test) {
        if (test.flag("failure_occurred")) {
            return List.of(new Evidence(EvidenceKind.ROW_REMAP_FAILURE, test.key(), "a row remapping failed"));
        }
        if (test.flag("pending")) {
            return List.of(new Evidence(EvidenceKind.ROW_REMAP_PENDING, test.key(),
                    "a row remapping is pending: the GPU needs a reset"));
        }
        return List.of();
    }

    /**
     * Narrower than the SKU's width (else the link's own maximum) is hard: the width under load when the probe sampled
     * one (1.2), else the current one. A link that cannot reach the SKU's generation degrades (a Gen4 slot is the
     * host's, not the GPU's fault); one that ran below it under load fails the probe's test, which must repeat to count.
     */
    private static List<Evidence> pcieLink(TestResult test) {
        List<Evidence> found = new ArrayList<>();
        boolean underLoad = test.number("load_width") > 0;
        double width = underLoad ? test.number("load_width") : test.number("current_width");
        double expectedWidth = test.number("expected_width") > 0 ? test.number("expected_width")
                : test.number("max_width");
        if (width > 0 && expectedWidth > 0 && width < expectedWidth) {
            found.add(new Evidence(EvidenceKind.PCIE_LINK, test.key(), String.format(Locale.ROOT,
                    "PCIe link trained at x%.0f of x%.0f%s", width, expectedWidth, underLoad ? " under load" : ""),
                    Map.of(underLoad ? "load_width" : "current_width", fmt(width), "expected_width",
                            fmt(expectedWidth))));
        }
        double maxGen = test.number("max_gen");
        double expectedGen = test.number("expected_gen");
        if (maxGen > 0 && expectedGen > 0 && maxGen < expectedGen) {
            found.add(new Evidence(EvidenceKind.PCIE_LINK_SLOW, test.key(), String.format(Locale.ROOT,
                    "PCIe link can reach Gen%.0f only, the SKU's is Gen%.0f", maxGen, expectedGen),
                    Map.of("max_gen", fmt(maxGen), "expected_gen", fmt(expectedGen))));
        }
        return found;
    }

    private static Evidence failure(TestResult test, String what, Set<String> failedBefore) {
        return failedBefore.contains(test.key())
                ? new Evidence(EvidenceKind.CONFIRMED_FAILURE, test.key(), test.key() + " " + what
                        + " (also in the previous run)")
                : new Evidence(EvidenceKind.UNCONFIRMED_FAILURE, test.key(), test.key() + " " + what
                        + " (first time: a re-run confirms it)");
    }

    private static String reason(TestResult test) {
        return test.reason() == null || test.reason().isBlank() ? "no reason given" : test.reason();
    }

    private static String fmt(double value) {
        return String.format(Locale.ROOT, "%.0f", value);
    }
}
