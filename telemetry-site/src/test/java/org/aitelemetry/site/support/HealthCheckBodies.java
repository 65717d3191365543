package org.aitelemetry.site.support;

/** Bodies of health-check requests on the fixture's cluster-01. */
public final class HealthCheckBodies {

    private HealthCheckBodies() {
    }

    /** A job of the namespace, by its pods' names. */
    public static String job(String namespace) {
        return """
                {"cluster": "cluster-01", "target": {"kind": "JOB", "namespace": "%s",
                 "pods": ["nlp-train-worker-0", "nlp-train-worker-1"]}, "tests": ["gemm_bf16"]}"""
                .formatted(namespace);
    }

    public static String project(String namespace) {
        return """
                {"cluster": "cluster-01", "target": {"kind": "PROJECT", "namespace": "%s"}}""".formatted(namespace);
    }

    public static String node(String node) {
        return """
                {"cluster": "cluster-01", "target": {"kind": "NODE", "node": "%s"}}""".formatted(node);
    }
}
