package org.aitelemetry.worker.probe;

import static org.aitelemetry.worker.ingest.IngestContract.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.test.kubernetes.client.KubernetesServer;
import io.quarkus.test.kubernetes.client.KubernetesTestServer;
import io.quarkus.test.kubernetes.client.WithKubernetesTestServer;
import io.quarkus.test.oidc.server.OidcWiremockTestResource;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.worker.WorkerMetrics;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Probe Pods' projected service-account tokens (scenario 27), reviewed by their own cluster's API server: two fabric8
 * mock API servers at once, each answering TokenReviews for the tokens it issued. A token bound to node n1 of alpha
 * reports n1's GPUs of alpha, and neither n1's of beta nor n2's of alpha; a token its cluster does not authenticate,
 * of another audience or of another ServiceAccount gets 401 with the reason; an unreachable API server 503; a review
 * serves the same token's next posts; without the node in the review, the Pod's node counts.
 */
@QuarkusTest
@TestProfile(ProbeTokenProfile.class)
@WithTestResource(PostgresTestResource.class)
@WithTestResource(OidcWiremockTestResource.class)
@WithKubernetesTestServer(crud = false)
class ProbeTokenReviewTest {

    private static final String ALPHA = ProbeTokenProfile.ALPHA;
    private static final String BETA = BetaApiServer.CLUSTER;
    private static final String N1_ALPHA_GPU = "GPU-review-alpha-n1";
    private static final String N2_ALPHA_GPU = "GPU-review-alpha-n2";
    private static final String N1_BETA_GPU = "GPU-review-beta-n1";
    private static final String POD = "gpu-probe-7f3c-x2kq";
    private static long alphaN1;
    private static long betaN1;
    private static TokenReviewStandIn alphaReviews;
    private static TokenReviewStandIn betaReviews;

    @KubernetesTestServer
    KubernetesServer alphaServer;

    @BetaApiServer.Server
    KubernetesMockServer betaServer;

    @Inject
    Pool pool;

    @BeforeEach
    void clusters() {
        if (alphaReviews == null) {
            alphaReviews = new TokenReviewStandIn(alphaServer.getKubernetesMockServer(),
                    ProbeTokenProfile.ALPHA_ISSUER);
            betaReviews = new TokenReviewStandIn(betaServer, BetaApiServer.ISSUER);
            ProbeFleet alpha = new ProbeFleet(pool, ALPHA);
            alphaN1 = alpha.node("n1", List.of(N1_ALPHA_GPU));
            alpha.node("n2", List.of(N2_ALPHA_GPU));
            betaN1 = new ProbeFleet(pool, BETA).node("n1", List.of(N1_BETA_GPU));
        }
    }

    @Test
    void aTokenOfNodeN1ReportsN1sGpusAndOneReviewServesItsNextPosts() {
        String token = probeToken(alphaReviews, ProbeTokenProfile.ALPHA_NAMESPACE, Map.of(
                "authentication.kubernetes.io/node-name", List.of("n1")));
        int reviews = alphaReviews.reviews();
        double accepted = reviewed(ALPHA, "accepted");

        post(token, report(N1_ALPHA_GPU)).statusCode(201).body("nodeId", equalTo((int) alphaN1));
        post(token, report(N1_ALPHA_GPU)).statusCode(201).body("nodeId", equalTo((int) alphaN1));

        assertThat(alphaReviews.reviews()).as("the second post is served by the first review").isEqualTo(reviews + 1);
        assertThat(reviewed(ALPHA, "accepted")).isEqualTo(accepted + 1);
    }

