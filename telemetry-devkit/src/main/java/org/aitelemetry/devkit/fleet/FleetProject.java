package org.aitelemetry.devkit.fleet;

import java.util.List;

/** A research project: a namespace of one cluster. Namespaces repeat across clusters. */
public record FleetProject(String cluster, String namespace, boolean vllm) {

    private static final List<String> RESEARCH_AREAS =
            List.of("nlp", "vision", "speech", "genomics", "climate", "robotics", "chemistry", "physics");

    /** The namespace of a cluster's {@code index}-th project (from 0): {@code nlp-001}, {@code vision-002}, … */
    public static String namespace(int index) {
        return String.format("%s-%03d", RESEARCH_AREAS.get(index % RESEARCH_AREAS.size()), index + 1);
    }
}
