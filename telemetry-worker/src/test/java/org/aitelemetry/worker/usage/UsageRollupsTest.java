package org.aitelemetry.worker.usage;

import static org.aitelemetry.worker.usage.SimulatedDay.MINUTES;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.prometheus.source.SourceClients;
import org.aitelemetry.prometheus.source.SourceDefinition;
import org.aitelemetry.worker.source.LockedSourceCycle;
import org.aitelemetry.worker.source.SourceCycles;
import org.aitelemetry.worker.usage.SimulatedDay.Gpu;
import org.aitelemetry.worker.usage.SimulatedDay.Unit;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The issue's acceptance check: a simulated day, backfilled into real Prometheus, rolls up to exactly the GPU-seconds,
 * idle seconds, energy and cost that the test computes from the day's generating functions on its own: NVIDIA's GPUs
 * and MIG slices from dcgm-exporter, AMD's GPUs and CPX partitions from device-metrics-exporter.
 */
@QuarkusTest
@TestProfile(UsageRollupsTest.PricedSource.class)
@WithTestResource(PostgresTestResource.class)
@WithTestResource(SimulatedDayPrometheus.class)
class UsageRollupsTest {

    public static class PricedSource implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            // The day and no hour before it: a day and the hour the run is in.
            return Map.of("telemetry.usage.every", "off", "telemetry.usage.backfill-max", "25h",
                    "telemetry.prices.sheet", "classpath:prices/rollup-test.csv");
        }
    }

    /** Five minutes into the next day: all 24 hours are complete, the last one with all its samples. */
    private static final Instant NOW = SimulatedDay.at(MINUTES).plus(Duration.ofMinutes(5));

    private static UsageReport firstRun;
    /** Row keys ("DEVICE:A", "SLICE:D/13", "PROJECT:nlp") by entity kind and id. */
    private static final Map<String, String> NAMES = new HashMap<>();

    @Inject
    UsageRollups rollups;

    @Inject
    SourceClients sources;

    @Inject
    Pool pool;

    @Inject
    SourceCycles cycles;

    @BeforeEach
    void rollUpTheDayOnce() {
        if (firstRun == null) {
            new FleetRows(pool).insert(NAMES);
            firstRun = rollUp();
        }
    }

    @Test
    void everyHourIsRolledUpAndUnknownEntitiesAreLeftOutAndCounted() {
        assertThat(firstRun.failure()).isNull();
        assertThat(firstRun.hours()).hasSize(24).first().isEqualTo(SimulatedDay.START);
        assertThat(firstRun.incompleteHours()).isEmpty();
        // GPU E's utilization and energy series and the unsynced VM's launcher pod, every hour; GPU A's last hour
        // went to a namespace with no project.
        assertThat(firstRun.unknownSeries()).isEqualTo(3 * 24);
        assertThat(firstRun.unknownNamespaces()).containsExactly("scratch");
        assertThat(firstRun.rowsWritten()).isEqualTo(rows().size());
    }

    @Test
    void devicesSlicesAndProjectsMatchTheGeneratingFunctions() {
        Map<String, Expected> expected = Expected.ofDay();
        Map<String, Row> rows = rows();

        assertThat(rows.keySet()).containsExactlyInAnyOrderElementsOf(expected.keySet());
        expected.forEach((key, figures) -> figures.assertMatches(key, rows.get(key)));
    }

    @Test
    void idleStretchesCountOnlyWhenTheyLastTheWindow() {
        Map<String, Row> rows = rows();

        assertThat(idle(rows, "DEVICE:B", 2)).isEqualTo(3600);
        assertThat(idle(rows, "DEVICE:B", 4)).isEqualTo(600);
        assertThat(idle(rows, "DEVICE:B", 6)).isZero();
        assertThat(idle(rows, "DEVICE:B", 11)).isEqualTo(1800);
        assertThat(idle(rows, "SLICE:D/13", 8)).isCloseTo(3600.0 / 7, within(1e-9));
        assertThat(idle(rows, "DEVICE:C", 3)).isZero();
        assertThat(idle(rows, "DEVICE:F", 5)).isEqualTo(3600);
        assertThat(idle(rows, "DEVICE:F", 7)).isZero();
        assertThat(idle(rows, "SLICE:G/4", 10)).isCloseTo(3600.0 / 8, within(1e-9));
        assertThat(idle(rows, "SLICE:G/4", 11)).isCloseTo(2400.0 / 8, within(1e-9));
        assertThat(idle(rows, "DEVICE:G", 10)).as("its partitions' idleness").isCloseTo(3600.0 / 8, within(1e-9));
    }

    @Test
    void recomputingUnchangedDataWritesNothing() {
        UsageReport again = rollUp();

        assertThat(again.hours()).containsExactly(SimulatedDay.at(MINUTES - 60));
        assertThat(again.rowsWritten()).isZero();
    }

    @Test
    void eachDaysRowsSumItsHourlyRows() {
        String hourlySums = """
                SELECT entity_kind, entity_id, (hour AT TIME ZONE 'UTC')::date AS day, count(*) AS hours,
                       sum(gpu_seconds_allocated) AS allocated, sum(idle_gpu_seconds) AS idle, sum(cost) AS cost
                FROM usage_rollup GROUP BY 1, 2, 3""";
        long days = count("SELECT count(*) FROM (" + hourlySums + ") AS h");
        long matching = count("SELECT count(*) FROM usage_rollup_daily d JOIN (" + hourlySums + ") AS h"
                + " USING (entity_kind, entity_id, day) WHERE d.hours = h.hours AND d.cost = h.cost"
                + " AND abs(d.gpu_seconds_allocated - h.allocated) < 1e-6 AND abs(d.idle_gpu_seconds - h.idle) < 1e-6");

        assertThat(days).as("the simulated day of each entity with rows").isPositive();
        assertThat(matching).isEqualTo(days);
        assertThat(count("SELECT count(*) FROM usage_rollup_daily")).isEqualTo(days);
    }

    @Test
    void whileAnotherReplicaHoldsTheLockARunSkipsTheSource() {
        LockedSourceCycle otherReplica = cycles.locked(UsageRollups.LOCK_NAME, "off");
        UsageReport report = pool.withTransaction(connection -> otherReplica.sourceId(SimulatedDayPrometheus.SOURCE)
                        .chain(sourceId -> otherReplica.tryLock(connection, sourceId))
                        .invoke(locked -> assertThat(locked).isTrue())
                        .chain(locked -> rollups.rollUp(source(), NOW)))
                .await().atMost(Duration.ofMinutes(1));

        assertThat(report.skipped()).isTrue();
        assertThat(report.hours()).isEmpty();
    }

    private UsageReport rollUp() {
        return rollups.rollUp(source(), NOW).await().atMost(Duration.ofMinutes(1));
    }

    private SourceDefinition source() {
        return sources.definitions().stream()
                .filter(definition -> definition.name().equals(SimulatedDayPrometheus.SOURCE))
                .findFirst().orElseThrow();
    }

    private long count(String sql) {
        return pool.query(sql).execute().await().atMost(Duration.ofSeconds(30)).iterator().next().getLong(0);
    }

    private Map<String, Row> rows() {
        Map<String, Row> rows = new TreeMap<>();
        pool.query("SELECT * FROM usage_rollup").execute().await().atMost(Duration.ofSeconds(30)).forEach(row -> {
            String name = NAMES.get(row.getString("entity_kind") + ":" + row.getLong("entity_id"));
            rows.put(Expected.key(name, row.getOffsetDateTime("hour").toInstant()), row);
        });
        return rows;
    }

    private static double idle(Map<String, Row> rows, String name, int hour) {
        return rows.get(Expected.key(name, SimulatedDay.at(60 * hour))).getDouble("idle_gpu_seconds");
    }

    /** What a row must hold, summed minute by minute from the generating functions. */
    record Expected(double allocated, double used, double idle, double energy, double cost, double usageCost,
            double unmetered) {

        static final Expected ZERO = new Expected(0, 0, 0, 0, 0, 0, 0);

        static String key(String name, Instant hour) {
            return name + "@" + hour;
        }

        Expected plus(Expected other) {
            return new Expected(allocated + other.allocated, used + other.used, idle + other.idle,
                    energy + other.energy, cost + other.cost, usageCost + other.usageCost,
                    unmetered + other.unmetered);
        }

        static Map<String, Expected> ofDay() {
            return ofDays(1);
        }

        /** Each of {@code days} simulated days in a row is the first over again. */
        static Map<String, Expected> ofDays(int days) {
            Map<String, Expected> expected = new HashMap<>();
            for (Gpu gpu : SimulatedDay.GPUS) {
                if (!gpu.known()) {
                    continue;
                }
                for (int dm = 0; dm < days * MINUTES; dm++) {
                    int m = dm % MINUTES;
                    Instant hour = SimulatedDay.at(dm - m % 60);
                    double joules = gpu.millijoules().applyAsLong(m) / 1000.0;
                    expected.merge(key("DEVICE:" + gpu.name(), hour), priced(0, 0, 0, joules, gpu, null, hour),
                            Expected::plus);
                    for (Unit unit : gpu.units()) {
                        double seconds = 60 * unit.share();
                        boolean slice = unit.gpuInstanceId() != null;
                        Unit priceAs = slice ? unit : null;
                        if (slice) {
                            expected.merge(key("SLICE:" + unit.name(), hour),
                                    priced(0, 0, 0, joules * unit.share(), gpu, priceAs, hour), Expected::plus);
                        }
                        String holder = unit.holder().apply(m);
                        if (holder == null || unit.blank().test(m)) {
                            continue;
                        }
                        double used = seconds * unit.busy().applyAsDouble(m);
                        double idle = unit.idle().test(m) ? seconds : 0;
                        expected.merge(key("DEVICE:" + gpu.name(), hour),
                                priced(seconds, used, idle, 0, gpu, priceAs, hour), Expected::plus);
                        if (slice) {
                            expected.merge(key("SLICE:" + unit.name(), hour),
                                    priced(seconds, used, idle, 0, gpu, priceAs, hour), Expected::plus);
                        }
                        if (!holder.equals("scratch")) {
                            expected.merge(key("PROJECT:" + holder, hour),
                                    priced(seconds, used, idle, joules * unit.share(), gpu, priceAs, hour),
                                    Expected::plus);
                        }
                    }
                }
            }
            addVms(expected, days);
            return expected;
        }

        /** A known VM's GPUs, minute by minute: allocated and unmetered, priced as an H100 on both bases. */
        private static void addVms(Map<String, Expected> expected, int days) {
            for (SimulatedDay.LauncherPod pod : SimulatedDay.LAUNCHER_PODS) {
                for (int dm = 0; pod.known() && dm < days * MINUTES; dm++) {
                    int m = dm % MINUTES;
                    if (m < pod.from() || m >= pod.to()) {
                        continue;
                    }
                    Instant hour = SimulatedDay.at(dm - m % 60);
                    double seconds = 60.0 * pod.gpus();
                    double cost = priced(seconds, 0, 0, 0, SimulatedDay.A, null, hour).cost();
                    Expected vm = new Expected(seconds, 0, 0, 0, cost, cost, seconds);
                    expected.merge(key("VM:" + pod.vm(), hour), vm, Expected::plus);
                    expected.merge(key("PROJECT:" + pod.namespace(), hour), vm, Expected::plus);
                }
            }
        }

        /**
         * Costs are linear, so pricing each minute on its own and summing equals pricing the sum. The prices of
         * rollup-test.csv: the H100's change at noon; the MI300X has its own, the MI250X the default; the A100's
         * 1g.10gb and the MI300X's CPX partitions have their own price per slice-hour.
         */
        private static Expected priced(double allocated, double used, double idle, double energy, Gpu gpu,
                Unit slice, Instant hour) {
            boolean h100 = gpu.model().equals(SimulatedDay.H100);
            boolean mi300x = gpu.model().equals(SimulatedAmdDay.MI300X);
            boolean afternoon = !hour.isBefore(SimulatedDay.START.plus(Duration.ofHours(12)));
            double gpuHourPrice = h100 ? afternoon ? 5.0 : 4.0 : mi300x ? 3.0 : 2.0;
            double kwhPrice = h100 && afternoon ? 0.30 : mi300x ? 0.20 : 0.25;
            boolean slicePriced = slice != null && (slice.profile().equals("1g.10gb") && !h100
                    || slice.profile().equals(SimulatedAmdDay.CPX_NPS4));
            double perGpuHour = slicePriced ? 0.5 / slice.share() : gpuHourPrice;
            double energyCost = energy / 3.6e6 * kwhPrice;
            return new Expected(allocated, used, idle, energy, allocated / 3600 * perGpuHour + energyCost,
                    used / 3600 * perGpuHour + energyCost, 0);
        }

        void assertMatches(String key, Row row) {
            assertThat(row.getDouble("gpu_seconds_allocated")).as(key + " allocated")
                    .isCloseTo(allocated, tolerance(allocated));
            assertThat(row.getDouble("gpu_seconds_used")).as(key + " used").isCloseTo(used, tolerance(used));
            assertThat(row.getDouble("idle_gpu_seconds")).as(key + " idle").isCloseTo(idle, tolerance(idle));
            assertThat(row.getDouble("energy_joules")).as(key + " energy").isCloseTo(energy, tolerance(energy));
            assertThat(row.getBigDecimal("cost").doubleValue()).as(key + " cost")
                    .isCloseTo(cost, within(0.00005 + 1e-9));
            assertThat(row.getBigDecimal("usage_basis_cost").doubleValue()).as(key + " usage basis cost")
                    .isCloseTo(usageCost, within(0.00005 + 1e-9));
            assertThat(row.getDouble("unmetered_gpu_seconds")).as(key + " unmetered")
                    .isCloseTo(unmetered, tolerance(unmetered));
            double metered = allocated - unmetered;
            if (metered < 1e-9) {
                assertThat(row.getDouble("utilization_avg")).as(key + " utilization").isNull();
            } else {
                assertThat(row.getDouble("utilization_avg")).as(key + " utilization, metered seconds only")
                        .isCloseTo(100 * used / metered, tolerance(100));
            }
        }

        private static Offset<Double> tolerance(double value) {
            return within(1e-9 * Math.max(1, Math.abs(value)));
        }
    }
}
