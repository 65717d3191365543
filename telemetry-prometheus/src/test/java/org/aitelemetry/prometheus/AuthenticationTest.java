package org.aitelemetry.prometheus;

import static org.aitelemetry.prometheus.PrometheusClientTest.EMPTY_VECTOR;
import static org.aitelemetry.prometheus.PrometheusClientTest.T;
import static org.aitelemetry.prometheus.PrometheusClientTest.await;
import static org.aitelemetry.prometheus.PrometheusClientTest.failure;
import static org.aitelemetry.prometheus.PrometheusStandIn.json;
import static org.aitelemetry.prometheus.PrometheusStandIn.success;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import io.vertx.core.http.ClientAuth;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.net.PemKeyCertOptions;
import io.vertx.core.net.PemTrustOptions;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.aitelemetry.devkit.tls.ThrowawayPki;
import org.aitelemetry.prometheus.OidcSettings.ClientAuthentication;
import org.aitelemetry.prometheus.PrometheusStandIn.Received;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bearer token files, OIDC client credentials and client certificates, against stand-in sources and IdPs. */
@QuarkusTest
@WithTestResource(ThrowawayPkiResource.class)
class AuthenticationTest {

    @Inject
    Vertx vertx;

    @Inject
    PrometheusClients clients;

    /** Injected by {@link ThrowawayPkiResource}. */
    ThrowawayPki.PemFiles pem;

    @TempDir
    Path tempDir;

    PrometheusStandIn prometheus;
    PrometheusStandIn tokenEndpoint;
    final List<PrometheusClient> created = new ArrayList<>();

    @BeforeEach
    void startStandIns() {
        prometheus = PrometheusStandIn.start(vertx).replies(success(EMPTY_VECTOR));
        tokenEndpoint = PrometheusStandIn.start(vertx);
    }

    @AfterEach
    void stopStandIns() throws Exception {
        created.forEach(PrometheusClient::close);
        prometheus.close();
        tokenEndpoint.close();
    }

    @Test
    void bearerTokenComesFromTheFileAndARewrittenFileIsPickedUp() throws IOException {
        Path tokenFile = Files.writeString(tempDir.resolve("token"), "token-1\n");
        PrometheusClient client = client(SourceSettings.of("thanos", prometheus.url()).withBearerTokenFile(tokenFile));

        await(client.query("up", T));
        Files.writeString(tokenFile, "token-2\n");
        await(client.query("up", T));

        assertThat(authorizations(prometheus)).containsExactly("Bearer token-1", "Bearer token-2");
    }

    @Test
    void missingTokenFileFailsWithoutAsking() {
        PrometheusClient client = client(SourceSettings.of("thanos", prometheus.url())
                .withBearerTokenFile(tempDir.resolve("absent")));

        PrometheusQueryException failure = failure(client.query("up", T));

        assertThat(failure.isTransient()).isFalse();
        assertThat(failure).hasMessageContaining("bearer token file");
        assertThat(prometheus.received()).isEmpty();
    }

    @Test
    void oidcTokenIsFetchedOnceForManyQueriesAndAgainAfterItExpires() throws InterruptedException {
        tokenEndpoint.replies(request -> issueToken(2).answer(request));
        OidcSettings oidc = new OidcSettings(tokenUrl(), "telemetry-worker", "s3cr&t", Optional.empty());
        PrometheusClient client = client(oidcSource(oidc));

        await(Uni.join().all(IntStream.range(0, 5).mapToObj(i -> client.query("up", T)).toList()).andFailFast());
        await(client.query("up", T));

        assertThat(tokenEndpoint.received()).singleElement().satisfies(request -> {
            assertThat(request.param("grant_type")).isEqualTo("client_credentials");
            assertThat(request.headers().get("Authorization"))
                    .isEqualTo("Basic " + base64("telemetry-worker:s3cr%26t"));
        });
        assertThat(authorizations(prometheus)).hasSize(6).containsOnly("Bearer token-1");

        Thread.sleep(2_000);
        await(client.query("up", T));

        assertThat(tokenEndpoint.received()).hasSize(2);
        assertThat(authorizations(prometheus)).last().isEqualTo("Bearer token-2");
    }