    @Test
    void theTokenCannotReportNodeN1OfAnotherClusterNorAnotherNodeOfItsOwn() {
        String token = probeToken(alphaReviews, ProbeTokenProfile.ALPHA_NAMESPACE, Map.of(
                "authentication.kubernetes.io/node-name", List.of("n1")));
        UUID run = UUID.randomUUID();

        post(token, ProbeNodeScopeTest.report(POD, run, List.of(N1_BETA_GPU))).statusCode(403)
                .body("title", equalTo("Outside the token's node"))
                .body("detail", allOf(containsString("node n1 of cluster " + ALPHA + " only"),
                        containsString("GPU " + N1_BETA_GPU + " belongs to node n1 of cluster " + BETA)));
        post(token, report(N2_ALPHA_GPU)).statusCode(403)
                .body("detail", containsString("GPU " + N2_ALPHA_GPU + " belongs to node n2 of cluster " + ALPHA));

        assertThat(count("SELECT count(*) FROM probe_run WHERE run_id = $1", run)).isZero();
    }

    @Test
    void eachTokenIsReviewedByTheClusterItsIssuerNames() {
        String token = probeToken(betaReviews, "beta-probes", Map.of(
                "authentication.kubernetes.io/node-name", List.of("n1")));
        int alphaBefore = alphaReviews.reviews();

        post(token, report(N1_BETA_GPU)).statusCode(201).body("nodeId", equalTo((int) betaN1));
        post(token, report(N1_ALPHA_GPU)).statusCode(403)
                .body("detail", containsString("belongs to node n1 of cluster " + ALPHA));

        assertThat(alphaReviews.reviews()).isEqualTo(alphaBefore);
    }

    @Test
    void aTokenItsClusterDoesNotAuthenticateIsRefusedWithTheReason() {
        String forged = TokenReviewStandIn.jwt(ProbeTokenProfile.ALPHA_ISSUER, TokenReviewStandIn.AUDIENCE);
        UUID run = UUID.randomUUID();
        int reviews = alphaReviews.reviews();

        post(forged, ProbeNodeScopeTest.report(POD, run, List.of(N1_ALPHA_GPU))).statusCode(401)
                .contentType("application/problem+json").header("WWW-Authenticate", containsString("Bearer"))
                .body("detail", containsString("the API server of cluster " + ALPHA
                        + " did not authenticate the token"));
        post(forged, report(N1_ALPHA_GPU)).statusCode(401);

        assertThat(alphaReviews.reviews()).as("a refusal is not remembered as a success").isEqualTo(reviews + 2);
        assertThat(count("SELECT count(*) FROM probe_run WHERE run_id = $1", run)).isZero();
    }

    @Test
    void aTokenOfAnotherAudienceOrServiceAccountIsRefused() {
        String apiToken = alphaReviews.token("https://kubernetes.default.svc", "system:serviceaccount:alpha-probes"
                + ":gpu-probe", Map.of("authentication.kubernetes.io/node-name", List.of("n1")));
        String otherAccount = alphaReviews.token(TokenReviewStandIn.AUDIENCE, "system:serviceaccount:alpha-probes"
                + ":default", Map.of("authentication.kubernetes.io/node-name", List.of("n1")));
        String otherNamespace = probeToken(alphaReviews, "research", Map.of(
                "authentication.kubernetes.io/node-name", List.of("n1")));

        post(apiToken, report(N1_ALPHA_GPU)).statusCode(401)
                .body("detail", containsString("token audiences is invalid"));
        post(otherAccount, report(N1_ALPHA_GPU)).statusCode(401).body("detail", containsString(
                "system:serviceaccount:alpha-probes:default, not the probes' system:serviceaccount:alpha-probes"
                        + ":gpu-probe"));
        post(otherNamespace, report(N1_ALPHA_GPU)).statusCode(401)
                .body("detail", containsString("system:serviceaccount:research:gpu-probe, not the probes'"));
    }

