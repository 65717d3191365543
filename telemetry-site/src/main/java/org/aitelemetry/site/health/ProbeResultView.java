package org.aitelemetry.site.health;

import java.util.List;
import java.util.Map;

/** One GPU's result in a probe run (schema {@code ProbeResult}); {@code tests} as gpu-probe reported them. */
public record ProbeResultView(String gpuUuid, String verdict, List<String> reasons, Map<String, Object> tests) {
}
