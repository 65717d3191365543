package org.aitelemetry.devkit.fleet;

/** A research project: a namespace of one cluster. Namespaces repeat across clusters. */
public record FleetProject(String cluster, String namespace, boolean vllm) {
}
