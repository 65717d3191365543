package org.aitelemetry.worker.alert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The webhook's time window, alert by alert, at a fixed "now" with the defaults (730 days back, 5 minutes ahead):
 * which times are taken, and which alert is left out with which reason while the batch's others stay.
 */
class WebhookParserTest {

    private static final Instant NOW = Instant.parse("2026-11-24T12:00:00Z");
    private final WebhookParser parser = new WebhookParser(new AlertTimeWindow(Duration.ofDays(730),
            Duration.ofMinutes(5)));

    @ParameterizedTest(name = "{0} {1} .. {2}")
    @CsvSource(delimiter = '|', textBlock = """
            # status  | startsAt                       | endsAt                         | refused because (empty: taken)
            firing    | 2026-11-24T11:00:00Z           | 0001-01-01T00:00:00Z           |
            firing    | 2024-11-25T12:00:00Z           | 0001-01-01T00:00:00Z           |
            firing    | 2026-11-24T12:04:59Z           | 0001-01-01T00:00:00Z           |
            firing    | 2026-11-24T11:00:00Z           | 2026-11-24T11:30:00Z           |
            resolved  | 2026-11-24T11:00:00Z           | 2026-11-24T11:30:00Z           |
            resolved  | 2026-11-24T11:00:00Z           | 2026-11-24T11:00:00Z           |
            resolved  | 2026-11-24T11:00:00Z           | 2026-11-24T12:04:00Z           |
            resolved  | 2026-11-24T11:00:00Z           | 0001-01-01T00:00:00Z           |
            firing    | 0001-01-01T00:00:00Z           | 0001-01-01T00:00:00Z           | startsAt 0001-01-01T00:00:00Z is older than the 730-day window
            firing    | 1970-01-01T00:00:00Z           | 0001-01-01T00:00:00Z           | is older than the 730-day window of alerts this worker accepts (since 2024-11-24T12:00:00Z)
            firing    | 2024-11-24T11:59:59Z           | 0001-01-01T00:00:00Z           | is older than
            firing    | 2026-11-24T12:05:01Z           | 0001-01-01T00:00:00Z           | startsAt 2026-11-24T12:05:01Z is in the future: more than the allowed clock skew of 300 s
            firing    | 9999-12-31T23:59:59Z           | 0001-01-01T00:00:00Z           | is in the future
            firing    | +300000-01-01T00:00:00Z        | 0001-01-01T00:00:00Z           | is in the future
            resolved  | 1970-01-01T00:00:00Z           | 9999-12-31T23:59:59Z           | startsAt 1970-01-01T00:00:00Z is older
            resolved  | 2026-11-24T11:00:00Z           | 9999-12-31T23:59:59Z           | endsAt 9999-12-31T23:59:59Z of a resolved alert is in the future
            resolved  | 2026-11-24T11:00:00Z           | 2026-11-24T10:59:59Z           | endsAt 2026-11-24T10:59:59Z is before startsAt 2026-11-24T11:00:00Z
            firing    | yesterday                      | 0001-01-01T00:00:00Z           | startsAt is not an RFC 3339 time: 'yesterday'
            resolved  | 2026-11-24T11:00:00Z           | soon                           | endsAt is not an RFC 3339 time: 'soon'
            """)
    void anAlertOutsideTheWindowIsLeftOutWithTheReasonAndTheOthersStay(String status, String startsAt, String endsAt,
            String reason) {
        WebhookBatch batch = parser.parse(body(alert("good", "firing", "2026-11-24T11:00:00Z", "0001-01-01T00:00:00Z"),
                alert("tested", status, startsAt, endsAt)), NOW);

        if (reason == null) {
            assertThat(batch.refused()).isEmpty();
            assertThat(batch.alerts()).extracting(WebhookAlert::fingerprint).containsExactly("good", "tested");
            WebhookAlert tested = batch.alerts().get(1);
            assertThat(tested.startsAt()).isEqualTo(Instant.parse(startsAt));
            assertThat(tested.endsAt()).as("a firing alert, or Alertmanager's zero time, has no end")
                    .isEqualTo(status.equals("firing") || endsAt.startsWith("0001") ? null : Instant.parse(endsAt));
        } else {
            assertThat(batch.alerts()).extracting(WebhookAlert::fingerprint).containsExactly("good");
            assertThat(batch.refused()).singleElement().satisfies(refused -> {
                assertThat(refused.index()).isEqualTo(1);
                assertThat(refused.fingerprint()).isEqualTo("tested");
                assertThat(refused.reason()).contains(reason);
            });
        }
    }

    @Test
    void aMissingStartIsTheAlertsFaultAndAMissingFingerprintTheWholeBodys() {
        WebhookBatch batch = parser.parse(body("{\"fingerprint\":\"f\",\"status\":\"firing\",\"labels\":{}}"), NOW);
        assertThat(batch.refused()).singleElement().extracting(WebhookBatch.Refused::reason)
                .isEqualTo("startsAt is required");
        assertThatThrownBy(() -> parser.parse(body("{\"status\":\"firing\",\"startsAt\":\"2026-11-24T11:00:00Z\","
                + "\"labels\":{}}"), NOW)).isInstanceOf(MalformedWebhookException.class).hasMessageContaining("fingerprint");
    }

    @Test
    void aBodyThatIsNoStrictJsonIsRefusedWhole() {
        assertThatThrownBy(() -> parser.parse(body(alert("a", "firing", "2026-11-24T11:00:00Z", "0001-01-01T00:00:00Z")
                .replace("\"status\":\"firing\"", "\"status\":\"firing\",\"status\":\"resolved\"")), NOW))
                .isInstanceOf(MalformedWebhookException.class).hasMessageContaining("Duplicate field 'status'");
    }

    private static String alert(String fingerprint, String status, String startsAt, String endsAt) {
        return "{\"fingerprint\":\"%s\",\"status\":\"%s\",\"startsAt\":\"%s\",\"endsAt\":\"%s\",\"labels\":{}}"
                .formatted(fingerprint, status, startsAt, endsAt);
    }

    private static byte[] body(String... alerts) {
        return ("{\"version\":\"4\",\"alerts\":[" + String.join(",", alerts) + "]}").getBytes(StandardCharsets.UTF_8);
    }
}
