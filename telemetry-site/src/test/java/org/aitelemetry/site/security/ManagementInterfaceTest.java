package org.aitelemetry.site.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.io.IOException;
import java.net.URI;
import java.util.stream.Stream;
import org.aitelemetry.devkit.http.ManagementPathSpellings;
import org.aitelemetry.devkit.http.RawHttpExchange;
import org.aitelemetry.devkit.http.TestManagementInterface;
import org.aitelemetry.site.support.SiteTestProfile;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Scenario 31: health and metrics answer on the management interface only. No spelling of /q/health or /q/metrics
 * sent verbatim to the application port (which the Route exposes), also behind the API's and the pages' prefixes, may
 * answer with their content: the API answers 401 or 404, the pages send a person to sign in.
 */
@QuarkusTest
@TestProfile(SiteTestProfile.class)
class ManagementInterfaceTest {

    @TestHTTPResource("/")
    URI application;

    static Stream<String> spellings() {
        return Stream.concat(ManagementPathSpellings.behind("/api/v1"), ManagementPathSpellings.behind("/pages"));
    }

    @ParameterizedTest
    @MethodSource("spellings")
    void noSpellingReachesHealthOrMetricsOnTheApplicationPort(String target) throws IOException {
        RawHttpExchange answer = RawHttpExchange.get(application, target);
        assertThat(answer.body()).as(target).doesNotContain("# TYPE").doesNotContain("\"checks\"");
        if (answer.status() == 302) {
            // Under /pages a person without a session is sent to sign in, whatever the rest of the path.
            assertThat(answer.header("Location")).as(target).hasValueSatisfying(location -> assertThat(location)
                    .startsWith(ConfigProvider.getConfig().getValue("quarkus.oidc.auth-server-url", String.class)));
        } else {
            assertThat(answer.status()).as(target).isIn(400, 401, 403, 404, 405);
        }
    }

    @Test
    void theManagementInterfaceServesHealthAndMetrics() throws IOException {
        RawHttpExchange ready = RawHttpExchange.get(TestManagementInterface.root(), "/q/health/ready");
        assertThat(ready.status()).isEqualTo(200);
        assertThat(ready.body()).contains("\"checks\"").contains("UP");
        RawHttpExchange metrics = RawHttpExchange.get(TestManagementInterface.root(), "/q/metrics");
        assertThat(metrics.status()).isEqualTo(200);
        assertThat(metrics.body()).contains("# TYPE jvm_memory_max_bytes");
    }
}
