package org.aitelemetry.site.health;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.specification.RequestSpecification;
import org.aitelemetry.devkit.keycloak.KeycloakClients;
import org.aitelemetry.site.support.Api;
import org.aitelemetry.site.support.Fixture;
import org.aitelemetry.site.support.SiteApiTest;
import org.aitelemetry.site.support.SiteTestProfile;
import org.aitelemetry.site.support.Tokens;
import org.junit.jupiter.api.Test;

/**
 * Job health: the GPUs a job's pods hold now (sessions and MIG slices), worst first, the overall verdict, and who may
 * ask. The fixture's job nlp-train-worker-0/-1 holds a healthy and a failed GPU on a degraded node; cluster-02 has a
 * pod of the same name in a namespace of the same name, which must never mix in.
 */
@QuarkusTest
@TestProfile(SiteTestProfile.class)
class JobHealthApiTest extends SiteApiTest {

    private static final String JOB_HEALTH = "/api/v1/job-health";

    private static RequestSpecification job(RequestSpecification request, String cluster) {
        return request.queryParam("cluster", cluster).queryParam("namespace", "nlp-001");
    }

    @Test
    void aJobWithAFailedGpuFailsWorstFirst() {
        job(Api.as(researcher), "cluster-01").queryParam("pod", "nlp-train-worker-0", "nlp-train-worker-1")
                .get(JOB_HEALTH).then().statusCode(200)
                .body("cluster", equalTo("cluster-01"))
                .body("verdict", equalTo("FAILED"))
                .body("pods", contains("nlp-train-worker-0", "nlp-train-worker-1"))
                .body("gpus.uuid", contains(Fixture.DEVICE_FAILED, Fixture.DEVICE_HEALTHY))
                .body("gpus[0].health", equalTo("FAILED"))
                .body("gpus[0].reason", equalTo("gemm_bf16 at 61% of the baseline"))
                .body("gpus[0].healthAt", equalTo("2026-11-21T11:00:00Z"))
                .body("gpus[0].pods", contains("nlp-train-worker-1"))
                .body("gpus[0].node", equalTo("worker-gpu-0001"))
                .body("gpus[0].gpuInstanceId", nullValue())
                .body("nodes.name", contains("worker-gpu-0001"))
                .body("nodes[0].health", equalTo("DEGRADED"))
                .body("nodes[0].gpus", equalTo(2))
                .body("counts.FAILED", equalTo(1)).body("counts.HEALTHY", equalTo(1))
                .body("counts.DEGRADED", equalTo(0)).body("counts.UNKNOWN", equalTo(0));
    }

    @Test
    void aSameNamedPodOnAnotherClusterStaysOut() {
        String admin = Tokens.of(keycloak, KeycloakClients.TEST_ADMIN);
        job(Api.as(admin), "cluster-01").queryParam("pod", "nlp-train-worker-0").get(JOB_HEALTH).then()
                .statusCode(200).body("gpus.uuid", contains(Fixture.DEVICE_HEALTHY))
                .body("verdict", equalTo("DEGRADED"));
        job(Api.as(admin), "cluster-02").queryParam("pod", "nlp-train-worker-0").get(JOB_HEALTH).then()
                .statusCode(200).body("gpus.uuid", contains(Fixture.DEVICE_OTHER_CLUSTER))
                .body("verdict", equalTo("UNKNOWN")).body("counts.UNKNOWN", equalTo(1));
    }

    @Test
    void aPrefixFindsSessionsAndMigSlicesButNotEndedSessions() {
        job(Api.as(researcher), "cluster-01").queryParam("podPrefix", "nlp-").get(JOB_HEALTH).then()
                .statusCode(200)
                .body("pods", contains("nlp-notebook-0", "nlp-rocm-0", "nlp-train-worker-0", "nlp-train-worker-1"))
                .body("gpus.uuid", contains(Fixture.DEVICE_FAILED, Fixture.DEVICE_AMD, Fixture.DEVICE_HEALTHY,
                        Fixture.DEVICE_MIG))
                .body("gpus[1].gpuInstanceId", equalTo(0))
                .body("gpus[3].gpuInstanceId", equalTo(1))
                .body("nodes.name", contains("worker-gpu-0001", "worker-amd-0001", "worker-gpu-0002"))
                .body("nodes[2].gpus", equalTo(1));
    }