    @Test
    void withoutTheNodeInTheReviewTheTokensPodNamesIt() {
        String uid = UUID.randomUUID().toString();
        alphaServer.expect().get().withPath("/api/v1/namespaces/alpha-probes/pods/" + POD)
                .andReturn(200, new PodBuilder().withNewMetadata().withName(POD).withNamespace("alpha-probes")
                        .withUid(uid).endMetadata().withNewSpec().withNodeName("n1").endSpec().build()).always();
        String token = probeToken(alphaReviews, ProbeTokenProfile.ALPHA_NAMESPACE, Map.of(
                "authentication.kubernetes.io/pod-name", List.of(POD),
                "authentication.kubernetes.io/pod-uid", List.of(uid)));
        String ofAnEarlierPod = probeToken(alphaReviews, ProbeTokenProfile.ALPHA_NAMESPACE, Map.of(
                "authentication.kubernetes.io/pod-name", List.of(POD),
                "authentication.kubernetes.io/pod-uid", List.of(UUID.randomUUID().toString())));

        post(token, report(N1_ALPHA_GPU)).statusCode(201).body("nodeId", equalTo((int) alphaN1));
        post(token, report(N2_ALPHA_GPU)).statusCode(403);
        post(ofAnEarlierPod, report(N1_ALPHA_GPU)).statusCode(401)
                .body("detail", containsString("the Pod " + POD + ", which no longer exists"));
    }

    @Test
    void anUnreachableApiServerIsATransientFailure() {
        String token = TokenReviewStandIn.jwt(BetaApiServer.DOWN_ISSUER, TokenReviewStandIn.AUDIENCE);
        double unavailable = reviewed(BetaApiServer.DOWN, "unavailable");

        post(token, report(N1_ALPHA_GPU)).statusCode(503).header("Retry-After", "5")
                .contentType("application/problem+json")
                .body("detail", containsString("the API server of cluster " + BetaApiServer.DOWN
                        + " could not review the token"));

        assertThat(reviewed(BetaApiServer.DOWN, "unavailable")).isEqualTo(unavailable + 1);
    }

    @Test
    void aTokenOfNoConfiguredClusterIsRefused() {
        String token = TokenReviewStandIn.jwt("https://elsewhere.example", TokenReviewStandIn.AUDIENCE);

        post(token, report(N1_ALPHA_GPU)).statusCode(401)
                .body("detail", containsString("no cluster of this worker issues service-account tokens as"
                        + " https://elsewhere.example"));
    }

    @Test
    void aKubernetesTokenReachesNothingButTheProbeIngest() {
        String token = probeToken(alphaReviews, ProbeTokenProfile.ALPHA_NAMESPACE, Map.of(
                "authentication.kubernetes.io/node-name", List.of("n1")));
        post(token, report(N1_ALPHA_GPU)).statusCode(201);

        given().auth().oauth2(token).contentType(ContentType.JSON).body("{}")
                .post("/api/ingest/v1/alertmanager").then().statusCode(401);
    }

    @Test
    void aProbeWriterTokenNamingNoNodeIsRefusedWhileScopingIsRequired() {
        String keycloakToken = OidcWiremockTestResource.getAccessToken("gpu-probe",
                Set.of(ProbeRunResource.PROBE_WRITER));

        post(keycloakToken, report(N1_ALPHA_GPU)).statusCode(403)
                .body("detail", containsString("accepts node-scoped probe credentials only"));
    }

    private static double reviewed(String cluster, String outcome) {
        return WorkerMetrics.value("telemetry_probe_token_reviews_total",
                "cluster=\"" + cluster + "\",outcome=\"" + outcome + "\"");
    }

    private static String probeToken(TokenReviewStandIn cluster, String namespace, Map<String, List<String>> extra) {
        return cluster.token(TokenReviewStandIn.AUDIENCE, "system:serviceaccount:" + namespace + ":gpu-probe", extra);
    }

    private static String report(String gpu) {
        return ProbeNodeScopeTest.report(POD, UUID.randomUUID(), List.of(gpu));
    }

    private static ValidatableResponse post(String token, String body) {
        return ProbeNodeScopeTest.post(token, body);
    }

    private long count(String sql, Object parameter) {
        return pool.preparedQuery(sql).executeAndAwait(Tuple.of(parameter)).iterator().next().getLong(0);
    }
}
