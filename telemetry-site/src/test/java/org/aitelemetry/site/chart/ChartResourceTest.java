package org.aitelemetry.site.chart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.aitelemetry.devkit.fleet.FleetDevice;
import org.aitelemetry.devkit.fleet.FleetPod;
import org.aitelemetry.devkit.fleet.FleetSimulator;
import org.aitelemetry.devkit.fleet.FleetTestResource;
import org.aitelemetry.devkit.fleet.InjectFleet;
import org.aitelemetry.devkit.keycloak.DemoUser;
import org.aitelemetry.site.support.Fixture;
import org.aitelemetry.site.support.PageSession;
import org.aitelemetry.site.support.SiteTestProfile;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The pages' named chart queries against a real Prometheus scraping the simulated fleet (frozen readings, so the
 * simulator's figures are the expected values), and acceptance scenario 22: only named charts with their own
 * parameters exist — a request carrying PromQL is refused — and another project's chart is a 404.
 */
@QuarkusTest
@TestProfile(SiteTestProfile.class)
class ChartResourceTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration PATIENCE = Duration.ofSeconds(60);
    private static PageSession ada;
    private static PageSession margaret;

    @TestHTTPResource("/")
    URI site;

    @Inject
    Pool pool;

    @InjectFleet
    FleetSimulator simulator;

    @BeforeEach
    void signIn() throws Exception {
        Fixture.load(pool);
        if (ada == null) {
            ada = PageSession.signIn(site, DemoUser.ADA);
            margaret = PageSession.signIn(site, DemoUser.MARGARET);
        }
    }

    @Test
    void aDevicePowerChartDrawsTheSimulatorsReading() throws Exception {
        FleetDevice device = simulator.definition().devices("cluster-01").stream()
                .filter(candidate -> candidate.slices().isEmpty() && !candidate.blank()).findFirst().orElseThrow();
        pool.preparedQuery("""
                INSERT INTO gpu_device (uuid, node_id, gpu_id, gpu_index) VALUES ($1, $2, $3, 7)
                ON CONFLICT (uuid) DO NOTHING""")
                .execute(Tuple.of(device.uuid(), Fixture.NODE_HEALTHY, Fixture.SKU_H100)).await().indefinitely();
        double watts = simulator.readings().powerWatts(device, FleetTestResource.FROZEN_AT);

        JsonNode chart = drawnWithPoints(ada, "/pages/charts/device-power?device=" + device.uuid() + "&range=1h");

        assertThat(chart.get("unit").asText()).isEqualTo("W");
        assertThat(values(chart.get("series").get(0))).isNotEmpty().allSatisfy(value ->
                assertThat(value).isCloseTo(watts, org.assertj.core.data.Offset.offset(0.01)));
    }

    @Test
    void aProjectsAllocationChartCountsTheGpusItsPodsRequest() throws Exception {
        long requested = simulator.definition().pods("cluster-01").stream()
                .filter(pod -> pod.namespace().equals("nlp-001") && pod.slices().isEmpty())
                .mapToLong(FleetPod::requested).sum();

        JsonNode chart = drawnWithPoints(ada, "/pages/charts/project-gpus?project=" + Fixture.OWN_PROJECT
                + "&range=1h");

        JsonNode allocated = chart.get("series").get(0);
        assertThat(allocated.get("name").asText()).isEqualTo("allocated");
        assertThat(values(allocated)).isNotEmpty().allSatisfy(value -> assertThat(value).isEqualTo(requested));
    }

    @Test
    void theFleetChartHasALinePerClusterOfTheDatabase() throws Exception {
        JsonNode chart = drawnWithPoints(ada, "/pages/charts/fleet-utilization?range=1h");

        List<String> names = new ArrayList<>();
        chart.get("series").forEach(line -> names.add(line.get("name").asText()));
        assertThat(names).containsExactly("cluster-01", "cluster-02");
        assertThat(values(chart.get("series").get(0))).isNotEmpty()
                .allSatisfy(value -> assertThat(value).isBetween(0.0, 100.0));
    }

    @Test
    void anotherProjectsChartIsNotFoundAndAnAdminsIsDrawn() throws Exception {
        HttpResponse<String> refused = ada.getOnce("/pages/charts/project-utilization?project="
                + Fixture.OTHER_PROJECT);
        assertThat(refused.statusCode()).isEqualTo(404);
        assertThat(refused.body()).doesNotContain("vision-002");

        assertThat(margaret.getOnce("/pages/charts/project-utilization?project=" + Fixture.OTHER_PROJECT)
                .statusCode()).isEqualTo(200);
    }

    @Test
    void promqlOrAnyOtherParameterIsRefused() throws Exception {
        HttpResponse<String> query = ada.getOnce("/pages/charts/fleet-utilization?query=up");
        assertThat(query.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(query.body()).get("detail").asText()).contains("'query'");

        assertThat(ada.getOnce("/pages/charts/project-gpus?project=" + Fixture.OWN_PROJECT + "&promql=up")
                .statusCode()).isEqualTo(400);
        assertThat(ada.getOnce("/pages/charts/up").statusCode()).isEqualTo(404);
    }

    @Test
    void missingOrMalformedParametersAreExplained() throws Exception {
        assertProblem(ada.getOnce("/pages/charts/project-gpus"), 400, "'project' is required");
        assertProblem(ada.getOnce("/pages/charts/project-gpus?project=abc"), 400, "whole number");
        assertProblem(ada.getOnce("/pages/charts/fleet-power?range=2y"), 400, "one of 1h, 6h, 24h, 7d, 30d");
        assertProblem(ada.getOnce("/pages/charts/fleet-power?range=1h&range=6h"), 400, "more than once");
        assertProblem(ada.getOnce("/pages/charts/device-power?device=GPU-unknown"), 404, "device");
    }

    private static JsonNode drawnWithPoints(PageSession session, String path) {
        // Prometheus scrapes every second from the start of the run: the first points of a window appear soon.
        return await().atMost(PATIENCE).until(() -> {
            HttpResponse<String> response = session.getOnce(path);
            assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
            return JSON.readTree(response.body());
        }, chart -> chart.get("series").size() > 0 && !chart.get("series").get(0).get("points").isEmpty());
    }

    private static List<Double> values(JsonNode line) {
        List<Double> values = new ArrayList<>();
        line.get("points").forEach(point -> values.add(point.get(1).asDouble()));
        return values;
    }

    private static void assertProblem(HttpResponse<String> response, int status, String detail) throws Exception {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        assertThat(JSON.readTree(response.body()).get("detail").asText()).contains(detail);
    }
}
