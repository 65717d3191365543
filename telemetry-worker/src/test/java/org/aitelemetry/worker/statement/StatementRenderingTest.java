package org.aitelemetry.worker.statement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.quarkus.runtime.configuration.ConfigurationException;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.aitelemetry.model.statement.StatementPeriod;
import org.aitelemetry.model.statement.StatementSubject;
import org.aitelemetry.worker.csv.CsvFile;
import org.aitelemetry.worker.mail.OutgoingMail;
import org.aitelemetry.worker.statement.Statement.Subject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Project titles are user data: what a hostile one becomes in the HTML, the CSV and the mail. */
class StatementRenderingTest {

    private static final String HOSTILE = "<script>alert('x')</script> & \"Co\", =HYPERLINK(\"http://evil\")";
    private static final Period WEEK = Period.containing(StatementPeriod.WEEK, Instant.parse("2026-11-18T00:00:00Z"));
    /** 10 GPU-hours allocated, 2 of them in a VM (unmetered): efficiency is 4 used of the 8 metered. */
    private static final Figures FIGURES = new Figures(10, 4, 3, 2, 1.5, new BigDecimal("40.0000"),
            new BigDecimal("16.0000"), new BigDecimal("12.0000"));
    private static final ProjectLine LINE = new ProjectLine(7, "prod", "lab", HOSTILE, "PRESENT", "=pi<b>", "<Uni>",
            "A-1", FIGURES);
    private static final HealthCredit CREDIT = new HealthCredit(7, 3, "GPU-1", "<node>",
            Instant.parse("2026-11-19T10:00:00Z"), 2, new BigDecimal("8.0000"));
    /** A notice of a deleted project, whose namespace and GPU are as hostile as data can be. */
    private static final IdleNoticeLine NOTICE = new IdleNoticeLine(5, null, "prod", "<img src=x onerror=alert(1)>",
            Instant.parse("2026-11-20T06:00:00Z"), Instant.parse("2026-11-19T20:00:00Z"),
            Instant.parse("2026-11-20T05:00:00Z"), List.of("=GPU-<b>1</b>", "GPU-2 MIG 1g.10gb (instance 3)"), 9,
            new BigDecimal("13.5000"), "EUR");
    private static final Statement STATEMENT = new Statement(new Subject(StatementSubject.PROJECT, "prod/lab"), WEEK,
            HOSTILE + "\r\nBcc: victim@example.org", "EUR", Optional.of(LINE), List.of(LINE), List.of(CREDIT),
            List.of(NOTICE), List.of("pi@example.org"));

    @Test
    void theHtmlEscapesEveryTextFromData() {
        String html = StatementHtml.render(STATEMENT);

        assertThat(html).doesNotContain("<script>").doesNotContain("<node>")
                .contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;Co&quot;")
                .contains("&lt;node&gt;")
                .contains("<td>=pi&lt;b&gt;</td><td>A-1</td>")
                .contains("<td>40.00</td><td>16.00</td><td>12.00</td>")
                .contains("<td>3.00</td><td>2.00</td><td>50.0 %</td>")
                .contains("Allocation basis less health credit</th><td>32.00");
    }

    @Test
    void anIdleNoticesNamespaceAndGpusAreEscaped() {
        String html = StatementHtml.render(STATEMENT);

        assertThat(html).contains("<h2>Idle-GPU notices</h2>").doesNotContain("<img").doesNotContain("<b>1")
                .contains("<td>2026-11-20 06:00 UTC</td><td>prod/&lt;img src=x onerror=alert(1)&gt;</td>"
                        + "<td>=GPU-&lt;b&gt;1&lt;/b&gt;, GPU-2 MIG 1g.10gb (instance 3)</td>"
                        + "<td>2026-11-19 20:00 UTC</td><td>2026-11-20 05:00 UTC</td><td>9.00</td><td>13.50 EUR</td>");
    }

    @Test
    void aStatementWithoutNoticesSaysSo() {
        Statement quiet = new Statement(STATEMENT.subject(), WEEK, "lab", "EUR", Optional.of(LINE), List.of(LINE),
                List.of(), List.of(), List.of());

        assertThat(StatementHtml.render(quiet)).contains("<p>No idle-GPU notice in this period.</p>");
        assertThat(StatementCsv.render(quiet).split("\r\n")).noneMatch(line -> line.startsWith("IDLE,"));
        assertThat(StatementMail.text(quiet)).contains("Idle-GPU notices: 0, cost wasted 0.00 EUR");
    }

