package org.aitelemetry.worker.health;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.io.IOException;
import java.net.URI;
import java.util.stream.Stream;
import org.aitelemetry.devkit.http.ManagementPathSpellings;
import org.aitelemetry.devkit.http.RawHttpExchange;
import org.aitelemetry.devkit.http.TestManagementInterface;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Scenario 31: health and metrics answer on the management interface only. The application port is what the Route
 * exposes (its prefix /api/ingest), so no spelling of /q/health or /q/metrics sent there, sent verbatim, may answer
 * with their content.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
class ManagementInterfaceTest {

    @TestHTTPResource("/")
    URI application;

    static Stream<String> spellings() {
        return ManagementPathSpellings.behind("/api/ingest");
    }

    @ParameterizedTest
    @MethodSource("spellings")
    void noSpellingReachesHealthOrMetricsOnTheApplicationPort(String target) throws IOException {
        RawHttpExchange answer = RawHttpExchange.get(application, target);
        assertThat(answer.status()).as(target).isIn(400, 401, 403, 404, 405);
        assertThat(answer.body()).as(target).doesNotContain("# TYPE").doesNotContain("\"checks\"");
    }

    @Test
    void theManagementInterfaceServesHealthAndMetrics() throws IOException {
        RawHttpExchange ready = RawHttpExchange.get(TestManagementInterface.root(), "/q/health/ready");
        assertThat(ready.status()).isEqualTo(200);
        assertThat(ready.body()).contains("\"checks\"").contains("UP");
        RawHttpExchange metrics = RawHttpExchange.get(TestManagementInterface.root(), "/q/metrics");
        assertThat(metrics.status()).isEqualTo(200);
        assertThat(metrics.body()).contains("# TYPE telemetry_");
    }
}
