package org.aitelemetry.model.usage;

import static org.aitelemetry.model.ConstraintAssertions.assertRejectedBy;
import static org.aitelemetry.model.Transactions.inSession;
import static org.aitelemetry.model.Transactions.inTransaction;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.model.ModelGraph;
import org.junit.jupiter.api.Test;

@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, initArgs = @ResourceArg(name = PostgresTestResource.MIGRATE, value = "true"))
class UsageEntitiesTest {

    private static final Instant START = Instant.parse("2026-11-21T08:00:00Z");

    @Test
    void sessionRoundTripsWithDeviceSliceProjectAndLabels() throws Throwable {
        ModelGraph graph = ModelGraph.create();
        UsageSession session = session(graph, UUID.randomUUID().toString(), START);
        session.state = SessionState.FINAL;
        session.endsAt = START.plusSeconds(3600);
        session.closeReason = CloseReason.RESOLVED;
        session.exportState = ExportState.PENDING;
        inTransaction(() -> graph.persist().chain(session::persist));
        UsageSession stored = inSession(() -> UsageSession.<UsageSession>find("""
                select s from UsageSession s join fetch s.device join fetch s.slice join fetch s.project
                where s.fingerprint = ?1""", session.fingerprint).firstResult());
        assertThat(stored.startsAt).isEqualTo(START);
        assertThat(stored.endsAt).isEqualTo(START.plusSeconds(3600));
        assertThat(stored.closeReason).isEqualTo(CloseReason.RESOLVED);
        assertThat(stored.exportState).isEqualTo(ExportState.PENDING);
        assertThat(stored.labels).containsEntry("UUID", graph.device().uuid).containsEntry("GPU_I_ID", "7");
        assertThat(stored.device.uuid).isEqualTo(graph.device().uuid);
        assertThat(stored.slice.profile).isEqualTo("1g.10gb");
        assertThat(stored.project.namespace).isEqualTo(graph.project().namespace);
        assertThat(stored.createdAt).isNotNull();
    }

    @Test
    void sessionKeyIsUniqueAndAtMostOneSessionPerFingerprintIsOpen() throws Throwable {
        ModelGraph graph = ModelGraph.create();
        String fingerprint = UUID.randomUUID().toString();
        inTransaction(() -> graph.persist().chain(() -> session(graph, fingerprint, START).persist()));
        assertRejectedBy("usage_session_key_uk", () -> closed(session(graph, fingerprint, START)).persistAndFlush());
        assertRejectedBy("usage_session_one_open_uk", () -> session(graph, fingerprint, START.plusSeconds(60)).persistAndFlush());
        inTransaction(() -> closed(session(graph, fingerprint, START.minusSeconds(600))).persist());
        assertThat(inSession(() -> UsageSession.count("fingerprint", fingerprint))).isEqualTo(2);
    }

    @Test
    void sessionCannotEndBeforeItStartsNorBeFinalWithoutEnd() throws Throwable {
        ModelGraph graph = ModelGraph.create();
        inTransaction(graph::persist);
        assertRejectedBy("usage_session_end_after_start", () -> {
            UsageSession backwards = session(graph, UUID.randomUUID().toString(), START);
            backwards.endsAt = START.minusSeconds(1);
            return backwards.persistAndFlush();
        });
        assertRejectedBy("usage_session_final_has_end", () -> {
            UsageSession endless = session(graph, UUID.randomUUID().toString(), START);
            endless.state = SessionState.FINAL;
            return endless.persistAndFlush();
        });
    }

    @Test
    void rollupIsUniquePerEntityAndHour() throws Throwable {
        ModelGraph graph = ModelGraph.create();
        inTransaction(() -> graph.persist().chain(() -> rollup(graph).persist()));
        UsageRollup stored = inSession(() -> UsageRollup.<UsageRollup>find(
                "select r from UsageRollup r join fetch r.cluster where r.entityKind = ?1 and r.entityId = ?2",
                RollupEntityKind.DEVICE, graph.device().id).firstResult());
        assertThat(stored.cost).isEqualByComparingTo(new BigDecimal("3.1250"));
        assertThat(stored.gpuSecondsUsed).isEqualTo(1800.0);
        assertThat(stored.cluster.name).isEqualTo(graph.cluster().name);
        assertRejectedBy("usage_rollup_entity_hour_uk", () -> rollup(graph).persistAndFlush());
        assertRejectedBy("usage_rollup_hour_check", () -> {
            UsageRollup offHour = rollup(graph);
            offHour.hour = START.plusSeconds(90);
            return offHour.persistAndFlush();
        });
    }

    private static UsageRollup rollup(ModelGraph graph) {
        UsageRollup rollup = new UsageRollup();
        rollup.entityKind = RollupEntityKind.DEVICE;
        rollup.entityId = graph.device().id;
        rollup.hour = ModelGraph.hour(START);
        rollup.cluster = graph.cluster();
        rollup.gpuSecondsAllocated = 3600;
        rollup.gpuSecondsUsed = 1800;
        rollup.energyJoules = 2.5e6;
        rollup.cost = new BigDecimal("3.1250");
        return rollup;
    }

    private static UsageSession closed(UsageSession session) {
        session.state = SessionState.FINAL;
        session.endsAt = session.startsAt.plusSeconds(30);
        session.closeReason = CloseReason.SUPERSEDED;
        return session;
    }

    private static UsageSession session(ModelGraph graph, String fingerprint, Instant startsAt) {
        UsageSession session = new UsageSession();
        session.fingerprint = fingerprint;
        session.startsAt = startsAt;
        session.alertName = "GpuSliceInUse";
        session.labels = Map.of("UUID", graph.device().uuid, "GPU_I_ID", "7", "namespace", graph.project().namespace);
        session.gpuUuid = graph.device().uuid;
        session.gpuInstanceId = 7;
        session.namespace = graph.project().namespace;
        session.device = graph.device();
        session.slice = graph.slice();
        session.project = graph.project();
        session.traceId = "0af7651916cd43dd8448eb211c80319c";
        session.spanId = "b7ad6b7169203331";
        return session;
    }
}