    @Test
    void theCsvQuotesCellsAndDefusesFormulas() {
        String[] lines = StatementCsv.render(STATEMENT).split("\r\n");

        assertThat(lines).hasSize(4);
        assertThat(CsvFile.split(lines[0])).isEqualTo(StatementCsv.HEADER);
        List<String> project = CsvFile.split(lines[1]);
        assertThat(project).hasSize(StatementCsv.HEADER.size());
        assertThat(project.subList(0, 5)).containsExactly("PROJECT", "prod", "lab", HOSTILE, "PRESENT");
        assertThat(project.subList(5, 14)).containsExactly("10.0000", "4.0000", "3.0000", "0.5000", "1.5000",
                "40.0000", "16.0000", "12.0000", "EUR");
        List<String> credit = CsvFile.split(lines[2]);
        assertThat(credit.get(0)).isEqualTo("CREDIT");
        assertThat(credit.subList(14, 19)).containsExactly("GPU-1", "<node>", "2026-11-19T10:00:00Z", "2.0000",
                "8.0000");
        assertThat(project.subList(23, 26)).as("the owner, a formula-like PI defused")
                .containsExactly("'=pi<b>", "<Uni>", "A-1");
        assertThat(credit.subList(23, 26)).containsExactly("'=pi<b>", "<Uni>", "A-1");
        assertThat(project.get(26)).as("its GPU-hours in VMs").isEqualTo("2.0000");
        assertThat(credit.get(26)).isEmpty();
        List<String> idle = CsvFile.split(lines[3]);
        assertThat(idle).hasSize(StatementCsv.HEADER.size());
        assertThat(idle.subList(0, 3)).containsExactly("IDLE", "prod", "<img src=x onerror=alert(1)>");
        assertThat(idle.get(7)).isEqualTo("9.0000");
        assertThat(idle.get(14)).as("a formula-like cell is defused")
                .isEqualTo("'=GPU-<b>1</b>; GPU-2 MIG 1g.10gb (instance 3)");
        assertThat(idle.subList(19, 27)).containsExactly("2026-11-20T06:00:00Z", "2026-11-19T20:00:00Z",
                "2026-11-20T05:00:00Z", "13.5000", "", "", "", "");
    }

    @Test
    void aTitleCannotAddMailHeaders() {
        OutgoingMail mail = StatementMail.of(42, STATEMENT, "<html/>", "csv");

        assertThat(mail.subject()).doesNotContain("\r").doesNotContain("\n").startsWith("GPU usage statement: ")
                .endsWith(", week 2026-W47");
        assertThat(mail.dedupeKey()).isEqualTo("statement:42");
        assertThat(mail.attachmentName()).isEqualTo("gpu-statement-2026-W47.csv");
        assertThat(mail.textBody())
                .contains("Cost, allocation basis: 40.00 EUR", "Health credit: 8.00 EUR (credit lines: 1)",
                        "Idle-GPU notices: 1, cost wasted 13.50 EUR");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            plain                | abc             | abc
            comma                | a,b             | "a,b"
            quote                | say "hi"        | "say ""hi""\"
            formula              | =1+1            | '=1+1
            minus                | -2              | '-2
            at                   | @SUM(A1)        | '@SUM(A1)
            """)
    void csvCells(String rule, String value, String written) {
        assertThat(CsvFile.line(List.of(StatementCsv.text(value)))).as(rule).isEqualTo(written);
    }

    @Test
    void csvLineBreaksAreQuoted() {
        assertThat(CsvFile.line(List.of("a", "b\r\nc", ""))).isEqualTo("a,\"b\r\nc\",");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            one                   | Admin@Example.org                     | admin@example.org
            two, one twice        | a@example.org; A@Example.org ;b@x.io  | a@example.org;b@x.io
            """)
    void fleetRecipientsAreLowerCasedOnce(String rule, String configured, String expected) {
        assertThat(StatementGenerator.fleetRecipients(List.of(configured.split(";"))))
                .as(rule).containsExactly(expected.split(";"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            admin
            Admin <admin@example.org>
            a@example.org b@example.org
            """)
    void aFleetRecipientThatIsNoAddressStopsTheStart(String configured) {
        assertThat(catchThrowableOfType(ConfigurationException.class,
                () -> StatementGenerator.fleetRecipients(List.of(configured))))
                .hasMessage("telemetry.reports.fleet-recipients: '" + configured
                        + "' is not one address (name@domain)");
    }
}
