package org.aitelemetry.site.health;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;
import org.aitelemetry.site.ngsild.NgsiLdEntity;
import org.aitelemetry.site.ngsild.NgsiLdRepresentable;

/** A probe run with its per-GPU results (schema {@code ProbeRunDetail}: the run's fields and {@code results}). */
public record ProbeRunDetailView(@JsonUnwrapped ProbeRunView run, List<ProbeResultView> results)
        implements NgsiLdRepresentable {

    @Override
    public NgsiLdEntity toNgsiLd() {
        return run.toNgsiLd().property(HealthTerms.RESULTS, results);
    }
}
