package org.aitelemetry.worker.session;

import static org.aitelemetry.worker.session.WebhookBodies.Alert.firing;
import static org.aitelemetry.worker.session.WebhookBodies.gpuLabels;
import static org.aitelemetry.worker.session.WebhookBodies.post;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.test.oidc.server.OidcWiremockTestResource;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.aitelemetry.devkit.alertmanager.AlertmanagerComponent;
import org.aitelemetry.devkit.alertmanager.PostableAlert;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.worker.WorkerMetrics;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Acceptance scenarios 9 and 11 against a real Alertmanager: a session whose resolve never arrives closes
 * {@code unobserved} once its alert has been gone from every peer for the confirmation period, ending when it was
 * first seen gone; a session whose alert Alertmanager still holds stays open; an unreachable Alertmanager closes
 * nothing; a truncated batch triggers a reconciliation. With start spans on, an opened session queues its start span.
 */
@QuarkusTest
@TestProfile(ReconcileProfile.class)
@WithTestResource(PostgresTestResource.class)
@WithTestResource(OidcWiremockTestResource.class)
@WithTestResource(ReconcileAlertmanagerResource.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SessionReconciliationTest {

    private static final Duration PATIENCE = Duration.ofSeconds(30);

    @Inject
    Pool pool;

    @Inject
    SessionProcessor processor;

    @Inject
    SessionReconciler reconciler;

    AlertmanagerComponent alertmanager;

    private final Instant start = Instant.now().truncatedTo(ChronoUnit.SECONDS).minusSeconds(600);

    @Test
    @Order(1)
    void aSessionWhoseAlertIsGoneClosesUnobservedAfterTheConfirmationPeriod() throws Exception {
        Map<String, String> held = gpuLabels("GPU-held", "held-" + UUID.randomUUID());
        alertmanager.api().post(List.of(PostableAlert.firing(held, Map.of(), start)));
        String heldFingerprint = fingerprintIn(alertmanager, held);
        String goneFingerprint = UUID.randomUUID().toString().replace("-", "").substring(0, 16);
        post(firing(heldFingerprint, start, held), firing(goneFingerprint, start, gpuLabels("GPU-gone", "gone")))
                .statusCode(200);
        processor.drain().await().atMost(PATIENCE);

        // After the session's creation (the database's clock), on a whole second so that the stored end compares exactly.
        Instant firstSeenGone = Instant.now().plusSeconds(1).truncatedTo(ChronoUnit.SECONDS);
        assertThat(reconciler.reconcile(firstSeenGone).await().atMost(PATIENCE)).as("not gone long enough yet").isEmpty();
        assertThat(state(goneFingerprint).getString("state")).isEqualTo("OPEN");

        List<Session> closed = reconciler.reconcile(firstSeenGone.plus(Duration.ofMinutes(11))).await().atMost(PATIENCE);

        assertThat(closed).extracting(Session::fingerprint).containsExactly(goneFingerprint);
        Row gone = state(goneFingerprint);
        assertThat(gone.getString("state")).isEqualTo("FINAL");
        assertThat(gone.getString("close_reason")).isEqualTo("UNOBSERVED");
        assertThat(gone.getOffsetDateTime("ends_at").toInstant()).as("ends when first seen gone").isEqualTo(firstSeenGone);
        assertThat(gone.getString("export_state")).isEqualTo("PENDING");
        assertThat(state(heldFingerprint).getString("state")).as("Alertmanager still holds it").isEqualTo("OPEN");
    }

    @Test
    @Order(2)
    void withStartSpansOnAnOpenedSessionQueuesItsStartSpanAndAResolvedOneDoesNot() {
        String opened = UUID.randomUUID().toString().replace("-", "").substring(0, 16);
        String closed = UUID.randomUUID().toString().replace("-", "").substring(0, 16);
        post(firing(opened, start, gpuLabels("GPU-s1", "s1")),
                WebhookBodies.Alert.resolved(closed, start, start.plusSeconds(60), gpuLabels("GPU-s2", "s2")))
                .statusCode(200);
        processor.drain().await().atMost(PATIENCE);

        assertThat(state(opened).getString("start_export_state")).isEqualTo("PENDING");
        assertThat(state(opened).getValue("next_export_at")).isNotNull();
        assertThat(state(opened).getString("export_state")).isEqualTo("NOT_READY");
        assertThat(state(closed).getString("start_export_state")).as("final at once: its span says it all")
                .isEqualTo("NOT_READY");
        assertThat(state(closed).getString("export_state")).isEqualTo("PENDING");
    }

    @Test
    @Order(3)
    void aTruncatedBatchTriggersAReconciliation() {
        double before = WorkerMetrics.value("telemetry_sessions_reconciliations_total",
                "outcome=\"complete\",trigger=\"truncated\"");

        post(WebhookBodies.body(3, List.of(firing("truncated" + start.getEpochSecond(), start, gpuLabels("GPU-t", "t")))))
                .statusCode(200);

        await().atMost(PATIENCE).until(() -> WorkerMetrics.value("telemetry_sessions_reconciliations_total",
                "outcome=\"complete\",trigger=\"truncated\"") > before);
    }

    @Test
    @Order(4)
    void nothingClosesWhileAlertmanagerCannotBeAsked() {
        String fingerprint = UUID.randomUUID().toString().replace("-", "").substring(0, 16);
        post(firing(fingerprint, start, gpuLabels("GPU-x", "x"))).statusCode(200);
        processor.drain().await().atMost(PATIENCE);
        alertmanager.stop();

        Instant now = Instant.now();
        for (Instant at : List.of(now, now.plus(Duration.ofHours(1)))) {
            // A pooled keep-alive connection may first fail as closed; then new ones are refused.
            assertThatThrownBy(() -> reconciler.reconcile(at).await().atMost(PATIENCE))
                    .hasMessageMatching("(?s).*Connection (refused|was closed).*");
        }

        assertThat(state(fingerprint).getString("state")).isEqualTo("OPEN");
    }

    private Row state(String fingerprint) {
        return pool.preparedQuery("SELECT * FROM usage_session WHERE fingerprint = $1")
                .executeAndAwait(Tuple.of(fingerprint)).iterator().next();
    }

    private static String fingerprintIn(AlertmanagerComponent alertmanager, Map<String, String> labels) throws Exception {
        for (JsonNode alert : alertmanager.api().alerts()) {
            if (alert.path("labels").path("pod").asText().equals(labels.get("pod"))) {
                return alert.path("fingerprint").asText();
            }
        }
        throw new AssertionError("Alertmanager does not hold the alert " + labels);
    }
}
