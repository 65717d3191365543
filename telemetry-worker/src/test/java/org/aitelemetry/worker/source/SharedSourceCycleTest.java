package org.aitelemetry.worker.source;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.prometheus.source.SourceClients;
import org.aitelemetry.prometheus.source.SourceDefinition;
import org.awaitility.Awaitility;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Three replicas, each with its own id and connection pool, share six sources against the app's PostgreSQL, running
 * their cycles at once; a clock the test moves says which cycle slot it is. The per-source work is a stand-in for a
 * sync (a row per source and slot, with the source's transaction held open a while), so what is checked is who works
 * on which source when, not what a sync writes.
 */
@QuarkusTest
@TestProfile(SharedSourceCycleTest.SixSources.class)
@WithTestResource(PostgresTestResource.class)
class SharedSourceCycleTest {

    private static final Duration PATIENCE = Duration.ofSeconds(30);
    private static final Duration EARLY = Duration.ofSeconds(1);

    /** Six sources that are never read: the work here stands in for the sync. */
    public static class SixSources implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            Map<String, String> sources = new HashMap<>();
            IntStream.rangeClosed(1, 6).forEach(i -> sources.put("telemetry.sources.hub-" + i + ".url",
                    "http://hub-" + i + ".invalid:9090"));
            return sources;
        }
    }

    @Inject
    SourceClients configured;

    @Inject
    Pool pool;

    @Inject
    Vertx vertx;

    @Inject
    MetricSourceRegistrar registrar;

    @ConfigProperty(name = "quarkus.datasource.reactive.url")
    String reactiveUrl;

    @ConfigProperty(name = "quarkus.datasource.username")
    String user;

    @ConfigProperty(name = "quarkus.datasource.password")
    String password;

    private final SlotClock clock = new SlotClock();
    private final List<TestReplica> replicas = new ArrayList<>();
    private List<SourceDefinition> sources;

    @BeforeEach
    void setUp() {
        pool.query(TestReplica.TABLE).executeAndAwait();
        sources = configured.definitions();
        assertThat(sources).hasSize(6);
    }

    @AfterEach
    void closeReplicas() {
        replicas.forEach(TestReplica::close);
    }

    /**
     * Replicas that hold a source for different times, so that one looks for overdue sources while another still works
     * on them: every source is done once in every slot, as often as by one replica alone, and from the second slot on
     * (once every replica has been seen) each replica does exactly its own two.
     */
    @Test
    void threeReplicasDoEachSourceOnceASlotAndTwoSourcesEach() {
        List<TestReplica> three = List.of(replica("a", "test.shared", 50), replica("b", "test.shared", 120),
                replica("c", "test.shared", 200));
        TestReplica alone = replica("alone", "test.alone", 0);
        Map<String, String> owners = SourceShares.owners(names(), List.of("a", "b", "c"));

        for (long slot = 1; slot <= 4; slot++) {
            Map<String, List<String>> done = runSlot(slot, three);
            if (slot > 1) {
                for (TestReplica replica : three) {
                    assertThat(done.get(replica.id)).as("slot %d, replica %s", slot, replica.id)
                            .containsExactlyInAnyOrderElementsOf(sharesOf(owners, replica.id));
                }
            }
            runSlot(slot, List.of(alone));
        }

        assertThat(timesDone("test.shared")).as("(source, slot) -> times done").hasSize(6 * 4)
                .allSatisfy((sourceAndSlot, times) -> assertThat(times).as(sourceAndSlot).isEqualTo(1));
        assertThat(rowsOf("test.shared")).isEqualTo(rowsOf("test.alone")).isEqualTo(6 * 4);
    }

    @Test
    void aLateReplicaSkipsTheSourcesDoneInThisSlot() {
        TestReplica early = replica("early", "test.late", 0);
        assertThat(runSlot(1, List.of(early)).get("early")).as("alone, it does every source").hasSize(6);

        TestReplica late = replica("late", "test.late", 0);
        clock.moveTo(1, Duration.ofSeconds(40));
        List<String> lateDone = late.runCycle(sources).await().atMost(PATIENCE);

        assertThat(lateDone).as("its own share is done already").isEmpty();
        assertThat(rowsOf("test.late")).isEqualTo(6);
        assertThat(runSlot(2, List.of(early, late)).values()).as("the next slot is shared")
                .allSatisfy(done -> assertThat(done).hasSize(3));
    }

    /**
     * Replica c is killed in slot 2 after its first source and while it holds its second's lock in an open
     * transaction. The second rolls back; a and b take it in slot 3, as overdue. The first, done in slot 2, is not
     * overdue in slot 3 and waits for slot 4, where c, not seen in slots 3 and 4, is gone and its share is dealt to a
     * and b. No source misses two slots in a row, and none is done twice in one.
     */
    @Test
    void theSourcesOfAReplicaKilledMidCycleAreTakenOverWithinACycle() throws Exception {
        TestReplica a = replica("a", "test.killed", 10);
        TestReplica b = replica("b", "test.killed", 10);
        TestReplica c = replica("c", "test.killed", 10);
        runSlot(1, List.of(a, b, c));
        List<String> ofC = sharesOf(SourceShares.owners(names(), List.of("a", "b", "c")), "c").stream().sorted().toList();
        String doneBeforeDeath = ofC.get(0);
        String heldAtDeath = ofC.get(1);

        c.hangAt(heldAtDeath);
        clock.moveTo(2, EARLY);
        c.runCycle(sources).subscribe().with(done -> { }, failure -> { });
        c.hanging().get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
        c.close();
        Awaitility.await().atMost(PATIENCE).until(() -> pool.preparedQuery(
                "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'c'").executeAndAwait()
                .iterator().next().getLong(0) == 0);
        for (long slot = 2; slot <= 5; slot++) {
            runSlot(slot, List.of(a, b));
        }

        assertThat(doneIn(heldAtDeath)).as("rolled back in 2, overdue in 3, dealt anew from 4")
                .containsExactly(1L, 3L, 4L, 5L);
        assertThat(doneIn(doneBeforeDeath)).as("done in 2, not overdue in 3, dealt anew from 4")
                .containsExactly(1L, 2L, 4L, 5L);
        assertThat(timesDone("test.killed")).allSatisfy((sourceAndSlot, times) -> assertThat(times).isEqualTo(1));
        assertThat(runSlot(6, List.of(a, b)).values()).as("c is gone").allSatisfy(done -> assertThat(done).hasSize(3));
    }

    private TestReplica replica(String id, String work, long holdMillis) {
        TestReplica replica = new TestReplica(id, work,
                new TestReplica.Connections(vertx, reactiveUrl, user, password, registrar), clock,
                Duration.ofMillis(holdMillis));
        replicas.add(replica);
        return replica;
    }

    /** Runs the replicas' cycles of the slot at once: the sources each did, by replica. */
    private Map<String, List<String>> runSlot(long slot, List<TestReplica> running) {
        clock.moveTo(slot, EARLY);
        List<List<String>> done = Uni.join().all(running.stream().map(replica -> replica.runCycle(sources)).toList())
                .andFailFast().await().atMost(PATIENCE);
        Map<String, List<String>> byReplica = new HashMap<>();
        IntStream.range(0, running.size()).forEach(i -> byReplica.put(running.get(i).id, done.get(i)));
        return byReplica;
    }

    private Map<String, Long> timesDone(String work) {
        Map<String, Long> times = new HashMap<>();
        for (Row row : pool.preparedQuery("SELECT source, slot, count(*) FROM test_source_work WHERE work = $1 "
                + "GROUP BY source, slot").executeAndAwait(Tuple.of(work))) {
            times.put(row.getString("source") + "@" + row.getLong("slot"), row.getLong("count"));
        }
        return times;
    }

    private List<Long> doneIn(String source) {
        List<Long> slots = new ArrayList<>();
        pool.preparedQuery("SELECT slot FROM test_source_work WHERE work = 'test.killed' AND source = $1 ORDER BY slot")
                .executeAndAwait(Tuple.of(source)).forEach(row -> slots.add(row.getLong("slot")));
        return slots;
    }

    private long rowsOf(String work) {
        return pool.preparedQuery("SELECT count(*) FROM test_source_work WHERE work = $1").executeAndAwait(Tuple.of(work))
                .iterator().next().getLong(0);
    }

    private long rowsBy(String replica, String work) {
        return pool.preparedQuery("SELECT count(*) FROM test_source_work WHERE work = $1 AND replica = $2")
                .executeAndAwait(Tuple.of(work, replica)).iterator().next().getLong(0);
    }

    private List<String> names() {
        return sources.stream().map(SourceDefinition::name).toList();
    }

    private static List<String> sharesOf(Map<String, String> owners, String replica) {
        return owners.entrySet().stream().filter(owner -> owner.getValue().equals(replica)).map(Map.Entry::getKey)
                .collect(Collectors.toList());
    }
}
