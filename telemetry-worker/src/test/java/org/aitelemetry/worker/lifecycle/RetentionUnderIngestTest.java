package org.aitelemetry.worker.lifecycle;

import static org.aitelemetry.worker.lifecycle.LifecycleRows.monthsAgo;
import static org.aitelemetry.worker.lifecycle.LifecycleRows.partition;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.test.oidc.server.OidcWiremockTestResource;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.worker.alert.AlertmanagerWebhookResource;
import org.aitelemetry.worker.ingest.IngestSecurityProfile;
import org.junit.jupiter.api.Test;

/**
 * Scenario 33 (first half): retention drops old alert partitions while many webhook batches arrive concurrently
 * through the real HTTP endpoint; no batch fails and every alert sent is stored.
 */
@QuarkusTest
@TestProfile(IngestSecurityProfile.class)
@WithTestResource(PostgresTestResource.class)
@WithTestResource(OidcWiremockTestResource.class)
class RetentionUnderIngestTest {

    private static final int SENDERS = 8;
    private static final int BATCHES_PER_SENDER = 40;
    private static final int ALERTS_PER_BATCH = 25;

    @TestHTTPResource("/api/ingest/v1/alertmanager")
    URI webhook;

    @Inject
    Pool pool;

    @Inject
    Retention retention;

    @Test
    void retentionDropsOldMonthsWhileIngestRunsAtLoad() throws Exception {
        Instant now = Instant.now();
        LifecycleRows rows = new LifecycleRows(pool);
        List<Instant> oldMonths = List.of(monthsAgo(now, 2), monthsAgo(now, 3), monthsAgo(now, 4));
        oldMonths.forEach(month -> rows.alertBatch("old", month, 500, true));
        String token = OidcWiremockTestResource.getAccessToken("alertmanager",
                Set.of(AlertmanagerWebhookResource.ALERTS_WRITER));
        HttpClient client = HttpClient.newHttpClient();
        CountDownLatch underWay = new CountDownLatch(SENDERS * 2);

        ExecutorService senders = Executors.newFixedThreadPool(SENDERS);
        List<Future<List<Integer>>> statuses = new ArrayList<>();
        try {
            for (int sender = 0; sender < SENDERS; sender++) {
                int id = sender;
                statuses.add(senders.submit(() -> send(client, token, id, now, underWay)));
            }
            underWay.await();
            RetentionReport report = retention.runOnce(now).await().indefinitely();

            List<Integer> answers = new ArrayList<>();
            for (Future<List<Integer>> sender : statuses) {
                answers.addAll(sender.get());
            }
            assertThat(answers).hasSize(SENDERS * BATCHES_PER_SENDER).containsOnly(200);
            assertThat(report.table("alert_batch").dropped()).containsAll(oldMonths.stream()
                    .flatMap(month -> List.of(partition("alert_notification", month), partition("alert_batch", month))
                            .stream()).toList());
            assertThat(report.table("alert_batch").rowsDropped()).as("3 batches of 500 alerts").isEqualTo(1503);
        } finally {
            senders.shutdownNow();
        }
        assertThat(rows.count("SELECT count(*) FROM alert_notification n JOIN alert_batch b ON b.id = n.batch_id"
                + " AND b.received_at = n.received_at WHERE b.receiver = 'load'"))
                .as("every alert sent is stored").isEqualTo((long) SENDERS * BATCHES_PER_SENDER * ALERTS_PER_BATCH);
        assertThat(rows.count("SELECT count(*) FROM alert_batch WHERE receiver = 'old'")).isZero();
    }

    private List<Integer> send(HttpClient client, String token, int sender, Instant now, CountDownLatch underWay)
            throws Exception {
        List<Integer> answers = new ArrayList<>();
        for (int batch = 0; batch < BATCHES_PER_SENDER; batch++) {
            HttpRequest request = HttpRequest.newBuilder(webhook).header("Authorization", "Bearer " + token)
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body(sender, batch, now))).build();
            answers.add(client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode());
            underWay.countDown();
        }
        return answers;
    }

    private static String body(int sender, int batch, Instant now) {
        String alerts = IntStream.range(0, ALERTS_PER_BATCH).mapToObj(alert -> """
                {"status":"firing","fingerprint":"load-%d-%d-%d","startsAt":"%s","labels":{"alertname":"GpuInUse"}}"""
                .formatted(sender, batch, alert, now.minusSeconds(60))).collect(Collectors.joining(","));
        return """
                {"version":"4","status":"firing","receiver":"load","groupKey":"g-%d-%d","alerts":[%s]}"""
                .formatted(sender, batch, alerts);
    }
}
