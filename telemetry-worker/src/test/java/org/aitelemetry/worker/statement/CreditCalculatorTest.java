package org.aitelemetry.worker.statement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.aitelemetry.model.statement.StatementPeriod;
import org.aitelemetry.worker.price.PriceSheet;
import org.aitelemetry.worker.price.PriceSheetParser;
import org.aitelemetry.worker.statement.CreditCalculator.Failure;
import org.aitelemetry.worker.statement.CreditCalculator.Session;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CreditCalculatorTest {

    private static final String H100 = "NVIDIA H100 80GB HBM3";
    private static final String A100 = "NVIDIA A100-SXM4-80GB";
    /** A Tuesday: its week runs from Monday 2026-03-09 to Monday 2026-03-16. */
    private static final Instant T = Instant.parse("2026-03-10T00:00:00Z");
    private static final Period WEEK = Period.containing(StatementPeriod.WEEK, T);
    private static final PriceSheet SHEET = PriceSheetParser.parse("test.csv", List.of(
            "currency,effective_from,sku,mig_profile,gpu_hour_price,kwh_price",
            "EUR,2026-01-01,*,,2.00,0.25",
            "EUR,2026-01-01," + H100 + ",,4.00,",
            "EUR,2026-03-09T21:00Z," + H100 + ",,5.00,",
            "EUR,2026-01-01," + A100 + ",1g.10gb,0.50,"));
    private final CreditCalculator calculator = new CreditCalculator(SHEET, Duration.ofHours(72));

    /**
     * Failures ("gpu@hour", hours from T) and sessions ("project:gpu:from:to", to 'open' while open) on GPUs of the
     * default price (2.00 per GPU-hour); the credits expected ("project:failure-index:hours"), each at 2.00 an hour.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            inside the window                 | a@0         | 1:a:-10:-2                  | 1:0:8
            outside the window                | a@0         | 1:a:-100:-80                | ''
            across the window's start         | a@0         | 1:a:-80:-70                 | 1:0:2
            open at the failure               | a@0         | 1:a:-5:open                 | 1:0:5
            after the failure                 | a@0         | 1:a:1:3                     | ''
            project on another GPU            | a@0         | 1:b:-10:-2                  | ''
            overlapping sessions count once   | a@0         | 1:a:-10:-5;1:a:-8:-2        | 1:0:8
            two projects                      | a@0         | 1:a:-10:-2;2:a:-4:-1        | 1:0:8;2:0:3
            two failures closer than the window | a@-24;a@0 | 1:a:-30:0                   | 1:0:6;1:1:24
            two failures at one time          | a@0;a@0     | 1:a:-10:-2                  | 1:0:8
            an earlier failure outside the period bounds the window | a@-30;a@10 | 1:a:-40:5 | 1:1:35
            failure after the period          | a@200       | 1:a:190:195                 | ''
            """)
    void creditsTheTimeBeforeAFailureOnce(String rule, String failureSpecs, String sessionSpecs, String expected) {
        List<Failure> failures = new ArrayList<>();
        for (String spec : failureSpecs.split(";")) {
            String[] parts = spec.split("@");
            failures.add(new Failure(failures.size(), parts[0], "node-1", at(parts[1]), "NVIDIA L4"));
        }
        List<Session> sessions = new ArrayList<>();
        for (String spec : sessionSpecs.split(";")) {
            String[] parts = spec.split(":");
            sessions.add(new Session(Long.parseLong(parts[0]), parts[1], null, null, at(parts[2]),
                    parts[3].equals("open") ? null : at(parts[3])));
        }

        List<HealthCredit> credits = calculator.credits(WEEK, failures, sessions);

        List<String> actual = credits.stream().map(credit -> credit.projectId() + ":" + credit.failureId() + ":"
                + Math.round(credit.hours())).toList();
        assertThat(actual).as(rule).containsExactlyElementsOf(expected.isEmpty() ? List.of()
                : List.of(expected.split(";")));
        credits.forEach(credit -> assertThat(credit.amount()).as(rule)
                .isEqualByComparingTo(BigDecimal.valueOf(credit.hours() * 2.0).setScale(4, RoundingMode.HALF_UP)));
    }

    @Test
    void eachHourIsCreditedAtThePriceInForceInIt() {
        // From T-10h to T-2h on an H100: 7 hours at 4.00, then 1 hour at 5.00 (the price from 21:00 on).
        List<HealthCredit> credits = calculator.credits(WEEK, List.of(new Failure(7, "h", "node-9", T, H100)),
                List.of(new Session(1, "h", null, null, T.minusSeconds(10 * 3600), T.minusSeconds(2 * 3600))));

        assertThat(credits).singleElement().satisfies(credit -> {
            assertThat(credit.hours()).isCloseTo(8, within(1e-9));
            assertThat(credit.amount()).isEqualByComparingTo("33.0000");
            assertThat(credit.node()).isEqualTo("node-9");
            assertThat(credit.failedAt()).isEqualTo(T);
        });
    }

    @Test
    void aSliceIsCreditedAtItsProfilesPriceOrItsShareOfTheGpus() {
        Instant from = T.minusSeconds(4 * 3600);
        List<HealthCredit> credits = calculator.credits(WEEK, List.of(new Failure(1, "m", "node-1", T, A100)),
                List.of(new Session(1, "m", 9, "1g.10gb", from, null),
                        new Session(2, "m", 2, "3g.40gb", from, null)));

        // Four slice-hours of a 1g.10gb at its own 0.50; of a 3g.40gb at 3/7 of the A100's (default) 2.00.
        assertThat(credits).extracting(HealthCredit::amount).usingElementComparator(BigDecimal::compareTo)
                .containsExactly(new BigDecimal("2.0000"), BigDecimal.valueOf(4 * 3.0 / 7 * 2.0)
                        .setScale(4, RoundingMode.HALF_UP));
    }

    private static Instant at(String hoursFromT) {
        return T.plusSeconds(Long.parseLong(hoursFromT) * 3600);
    }
}
