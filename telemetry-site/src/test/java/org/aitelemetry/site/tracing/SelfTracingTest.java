package org.aitelemetry.site.tracing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.aitelemetry.devkit.keycloak.DemoUser;
import org.aitelemetry.devkit.otlp.InjectOtlp;
import org.aitelemetry.devkit.otlp.OtlpReceiver;
import org.aitelemetry.devkit.otlp.ReceivedSpan;
import org.aitelemetry.site.support.Api;
import org.aitelemetry.site.support.PageSession;
import org.aitelemetry.site.support.SiteApiTest;
import org.aitelemetry.site.support.SiteTestProfile;
import org.junit.jupiter.api.Test;

/**
 * The site traces itself (docs/operations.md, "Self-tracing"): an API request becomes a server span of service
 * {@code telemetry-site} in the caller's trace, and a chart's Prometheus queries a child span of the request that
 * asked for it, both at the OTLP receiver the test profile names as the collector.
 */
@QuarkusTest
@TestProfile(SiteTestProfile.class)
class SelfTracingTest extends SiteApiTest {

    private static final Duration PATIENCE = Duration.ofSeconds(30);
    private static final String TRACE_ID = "5e1f7ace0000000000000000000000a1";

    @TestHTTPResource("/")
    URI site;

    @InjectOtlp
    OtlpReceiver receiver;

    @Test
    void anApiRequestIsAServerSpanInTheCallersTrace() {
        Api.as(researcher).header("traceparent", "00-" + TRACE_ID + "-00f067aa0ba902b7-01")
                .get("/api/v1/clusters").then().statusCode(200);

        ReceivedSpan request = await().atMost(PATIENCE).until(() -> receiver.spans(TRACE_ID).stream()
                .filter(span -> span.kind().equals("SERVER")).findFirst(), Optional::isPresent).orElseThrow();
        assertThat(request.parentSpanIdHex()).as("the caller's span").isEqualTo("00f067aa0ba902b7");
        assertThat(request.name()).contains("/api/v1/clusters");
        assertThat(request.resourceAttributes()).containsEntry("service.name", "telemetry-site");
    }

    @Test
    void aChartsQueriesAreASpanOfTheRequestThatDrewIt() throws Exception {
        PageSession ada = PageSession.signIn(site, DemoUser.ADA);
        assertThat(ada.get("/pages/charts/fleet-utilization?range=1h").statusCode()).isEqualTo(200);

        ReceivedSpan draw = await().atMost(PATIENCE).until(() -> named("ChartReader.draw"), Optional::isPresent)
                .orElseThrow();
        // The request's span ends, and is exported, after the draw inside it: wait for it rather than race it.
        List<ReceivedSpan> trace = await().atMost(PATIENCE).until(() -> receiver.spans(draw.traceIdHex()),
                spans -> spans.stream().anyMatch(span -> span.kind().equals("SERVER")));
        assertThat(trace).anySatisfy(request -> {
            assertThat(request.kind()).isEqualTo("SERVER");
            assertThat(request.spanIdHex()).isEqualTo(draw.parentSpanIdHex());
            assertThat(request.name()).contains("/pages/charts/");
        });
        assertThat(draw.resourceAttributes()).containsEntry("service.name", "telemetry-site");
    }

    private Optional<ReceivedSpan> named(String name) {
        return receiver.spans().stream().filter(span -> span.name().equals(name)).findFirst();
    }
}