    @Test
    void clientSecretPostSendsTheCredentialsInTheForm() {
        tokenEndpoint.replies(request -> issueToken(300).answer(request));
        OidcSettings oidc = new OidcSettings(tokenUrl(), "telemetry-worker", "s3cret", Optional.of("metrics"),
                ClientAuthentication.CLIENT_SECRET_POST);

        await(client(oidcSource(oidc)).query("up", T));

        assertThat(tokenEndpoint.received()).singleElement().satisfies(request -> {
            assertThat(request.headers().contains("Authorization")).isFalse();
            assertThat(List.of(request.param("client_id"), request.param("client_secret"), request.param("scope")))
                    .containsExactly("telemetry-worker", "s3cret", "metrics");
        });
    }

    @Test
    void rejectedTokenIsRenewedOnceAndTheQueryRepeated() {
        tokenEndpoint.replies(request -> issueToken(300).answer(request));
        prometheus.replies(json(401, "{\"error\":\"token expired\"}"), success(EMPTY_VECTOR));

        await(client(oidcSource(basicOidc())).query("up", T));

        assertThat(tokenEndpoint.received()).hasSize(2);
        assertThat(authorizations(prometheus)).containsExactly("Bearer token-1", "Bearer token-2");
    }

    @Test
    void tokenRejectedTwiceIsFinal() {
        tokenEndpoint.replies(request -> issueToken(300).answer(request));
        prometheus.replies(json(401, "{\"error\":\"unknown client\"}"));

        PrometheusQueryException failure = failure(client(oidcSource(basicOidc())).query("up", T));

        assertThat(failure.httpStatus()).isEqualTo(401);
        assertThat(failure.isTransient()).isFalse();
        assertThat(prometheus.received()).hasSize(2);
    }

    @Test
    void clientCertificateOpensAnMtlsSourceAndItsAbsenceDoesNot() throws Exception {
        try (PrometheusStandIn observatorium = PrometheusStandIn.start(vertx, mtlsServerOptions())) {
            observatorium.replies(success(EMPTY_VECTOR));
            SourceSettings withCertificate = SourceSettings.of("observatorium", observatorium.url())
                    .withTenant("gpu-fleet").withMtls(ThrowawayPkiResource.MTLS);
            SourceSettings withoutCertificate = SourceSettings.of("observatorium", observatorium.url())
                    .withTenant("gpu-fleet").withTlsConfiguration(ThrowawayPkiResource.CA_ONLY);

            await(client(withCertificate).query("up", T));
            PrometheusQueryException failure = failure(client(withoutCertificate).query("up", T));

            assertThat(observatorium.received()).extracting(Received::path)
                    .containsExactly("/api/metrics/v1/gpu-fleet/api/v1/query");
            assertThat(failure.httpStatus()).isEqualTo(PrometheusQueryException.NO_RESPONSE);
            assertThat(failure.isTransient()).as("a rejected handshake is not retried").isFalse();
        }
    }

    private PrometheusClient client(SourceSettings settings) {
        PrometheusClient client = clients.create(settings);
        created.add(client);
        return client;
    }

    private HttpServerOptions mtlsServerOptions() {
        return new HttpServerOptions()
                .setSsl(true)
                .setKeyCertOptions(new PemKeyCertOptions()
                        .setCertPath(pem.serverCert().toString())
                        .setKeyPath(pem.serverKey().toString()))
                .setTrustOptions(new PemTrustOptions().addCertPath(pem.caCert().toString()))
                .setClientAuth(ClientAuth.REQUIRED);
    }

    private SourceSettings oidcSource(OidcSettings oidc) {
        return SourceSettings.of("oidc-protected", prometheus.url()).withOidc(oidc);
    }

    private OidcSettings basicOidc() {
        return new OidcSettings(tokenUrl(), "telemetry-worker", "s3cret", Optional.empty());
    }

    private URI tokenUrl() {
        return URI.create(tokenEndpoint.url() + "/realms/telemetry/protocol/openid-connect/token");
    }

    /** Keycloak's answer to a client-credentials grant; the n-th token issued is {@code token-n}. */
    private PrometheusStandIn.Reply issueToken(int expiresInSeconds) {
        return json(200, "{\"access_token\":\"token-" + tokenEndpoint.received().size() + "\",\"expires_in\":"
                + expiresInSeconds + ",\"refresh_expires_in\":0,\"token_type\":\"Bearer\",\"not-before-policy\":0,"
                + "\"scope\":\"profile email\"}");
    }

    private static List<String> authorizations(PrometheusStandIn standIn) {
        return standIn.received().stream().map(request -> request.headers().get("Authorization")).toList();
    }

    private static String base64(String text) {
        return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }
}
