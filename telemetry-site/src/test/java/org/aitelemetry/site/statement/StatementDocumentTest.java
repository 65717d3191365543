package org.aitelemetry.site.statement;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.OffsetDateTime;
import org.aitelemetry.model.statement.StatementPeriod;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Download names are built of letters, digits, dots and dashes only, whatever the subject's key holds. */
class StatementDocumentTest {

    @ParameterizedTest(name = "{0} {1} {2} → {4}")
    @CsvSource(delimiter = '|', textBlock = """
            cluster-01/nlp-001 | MONTH | 2026-10-01T00:00:00Z | CSV | statement-7-cluster-01-nlp-001-month-2026-10-01.csv
            Ana.Lopez@Example.org | WEEK | 2026-11-16T00:00:00Z | HTML | statement-7-Ana.Lopez-Example.org-week-2026-11-16.html
            fleet | MONTH | 2026-09-30T23:00:00-01:00 | CSV | statement-7-fleet-month-2026-10-01.csv
            "a\\"b;c/../../etc/passwd" | WEEK | 2026-11-16T00:00:00Z | CSV | statement-7-a-b-c-..-..-etc-passwd-week-2026-11-16.csv
            ../.. | WEEK | 2026-11-16T00:00:00Z | CSV | statement-7-week-2026-11-16.csv
            ключ | MONTH | 2026-10-01T00:00:00Z | CSV | statement-7-month-2026-10-01.csv
            """)
    void namesAreSafe(String subjectKey, StatementPeriod period, String start, StatementFormat format,
            String expected) {
        StatementDocument document = new StatementDocument(7, format, subjectKey, period, OffsetDateTime.parse(start),
                "");
        assertThat(document.fileName()).isEqualTo(expected).matches("[A-Za-z0-9.-]+");
    }

    @ParameterizedTest(name = "a {0}-character subject is cut to 80")
    @CsvSource({"81", "400"})
    void longSubjectsAreCut(int length) {
        StatementDocument document = new StatementDocument(7, StatementFormat.CSV, "x".repeat(length),
                StatementPeriod.MONTH, OffsetDateTime.parse("2026-10-01T00:00:00Z"), "");
        assertThat(document.fileName()).isEqualTo("statement-7-" + "x".repeat(80) + "-month-2026-10-01.csv");
    }
}
