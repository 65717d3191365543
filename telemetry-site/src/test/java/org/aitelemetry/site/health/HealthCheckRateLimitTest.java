package org.aitelemetry.site.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.vertx.VertxContextSupport;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.IntStream;
import org.aitelemetry.devkit.keycloak.KeycloakClients;
import org.aitelemetry.model.health.HealthCheckRequest;
import org.aitelemetry.model.health.HealthCheckTarget;
import org.aitelemetry.site.api.RateLimited;
import org.aitelemetry.site.support.Api;
import org.aitelemetry.site.support.SiteApiTest;
import org.aitelemetry.site.support.SiteTestProfile;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The per-caller rate limit of health-check requests, counted in the database: concurrent creates cannot both pass
 * it. Through the API with the realm's API example client, which no other test creates requests with.
 */
@QuarkusTest
@TestProfile(SiteTestProfile.class)
class HealthCheckRateLimitTest extends SiteApiTest {

    private static final String CHECKS = "/api/v1/health-checks";
    private static final int CONCURRENT = SiteTestProfile.HEALTH_CHECK_LIMIT + 5;
    private static final String JSON_BODY = """
            {"cluster": "cluster-01", "target": {"kind": "JOB", "namespace": "nlp-001", "podSelector": "job=nlp"}}""";

    private static final String WAIT = "SELECT 1 FROM pg_sleep(0.1)";

    @Inject
    HealthCheckRateLimit rateLimit;

    @Inject
    HealthCheckRequestRepository requests;

    private String client;

    @BeforeEach
    void fixture() {
        client = keycloak.clientCredentialsToken(KeycloakClients.API_EXAMPLE, KeycloakClients.API_EXAMPLE_SECRET);
    }

    @Test
    void concurrentCreatesBeyondTheLimitAreRefusedWithRetryAfter() {
        List<Integer> statuses = createAtOnce(CONCURRENT);

        assertThat(statuses).filteredOn(status -> status == 201).hasSize(SiteTestProfile.HEALTH_CHECK_LIMIT);
        assertThat(statuses).filteredOn(status -> status == 429)
                .hasSize(CONCURRENT - SiteTestProfile.HEALTH_CHECK_LIMIT);
        assertThat(recordedBy("service-account-" + KeycloakClients.API_EXAMPLE))
                .isEqualTo(SiteTestProfile.HEALTH_CHECK_LIMIT);

        Response refused = Api.as(client).contentType(ContentType.JSON).body(JSON_BODY).post(CHECKS);
        refused.then().statusCode(429).contentType("application/problem+json").body("code", equalTo("rate-limited"));
        assertThat(Long.parseLong(refused.header("Retry-After"))).isBetween(1L, 3600L);
    }

    @Test
    void theLockLetsNoConcurrentCreatePastTheCount() {
        String caller = "rate-limit-race";
        // Each create waits between its count and its insert: without the lock, all would count the same few rows.
        // Each runs on a Vert.x context of its own (a Hibernate Reactive session is bound to one), so it waits in the
        // database rather than on a timer thread.
        ExecutorService threads = Executors.newFixedThreadPool(CONCURRENT);
        try {
            List<CompletableFuture<Boolean>> creates = IntStream.range(0, CONCURRENT)
                    .mapToObj(i -> CompletableFuture.supplyAsync(() -> createSlowly(caller), threads)).toList();
            List<Boolean> recorded = creates.stream().map(CompletableFuture::join).toList();

            assertThat(recorded).filteredOn(created -> created).hasSize(SiteTestProfile.HEALTH_CHECK_LIMIT);
            assertThat(recordedBy(caller)).isEqualTo(SiteTestProfile.HEALTH_CHECK_LIMIT);
        } finally {
            threads.shutdownNow();
        }
    }

    private boolean createSlowly(String caller) {
        try {
            return VertxContextSupport.subscribeAndAwait(() -> rateLimit.withinLimit(caller,
                    () -> requests.getSession()
                            .flatMap(session -> session.createNativeQuery(WAIT).getSingleResult())
                            .flatMap(slow -> requests.persistAndFlush(nodeCheck(caller)))
                            .replaceWith(true))
                    .onFailure(RateLimited.class).recoverWithItem(false));
        } catch (Throwable failure) {
            throw new IllegalStateException(failure);
        }
    }

    private static HealthCheckRequest nodeCheck(String caller) {
        HealthCheckRequest request = new HealthCheckRequest();
        request.id = UUID.randomUUID();
        request.requestedBy = caller;
        request.clusterId = 10L;
        request.targetKind = HealthCheckTarget.NODE;
        request.nodeName = "worker-gpu-0001";
        return request;
    }

    /**
     * Sends the creates together from one asynchronous client, so they reach the site at once (the contract filters
     * are left out here: the answers are only counted; the last, refused create above goes through them).
     */
    private List<Integer> createAtOnce(int count) {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        HttpRequest create = HttpRequest.newBuilder(URI.create(RestAssured.baseURI + ":" + RestAssured.port + CHECKS))
                .header("Authorization", "Bearer " + client).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON_BODY)).build();
        List<CompletableFuture<HttpResponse<Void>>> sent = IntStream.range(0, count)
                .mapToObj(i -> http.sendAsync(create, HttpResponse.BodyHandlers.discarding())).toList();
        return sent.stream().map(CompletableFuture::join).map(HttpResponse::statusCode).toList();
    }

    private long recordedBy(String caller) {
        return pool.preparedQuery("SELECT count(*) FROM health_check_request WHERE requested_by = $1")
                .execute(Tuple.of(caller)).await().indefinitely().iterator().next().getLong(0);
    }
}
