package org.aitelemetry.site.support;

import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.Map;
import java.util.function.BiFunction;
import org.aitelemetry.site.vm.VirtualMachineFixture;

/**
 * One concrete call per operation of the contract, aimed at an object of the caller's own project or of another
 * project: the security tests call every operation through this table, so an operation missing here fails them.
 */
public final class Calls {

    /** Whose object a call aims at; inventory calls ignore it. */
    public enum Target { OWN, OTHER }

    private static final Map<String, BiFunction<RequestSpecification, Target, Response>> CALLS = Map.ofEntries(
            Map.entry("getCaller", (spec, target) -> spec.get("/api/v1/me")),
            Map.entry("listClusters", (spec, target) -> spec.get("/api/v1/clusters")),
            Map.entry("getCluster", (spec, target) -> spec.get("/api/v1/clusters/" + Fixture.CLUSTER_01)),
            Map.entry("listNodes", (spec, target) -> spec.get("/api/v1/nodes")),
            Map.entry("getNode", (spec, target) -> spec.get("/api/v1/nodes/" + Fixture.NODE_HEALTHY)),
            Map.entry("listGpuSkus", (spec, target) -> spec.get("/api/v1/gpus")),
            Map.entry("getGpuSku", (spec, target) -> spec.get("/api/v1/gpus/" + Fixture.SKU_H100)),
            Map.entry("listDevices", (spec, target) -> spec.get("/api/v1/devices")),
            // Inventory for every role: an NVIDIA GPU as the own target, an AMD one as the other.
            Map.entry("getDevice", (spec, target) -> spec.get("/api/v1/devices/" + pick(target,
                    Fixture.DEVICE_HEALTHY, Fixture.DEVICE_AMD))),
            Map.entry("listDeviceHealth",
                    (spec, target) -> spec.get("/api/v1/devices/" + Fixture.DEVICE_FAILED + "/health")),
            Map.entry("getDeviceHealthBundle",
                    (spec, target) -> spec.get("/api/v1/devices/" + Fixture.DEVICE_FAILED + "/health/bundle")),
            Map.entry("listSlices", (spec, target) -> spec.get("/api/v1/slices")),
            Map.entry("getSlice", (spec, target) -> spec.get("/api/v1/slices/" + pick(target, Fixture.OWN_SLICE,
                    Fixture.OTHER_SLICE))),
            Map.entry("listVirtualMachines", (spec, target) -> spec.get("/api/v1/virtual-machines")),
            Map.entry("getVirtualMachine", (spec, target) -> spec.get("/api/v1/virtual-machines/" + pick(target,
                    VirtualMachineFixture.OWN_VM, VirtualMachineFixture.OTHER_VM))),
            Map.entry("listProjects", (spec, target) -> spec.get("/api/v1/projects")),
            Map.entry("listProjectGroups", (spec, target) -> spec.queryParam("by", "pi")
                    .get("/api/v1/projects/groups")),
            Map.entry("getProject", (spec, target) -> spec.get("/api/v1/projects/" + project(target))),
            Map.entry("getProjectUsage", (spec, target) -> spec.queryParam("from", "2026-11-19T00:00:00Z")
                    .queryParam("to", "2026-11-22T00:00:00Z").get("/api/v1/projects/" + project(target) + "/usage")),
            Map.entry("listSessions", (spec, target) -> spec.get("/api/v1/sessions")),
            Map.entry("getSession", (spec, target) -> spec.get("/api/v1/sessions/" + pick(target,
                    Fixture.OWN_SESSION, Fixture.OTHER_SESSION))),
            Map.entry("listProbeRuns", (spec, target) -> spec.get("/api/v1/probe-runs")),
            Map.entry("getProbeRun", (spec, target) -> spec.get("/api/v1/probe-runs/" + Fixture.RUN_FAILED)),
            Map.entry("getJobHealth", (spec, target) -> spec.queryParam("cluster",
                    target == Target.OWN ? "cluster-01" : "cluster-02").queryParam("namespace", "nlp-001")
                    .queryParam("podPrefix", "nlp-train-").get("/api/v1/job-health")),
            Map.entry("listHealthChecks", (spec, target) -> spec.get("/api/v1/health-checks")),
            Map.entry("createHealthCheck", (spec, target) -> spec.contentType("application/json")
                    .body(HealthCheckBodies.job(target == Target.OWN ? "nlp-001" : "vision-002"))
                    .post("/api/v1/health-checks")),
            Map.entry("getHealthCheck", (spec, target) -> spec.get("/api/v1/health-checks/" + pick(target,
                    Fixture.OWN_HEALTH_CHECK, Fixture.OTHER_HEALTH_CHECK))),
            Map.entry("listStatements", (spec, target) -> spec.get("/api/v1/statements")),
            Map.entry("getStatement", (spec, target) -> spec.get("/api/v1/statements/" + statement(target))),
            Map.entry("getStatementCsv",
                    (spec, target) -> spec.get("/api/v1/statements/" + statement(target) + "/csv")),
            Map.entry("getStatementHtml",
                    (spec, target) -> spec.get("/api/v1/statements/" + statement(target) + "/html")),
            Map.entry("getNgsiLdContext", (spec, target) -> spec.accept("application/ld+json")
                    .get("/api/v1/ngsi-ld/context.jsonld")));

    private Calls() {
    }

    public static boolean has(String operationId) {
        return CALLS.containsKey(operationId);
    }

    public static Response call(String operationId, RequestSpecification spec, Target target) {
        BiFunction<RequestSpecification, Target, Response> call = CALLS.get(operationId);
        if (call == null) {
            throw new IllegalStateException("no call for operation " + operationId + ": add one to Calls");
        }
        return call.apply(spec, target);
    }

    private static long project(Target target) {
        return pick(target, Fixture.OWN_PROJECT, Fixture.OTHER_PROJECT);
    }

    private static long statement(Target target) {
        return pick(target, Fixture.OWN_STATEMENT, Fixture.OTHER_STATEMENT);
    }

    private static <T> T pick(Target target, T own, T other) {
        return target == Target.OWN ? own : other;
    }
}
