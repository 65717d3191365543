package org.aitelemetry.site.health;

import java.util.Map;

/**
 * What each health verdict means, in one line for people (contracts.md §6): the one place pages, the bundle and the
 * docs' wording take it from, so that UNSCORED and INCONCLUSIVE are never read as healthy.
 */
public final class VerdictMeaning {

    private static final Map<String, String> MEANINGS = Map.of(
            "UNKNOWN", "Not scored by any probe run yet.",
            "HEALTHY", "Every scored test within its baseline and no evidence against the hardware.",
            "UNSCORED", "Nothing against it, but no baseline scored its performance tests: not known to be healthy.",
            "INCONCLUSIVE", "The last run could not judge the hardware (GPU busy, library or driver missing, timeout);"
                    + " a re-run is scheduled.",
            "DEGRADED", "Works, but below its SKU's baseline, its fleet or its siblings.",
            "FAILED", "Hard evidence against the hardware, or a failure confirmed by a second run.",
            "NO_GPU", "The probe found no GPU or driver; only CPU tests ran.");

    private VerdictMeaning() {
    }

    /** The verdict's one-line meaning; empty for a value that is not a verdict. */
    public static String of(String verdict) {
        return verdict == null ? "" : MEANINGS.getOrDefault(verdict, "");
    }
}
