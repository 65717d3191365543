package org.aitelemetry.worker.idle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.reactive.messaging.memory.InMemoryConnector;
import io.smallrye.reactive.messaging.memory.InMemorySink;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.enterprise.inject.Any;
import jakarta.inject.Inject;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The notice rules on rollup rows and sessions as the worker stores them (defaults: 4 h, 24 h between notices,
 * coverage 0.9): the threshold in whole idle hours, the hours and cost a notice names, one notice per project per
 * interval, a stretch noticed once, a project without contacts (event, no mail) and a MIG slice by its share.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
class IdleNoticesTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Instant T0 = Instant.parse("2026-11-20T00:00:00Z");
    private static final double HOUR = 3600;

    @Inject
    IdleNotices notices;

    @Inject
    Pool pool;

    @Inject
    @Any
    InMemoryConnector connector;

    private InMemorySink<String> sink;
    private IdleFleet fleet;

    @BeforeEach
    void freshFleet() {
        fleet = new IdleFleet(pool);
        sink = connector.sink(GpuUsageEventPublisher.CHANNEL);
        sink.clear();
    }

    @ParameterizedTest(name = "{0} idle hours → {1} notices")
    @CsvSource({"3, 0", "4, 1", "6, 1"})
    void aGpuIsNoticedOnceItsIdleStretchLastsTheThreshold(int idleHours, int expected) {
        long project = fleet.project("nlp", "pi@lab.example", "Manager@Lab.example");
        long gpu = fleet.device("GPU-1", false);
        fleet.holds(project, gpu, null, T0.minusSeconds(7200), null);
        fleet.rollup("DEVICE", gpu, T0.minusSeconds(3600), 1, HOUR, 0, 2.0);
        fleet.rollup("DEVICE", gpu, T0, idleHours, HOUR, HOUR, 2.0);

        List<IdleNotice> made = notice(T0.plus(Duration.ofHours(idleHours)).plusSeconds(300));

        assertThat(made).hasSize(expected);
        if (expected == 0) {
            return;
        }
        IdleNotice notice = made.get(0);
        assertThat(notice.projectKey()).isEqualTo(fleet.cluster + "/nlp");
        assertThat(notice.from()).isEqualTo(T0);
        assertThat(notice.until()).isEqualTo(T0.plus(Duration.ofHours(idleHours)));
        assertThat(notice.idleGpuHours()).isCloseTo(idleHours, within(1e-9));
        assertThat(notice.costWasted()).isEqualByComparingTo(BigDecimal.valueOf(2.0 * idleHours));
        assertThat(notice.gpus()).extracting(IdleStretch::gpuUuid).containsExactly(fleet.uuid("GPU-1"));
        Row mail = fleet.rows("SELECT recipients, subject, text_body FROM mail_outbox WHERE dedupe_key = $1",
                "idle-notice:" + notice.id()).get(0);
        assertThat(Arrays.asList(mail.getArrayOfStrings("recipients")))
                .containsExactly("manager@lab.example", "pi@lab.example");
        assertThat(mail.getString("subject")).isEqualTo("Idle GPUs in " + fleet.cluster + "/nlp");
        assertThat(mail.getString("text_body")).contains(fleet.uuid("GPU-1"), idleHours + ".0 GPU-hours");
        JsonNode event = event(notice);
        assertThat(event.get("type").asText()).isEqualTo("IDLE_GPUS");
        assertThat(event.get("hours").asDouble()).isEqualTo(idleHours);
        assertThat(event.get("cost").decimalValue()).isEqualByComparingTo(BigDecimal.valueOf(2.0 * idleHours));
        assertThat(event.get("currency").asText()).isEqualTo(activeCurrency()).isNotBlank();
        assertThat(event.get("gpus").get(0).get("uuid").asText()).isEqualTo(fleet.uuid("GPU-1"));
    }

    @Test
    void anHourNotCoveredByIdleTimeOrNotHeldWholeBreaksTheStretch() {
        long project = fleet.project("nlp", "pi@lab.example");
        long busyInBetween = fleet.device("GPU-busy", false);
        long releasedEarly = fleet.device("GPU-released", false);
        fleet.holds(project, busyInBetween, null, T0, null);
        fleet.rollup("DEVICE", busyInBetween, T0, 5, HOUR, HOUR, 1.0);
        fleet.rollup("DEVICE", busyInBetween, T0.plusSeconds(2 * 3600), 1, HOUR, HOUR / 2, 1.0);
        fleet.holds(project, releasedEarly, null, T0, T0.plusSeconds(3 * 3600 + 1800));
        fleet.rollup("DEVICE", releasedEarly, T0, 5, HOUR, HOUR, 1.0);

        assertThat(notice(T0.plus(Duration.ofHours(6)))).isEmpty();
    }

    @Test
    void oneNoticePerProjectPerIntervalAndAStretchGoingOnIsNotNoticedAgain() {
        long project = fleet.project("nlp", "pi@lab.example");
        long first = fleet.device("GPU-first", false);
        long second = fleet.device("GPU-second", false);
        fleet.holds(project, first, null, T0, null);
        fleet.holds(project, second, null, T0, null);
        fleet.rollup("DEVICE", first, T0, 4, HOUR, HOUR, 1.0);
        assertThat(notice(T0.plus(Duration.ofHours(4)))).hasSize(1);

        fleet.rollup("DEVICE", first, T0, 30, HOUR, HOUR, 1.0);
        fleet.rollup("DEVICE", second, T0.plus(Duration.ofHours(2)), 28, HOUR, HOUR, 1.0);
        List<IdleNotice> withinInterval = notice(T0.plus(Duration.ofHours(8)));
        List<IdleNotice> afterInterval = notice(T0.plus(Duration.ofHours(29)));
        List<IdleNotice> again = notice(T0.plus(Duration.ofHours(30)));

        assertThat(withinInterval).isEmpty();
        assertThat(afterInterval).hasSize(1);
        assertThat(afterInterval.get(0).gpus()).extracting(IdleStretch::gpuUuid).containsExactly(fleet.uuid("GPU-second"));
        assertThat(afterInterval.get(0).from()).isEqualTo(T0.plus(Duration.ofHours(2)));
        assertThat(again).isEmpty();
        assertThat(fleet.rows("SELECT count(*) FROM idle_notice WHERE project_id = $1", project).get(0).getLong(0))
                .isEqualTo(2);
    }

    @Test
    void aProjectWithoutContactsGetsTheEventButNoMail() {
        long project = fleet.project("vision");
        long gpu = fleet.device("GPU-v", false);
        fleet.holds(project, gpu, null, T0, null);
        fleet.rollup("DEVICE", gpu, T0, 5, HOUR, HOUR, 1.5);

        IdleNotice notice = notice(T0.plus(Duration.ofHours(5))).get(0);

        assertThat(notice.contacts()).isEmpty();
        assertThat(fleet.rows("SELECT mailed_to FROM idle_notice WHERE id = $1", notice.id()).get(0)
                .getInteger("mailed_to")).isZero();
        assertThat(fleet.rows("SELECT count(*) FROM mail_outbox WHERE dedupe_key = $1", "idle-notice:" + notice.id())
                .get(0).getLong(0)).isZero();
        assertThat(event(notice).get("mailed").asBoolean()).isFalse();
    }

    @Test
    void aMigSliceIsNoticedByItsShareAndItsDevicesRowIsNotCountedToo() {
        long project = fleet.project("vision", "pi@vision.example");
        long device = fleet.device("GPU-mig", true);
        long slice = fleet.slice(device, 3, "1g.10gb");
        fleet.holds(project, device, slice, T0, null);
        fleet.rollup("SLICE", slice, T0, 4, HOUR / 7, HOUR / 7, 0.25);
        fleet.rollup("DEVICE", device, T0, 4, HOUR / 7, HOUR / 7, 0.25);

        List<IdleNotice> made = notice(T0.plus(Duration.ofHours(4)));

        assertThat(made).hasSize(1);
        IdleStretch stretch = made.get(0).gpus().get(0);
        assertThat(made.get(0).gpus()).hasSize(1);
        assertThat(stretch.entityKind()).isEqualTo("SLICE");
        assertThat(stretch.migProfile()).isEqualTo("1g.10gb");
        assertThat(stretch.gpuInstanceId()).isEqualTo(3);
        assertThat(stretch.gpuUuid()).isEqualTo(fleet.uuid("GPU-mig"));
        assertThat(stretch.idleGpuHours()).isCloseTo(4.0 / 7, within(1e-9));
        assertThat(stretch.costWasted()).isEqualByComparingTo("1.0");
        // The label the statement's digest shows is the one the mail gave it.
        assertThat(fleet.rows("SELECT label FROM idle_notice_gpu WHERE notice_id = $1", made.get(0).id()).get(0)
                .getString("label")).isEqualTo(fleet.uuid("GPU-mig") + " MIG 1g.10gb (instance 3)")
                .isEqualTo(stretch.label());
    }

    private List<IdleNotice> notice(Instant now) {
        return notices.noticeDue(now).await().atMost(IdleFleet.PATIENCE);
    }

    private String activeCurrency() {
        return fleet.rows("SELECT currency FROM price_sheet WHERE active").get(0).getString("currency");
    }

    private JsonNode event(IdleNotice notice) {
        Awaitility.await().atMost(IdleFleet.PATIENCE).until(() -> sink.received().stream()
                .anyMatch(message -> message.getPayload().contains("\"notice_id\":" + notice.id() + ",")));
        String payload = sink.received().stream().map(message -> message.getPayload())
                .filter(json -> json.contains("\"notice_id\":" + notice.id() + ",")).findFirst().orElseThrow();
        try {
            return JSON.readTree(payload);
        } catch (Exception e) {
            throw new AssertionError(payload, e);
        }
    }
}