    @Test
    void aSessionInItsGracePeriodStillHoldsItsGpu() {
        pool.query("""
                INSERT INTO usage_session (id, fingerprint, starts_at, state, alert_name, labels, cluster_name,
                    node_name, gpu_uuid, namespace, pod, container, device_id, project_id, trace_id, span_id)
                VALUES (6201, 'f0000000000006201', '2026-11-21T09:00:00Z', 'CLOSING', 'GpuInUse', '{}', 'cluster-01',
                    'worker-gpu-0001', 'GPU-0000aaaa-0000-0000-0000-000000000001', 'nlp-001', 'nlp-closing-0',
                    'trainer', 1001, 501, '6af7651916cd43dd8448eb211c80319c', '17ad6b7169203331')""")
                .execute().await().indefinitely();
        try {
            job(Api.as(researcher), "cluster-01").queryParam("pod", "nlp-closing-0").get(JOB_HEALTH).then()
                    .statusCode(200).body("gpus.uuid", contains(Fixture.DEVICE_HEALTHY));
        } finally {
            pool.query("DELETE FROM usage_session WHERE id = 6201").execute().await().indefinitely();
        }
    }

    @Test
    void wildcardsInThePrefixMatchLiterally() {
        job(Api.as(researcher), "cluster-01").queryParam("podPrefix", "nlp-train-worker-_").get(JOB_HEALTH).then()
                .statusCode(200).body("verdict", equalTo("NO_GPUS")).body("gpus.size()", equalTo(0));
        job(Api.as(researcher), "cluster-01").queryParam("podPrefix", "%").get(JOB_HEALTH).then()
                .statusCode(200).body("verdict", equalTo("NO_GPUS"));
    }

    @Test
    void podsWithoutGpusGiveNoGpus() {
        job(Api.as(researcher), "cluster-01").queryParam("pod", "nlp-eval-0").get(JOB_HEALTH).then()
                .statusCode(200).body("verdict", equalTo("NO_GPUS")).body("pods.size()", equalTo(0))
                .body("nodes.size()", equalTo(0)).body("counts.HEALTHY", equalTo(0));
    }

    @Test
    void anotherProjectIs404WhetherItExistsOrNot() {
        Api.as(researcher).queryParam("cluster", "cluster-01").queryParam("namespace", "vision-002")
                .queryParam("pod", "vision-train-0").get(JOB_HEALTH).then().statusCode(404)
                .body("code", equalTo("not-found"));
        job(Api.as(researcher), "cluster-02").queryParam("pod", "nlp-train-worker-0").get(JOB_HEALTH).then()
                .statusCode(404);
        job(Api.as(researcher), "cluster-99").queryParam("pod", "nlp-train-worker-0").get(JOB_HEALTH).then()
                .statusCode(404).body("code", equalTo("not-found"));
    }

    @Test
    void needsClusterNamespaceAndPods() {
        Api.malformedAs(researcher).queryParam("namespace", "nlp-001").queryParam("pod", "x").get(JOB_HEALTH)
                .then().statusCode(400).body("detail", equalTo("parameter 'cluster' is required"));
        Api.malformedAs(researcher).queryParam("cluster", "cluster-01").queryParam("pod", "x").get(JOB_HEALTH)
                .then().statusCode(400).body("code", equalTo("invalid-parameter"));
        job(Api.malformedAs(researcher), "cluster-01").get(JOB_HEALTH).then().statusCode(400)
                .body("code", equalTo("invalid-parameter"));
    }
}
