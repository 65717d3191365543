package org.aitelemetry.devkit.fleet;

import java.util.List;
import java.util.Optional;

/**
 * A research project: a namespace of one cluster, and the allocation ColdFront annotated it with (none for a namespace
 * made by hand). Namespaces repeat across clusters.
 */
public record FleetProject(String cluster, String namespace, boolean vllm, Optional<ColdFrontAllocation> allocation) {

    private static final List<String> RESEARCH_AREAS =
            List.of("nlp", "vision", "speech", "genomics", "climate", "robotics", "chemistry", "physics");

    /** The namespace of a cluster's {@code index}-th project (from 0): {@code nlp-001}, {@code vision-002}, … */
    public static String namespace(int index) {
        return String.format("%s-%03d", RESEARCH_AREAS.get(index % RESEARCH_AREAS.size()), index + 1);
    }
}
