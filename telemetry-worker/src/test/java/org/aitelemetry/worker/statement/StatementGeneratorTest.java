package org.aitelemetry.worker.statement;

import static org.aitelemetry.worker.sql.SqlValues.utc;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.model.statement.StatementPeriod;
import org.aitelemetry.worker.csv.CsvFile;
import org.aitelemetry.worker.mail.OutgoingMail;
import org.aitelemetry.worker.statement.StatementGenerator.PeriodReport;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Statements from rollup rows, failures, sessions and contacts in the real PostgreSQL of the devkit ({@link
 * StatementFixture}): the figures on both bases, credits, idle-GPU notices, subjects, mail rows, and that a second run
 * makes nothing.
 */
@QuarkusTest
@TestProfile(StatementGeneratorTest.FleetMail.class)
@WithTestResource(PostgresTestResource.class)
class StatementGeneratorTest {

    public static class FleetMail implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("telemetry.reports.fleet-recipients", "Admin@Example.org",
                    "telemetry.reports.batch-size", String.valueOf(BATCH));
        }
    }

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final int BATCH = 5;
    private static final Period WEEK = StatementFixture.WEEK;
    private static Map<String, Long> projects;
    private static PeriodReport first;

    @Inject
    Pool pool;

    @Inject
    StatementGenerator generator;

    @Inject
    MeterRegistry registry;

    @BeforeEach
    void generateTheWeekOnce() {
        if (first == null) {
            projects = new StatementFixture(pool).insert();
            first = generator.generate(WEEK).await().atMost(WAIT);
        }
    }

    @Test
    void everyProjectManagerAndTheFleetGetOneStatement() {
        assertThat(first.skipped()).isFalse();
        assertThat(statements(WEEK).keySet()).contains("PROJECT stmt-prod/nlp", "PROJECT stmt-prod/vision",
                "PROJECT stmt-prod/old", "PROJECT stmt-prod/project-" + projects.get("gone"),
                "PROJECT stmt-prod/quiet", "PROJECT stmt-lab/rl", "MANAGER boss@example.org",
                "MANAGER other@example.org", "FLEET fleet")
                .doesNotContain("MANAGER ada@example.org");
        assertThat(registry.find("telemetry.statements.generated").tags("period", "WEEK", "subject", "FLEET")
                .counter().count()).isPositive();
    }

    @Test
    void dueRoundsMakeTheMissingStatementsOfTheHorizonInBoundedBatches() {
        Instant now = WEEK.end().plus(Duration.ofHours(3));
        List<Period> due = new ArrayList<>(
                Period.due(StatementPeriod.WEEK, now, Duration.ofHours(2), Duration.ofDays(42)));
        due.addAll(Period.due(StatementPeriod.MONTH, now, Duration.ofHours(2), Duration.ofDays(42)));
        int before = statements(WEEK).size();

        int rounds = 0;
        int made;
        do {
            List<PeriodReport> reports = generator.generateDue(now).await().atMost(WAIT);
            made = reports.stream().mapToInt(report -> report.made().size()).sum();
            assertThat(made).isLessThanOrEqualTo(BATCH);
            rounds++;
        } while (made > 0 && rounds < 100);

        assertThat(rounds).as("more statements than one batch").isGreaterThan(2);
        assertThat(due).extracting(Period::code).contains("2031-W10", "2031-W05", "2031-02", "2031-01")
                .doesNotContain("2031-W04", "2031-03");
        due.forEach(period -> assertThat(statements(period)).as(period.label()).containsKey("FLEET fleet"));
        assertThat(statements(WEEK)).as("made before").hasSize(before);
    }

    @Test
    void aProjectsFiguresSumItsRowsOnBothBasesWithItsCredit() {
        Row nlp = statements(WEEK).get("PROJECT stmt-prod/nlp");

        // Two hours, the second priced after a price change: 4.15 + 5.00 (allocation), 2.15 + 5.00 (usage).
        assertThat(nlp.getDouble("allocated_gpu_hours")).isCloseTo(2.0, within(1e-9));
        assertThat(nlp.getDouble("used_gpu_hours")).isCloseTo(1.5, within(1e-9));
        assertThat(nlp.getDouble("idle_gpu_hours")).isZero();
        assertThat(nlp.getDouble("energy_kwh")).isCloseTo(1.0, within(1e-9));
        assertThat(nlp.getBigDecimal("cost_allocation_basis")).isEqualByComparingTo("9.15");
        assertThat(nlp.getBigDecimal("cost_usage_basis")).isEqualByComparingTo("7.15");
        // Ten hours on an H100 (4.00 an hour) before it was found FAILED; not the GPU it never used.
        assertThat(nlp.getBigDecimal("health_credit")).isEqualByComparingTo("40");
        assertThat(nlp.getString("title")).isEqualTo("NLP lab");
        assertThat(nlp.getLong("project_id")).isEqualTo(projects.get("nlp"));
        assertThat(nlp.getString("currency")).isEqualTo("EUR");
        assertThat(nlp.getString("html")).contains("75.0 %", "GPU-stmt-1", "40.00");
        assertThat(nlp.getString("csv").split("\r\n")).as("header, project, credit, idle notice").hasSize(4)
                .anySatisfy(line -> assertThat(line).startsWith("CREDIT,stmt-prod,nlp,NLP lab,PRESENT,")
                        .contains("GPU-stmt-1,node-1,2031-03-04T12:00:00Z,10.0000,40.0000")
                        .endsWith(",ada@bu.edu,Boston University,ALLOC-9,"))
                .anySatisfy(line -> assertThat(line).startsWith("PROJECT,stmt-prod,nlp,").as("no GPU-hours in VMs")
                        .endsWith(",ada@bu.edu,Boston University,ALLOC-9,0.0000"));
        assertThat(nlp.getString("html")).contains("<td>NLP lab</td><td>ada@bu.edu</td><td>ALLOC-9</td>");
    }

    @Test
    void idleCostRenamedMissingAndDeletedProjects() {
        Map<String, Row> statements = statements(WEEK);
        Row vision = statements.get("PROJECT stmt-prod/vision");
        assertThat(vision.getString("title")).as("the title at generation").isEqualTo("Vision (renamed)");
        assertThat(vision.getDouble("idle_gpu_hours")).isCloseTo(1.0, within(1e-9));
        assertThat(vision.getString("csv")).contains(",0.1000,0.0000,8.0000,0.8000,4.0000,EUR,");

        assertThat(statements.get("PROJECT stmt-prod/old").getDouble("allocated_gpu_hours"))
                .as("a MISSING project's hours").isCloseTo(1.0, within(1e-9));
        Row gone = statements.get("PROJECT stmt-prod/project-" + projects.get("gone"));
        assertThat(gone.getDouble("allocated_gpu_hours")).as("a deleted project's hours").isCloseTo(3.0, within(1e-9));
        assertThat(gone.getString("html")).contains("(deleted)");
    }

    @Test
    void statementsWithUseAreMailedToTheirContactsOnce() {
        Map<String, Row> statements = statements(WEEK);
        Row nlp = statements.get("PROJECT stmt-prod/nlp");
        Row mail = mail(nlp.getLong("id"));
        assertThat(Arrays.asList(mail.getArrayOfStrings("recipients")))
                .containsExactly("ada@example.org", "boss@example.org");
        assertThat(mail.getString("dedupe_key")).isEqualTo("statement:" + nlp.getLong("id"));
        assertThat(mail.getString("message_id")).as("the same on every attempt and replica")
                .isEqualTo(OutgoingMail.of("statement:" + nlp.getLong("id"), List.of("any@example.org"), "", "", "")
                        .messageId());
        assertThat(mail.getString("subject")).isEqualTo("GPU usage statement: NLP lab, week 2031-W10");
        assertThat(mail.getString("attachment")).isEqualTo(nlp.getString("csv"));
        assertThat(mail.getString("html_body")).isEqualTo(nlp.getString("html"));
        assertThat(mail.getString("state")).isEqualTo("PENDING");

        assertThat(mail(statements.get("PROJECT stmt-prod/quiet").getLong("id"))).as("no use, no credit").isNull();
        assertThat(Arrays.asList(mail(statements.get("FLEET fleet").getLong("id")).getArrayOfStrings("recipients")))
                .containsExactly("admin@example.org");
        assertThat(mail(statements.get("PROJECT stmt-prod/old").getLong("id"))).as("no contacts").isNull();

        PeriodReport again = generator.generate(WEEK).await().atMost(WAIT);
        assertThat(again.made()).isEmpty();
        assertThat(statements(WEEK)).hasSameSizeAs(statements);
        assertThat(count("SELECT count(*) FROM mail_outbox WHERE dedupe_key = $1", "statement:" + nlp.getLong("id")))
                .isEqualTo(1);
    }

    @Test
    void aManagersStatementSumsOnlyTheirProjectsAndTheFleetsAll() {
        Map<String, Row> statements = statements(WEEK);
        Row boss = statements.get("MANAGER boss@example.org");
        assertThat(boss.getString("title")).isEqualTo("Projects of Big Boss");
        assertThat(boss.getDouble("allocated_gpu_hours")).as("nlp and vision").isCloseTo(4.0, within(1e-9));
        assertThat(boss.getBigDecimal("cost_allocation_basis")).isEqualByComparingTo("17.15");
        assertThat(boss.getString("csv").split("\r\n")).filteredOn(line -> line.startsWith("PROJECT,"))
                .extracting(line -> line.split(",")[2]).containsExactly("nlp", "vision");
        Row other = statements.get("MANAGER other@example.org");
        assertThat(other.getString("csv")).contains("PROJECT,stmt-lab,rl,").doesNotContain(",nlp,");
        assertThat(other.getString("html")).contains("&lt;b&gt;RL&lt;/b&gt; &amp; co").doesNotContain("<b>RL");

        Row fleet = statements.get("FLEET fleet");
        assertThat(fleet.getDouble("allocated_gpu_hours")).as("2 + 2 + 1 + 3 + 1").isCloseTo(9.0, within(1e-9));
        assertThat(fleet.getBigDecimal("health_credit")).isEqualByComparingTo("40");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            PROJECT stmt-prod/nlp     | GPU-idle-nlp
            PROJECT stmt-prod/vision  | GPU-idle-vision-before
            PROJECT stmt-lab/rl       | GPU-idle-rl
            PROJECT stmt-prod/quiet   |
            MANAGER boss@example.org  | GPU-idle-nlp;GPU-idle-vision-before
            MANAGER other@example.org | GPU-idle-rl
            FLEET fleet               | GPU-idle-nlp;GPU-idle-rl;GPU-idle-vision-before;GPU-idle-gone
            """)
    void eachStatementListsTheIdleNoticesOfItsProjectsInTheWeek(String subject, String gpus) {
        List<String> expected = gpus == null ? List.of() : List.of(gpus.split(";"));
        Row statement = statements(WEEK).get(subject);

        assertThat(statement.getString("csv").split("\r\n")).filteredOn(line -> line.startsWith("IDLE,"))
                .extracting(line -> CsvFile.split(line).get(14)).containsExactlyElementsOf(expected);
        String html = statement.getString("html");
        assertThat(html).contains("<h2>Idle-GPU notices</h2>");
        expected.forEach(gpu -> assertThat(html).contains("<td>" + gpu + "</td>"));
        assertThat(html.split("<td>GPU-idle-", -1)).as("no other notice").hasSize(expected.size() + 1);
        if (expected.isEmpty()) {
            assertThat(html).contains("No idle-GPU notice in this period.");
        }
    }

    @Test
    void aDeletedProjectsStatementHasNoNoticeItsRowNoLongerNames() {
        Row gone = statements(WEEK).get("PROJECT stmt-prod/project-" + projects.get("gone"));

        assertThat(gone.getString("csv")).doesNotContain("IDLE,");
    }

    @Test
    void aMonthListsAProjectsNoticesAndThoseOfADeletedNamesake() {
        Map<String, Row> month = month();

        assertThat(idleGpus(month.get("PROJECT stmt-prod/vision")))
                .containsExactly("GPU-idle-vision-early", "GPU-idle-vision-before");
        assertThat(idleGpus(month.get("PROJECT stmt-prod/nlp"))).containsExactly("GPU-idle-nlp");
    }

    @Test
    void anEmptyWeekHasStatementsButNoMail() {
        Period empty = Period.containing(StatementPeriod.WEEK, WEEK.end());
        PeriodReport report = generator.generate(empty).await().atMost(WAIT);

        assertThat(report.made()).isNotEmpty();
        assertThat(report.mailed()).isZero();
        assertThat(statements(empty).get("PROJECT stmt-prod/nlp").getDouble("allocated_gpu_hours")).isZero();
    }

    @Test
    void aMonthSumsItsWeeksRollupsAndCredits() {
        Row nlp = month().get("PROJECT stmt-prod/nlp");

        assertThat(nlp.getBigDecimal("cost_allocation_basis")).isEqualByComparingTo("9.15");
        assertThat(nlp.getBigDecimal("health_credit")).isEqualByComparingTo("40");
        assertThat(nlp.getString("html")).contains("NLP lab", "month 2031-03");
    }

    @Test
    void whileAnotherReplicaHoldsTheLockARoundSkips() {
        Period later = Period.containing(StatementPeriod.MONTH, WEEK.end().plus(Duration.ofDays(40)));
        PeriodReport report = pool.withTransaction(connection -> new StatementStore(connection).tryLock()
                        .invoke(locked -> assertThat(locked).isTrue())
                        .chain(() -> generator.generate(later)))
                .await().atMost(WAIT);

        assertThat(report.skipped()).isTrue();
        assertThat(statements(later)).isEmpty();
    }

    /** The statements of the month of the week, made the first time they are asked for. */
    private Map<String, Row> month() {
        Period month = Period.containing(StatementPeriod.MONTH, WEEK.start());
        generator.generate(month).await().atMost(WAIT);
        return statements(month);
    }

    private static List<String> idleGpus(Row statement) {
        return Arrays.stream(statement.getString("csv").split("\r\n")).filter(line -> line.startsWith("IDLE,"))
                .map(line -> CsvFile.split(line).get(14)).toList();
    }

    private Map<String, Row> statements(Period period) {
        Map<String, Row> rows = new HashMap<>();
        pool.preparedQuery("SELECT * FROM statement WHERE period_kind = $1 AND period_start = $2")
                .execute(Tuple.of(period.kind().name(), utc(period.start())))
                .await().atMost(WAIT)
                .forEach(row -> rows.put(row.getString("subject_kind") + " " + row.getString("subject_key"), row));
        return rows;
    }

    private Row mail(long statementId) {
        var rows = pool.preparedQuery("SELECT * FROM mail_outbox WHERE dedupe_key = $1")
                .execute(Tuple.of("statement:" + statementId)).await().atMost(WAIT);
        return rows.size() == 0 ? null : rows.iterator().next();
    }

    private long count(String sql, Object parameter) {
        return pool.preparedQuery(sql).execute(Tuple.of(parameter)).await().atMost(WAIT).iterator().next().getLong(0);
    }
}
