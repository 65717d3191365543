package org.aitelemetry.worker.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.test.oidc.server.OidcWiremockTestResource;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.aitelemetry.devkit.otlp.InjectOtlp;
import org.aitelemetry.devkit.otlp.OtlpReceiver;
import org.aitelemetry.devkit.otlp.OtlpTestResource;
import org.aitelemetry.devkit.otlp.ReceivedSpan;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.junit.jupiter.api.Test;

/**
 * Scoring traces itself: a posted probe run is a server span of the worker, and the batch that stored and scored it a
 * child span {@code ProbeRunIngest.ingest} counting its runs, at the OTLP receiver named as the collector.
 */
@QuarkusTest
@TestProfile(SelfTracingProfile.class)
@WithTestResource(PostgresTestResource.class)
@WithTestResource(OidcWiremockTestResource.class)
@WithTestResource(OtlpTestResource.class)
class ProbeIngestTracingTest {

    private static final Duration PATIENCE = Duration.ofSeconds(30);
    private static final String HOST = "traced-node";
    private static final List<String> GPUS = List.of("GPU-trace-0", "GPU-trace-1");

    @Inject
    Pool pool;

    @InjectOtlp
    OtlpReceiver receiver;

    @Test
    void aPostedRunIsScoredInASpanOfItsRequest() {
        new ProbeFleet(pool, "tracing").node(HOST, GPUS);

        ProbeRunResourceTest.post(ProbeReports.bf16(HOST, UUID.randomUUID(), ProbeReports.YESTERDAY,
                Map.of(GPUS.get(0), 780.0, GPUS.get(1), 781.0))).statusCode(201);

        ReceivedSpan ingest = await().atMost(PATIENCE).until(() -> receiver.spans().stream()
                .filter(span -> span.name().equals("ProbeRunIngest.ingest")).findFirst(), Optional::isPresent)
                .orElseThrow();
        assertThat(ingest.attributes()).containsEntry("telemetry.probe.runs", 1L);
        assertThat(ingest.resourceAttributes()).containsEntry("service.name", "telemetry-worker");
        await().atMost(PATIENCE).untilAsserted(() -> assertThat(receiver.spans(ingest.traceIdHex()))
                .anySatisfy(request -> {
                    assertThat(request.kind()).isEqualTo("SERVER");
                    assertThat(request.name()).isEqualTo("POST " + ProbeRunResource.PATH);
                }));
    }
}
