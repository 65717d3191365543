package org.aitelemetry.prometheus;

import static org.aitelemetry.prometheus.PrometheusStandIn.cutOff;
import static org.aitelemetry.prometheus.PrometheusStandIn.json;
import static org.aitelemetry.prometheus.PrometheusStandIn.silence;
import static org.aitelemetry.prometheus.PrometheusStandIn.success;
import static org.aitelemetry.prometheus.PrometheusStandIn.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import jakarta.inject.Inject;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.aitelemetry.devkit.LoopbackPorts;
import org.aitelemetry.prometheus.PrometheusStandIn.Received;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The client against a stand-in Prometheus/Thanos query API: the protocol, the parsing and the failure handling. */
@QuarkusTest
@WithTestResource(ThrowawayPkiResource.class)
class PrometheusClientTest {

    static final Instant T = Instant.parse("2023-11-14T22:13:20.250Z");
    static final String GPU_UTIL_VECTOR = """
            {"resultType":"vector","result":[\
            {"metric":{"__name__":"DCGM_FI_DEV_GPU_UTIL","Hostname":"gpu-node-1","UUID":"GPU-5fd4e1a6",\
            "gpu":"0","modelName":"NVIDIA H100 80GB HBM3"},"value":[1700000000.25,"87"]},\
            {"metric":{"__name__":"DCGM_FI_DEV_GPU_UTIL","Hostname":"gpu-node-1","UUID":"GPU-77ab01c3",\
            "gpu":"1","modelName":"NVIDIA H100 80GB HBM3"},"value":[1700000000.25,"NaN"]},\
            {"metric":{"__name__":"DCGM_FI_DEV_GPU_UTIL","Hostname":"gpu-node-2","UUID":"GPU-0c2d9e44",\
            "gpu":"0","modelName":"NVIDIA H100 80GB HBM3"},"value":[1700000000.25,"+Inf"]}]}""";
    static final String EMPTY_VECTOR = "{\"resultType\":\"vector\",\"result\":[]}";
    static final Duration AWAIT = Duration.ofSeconds(10);

    @Inject
    Vertx vertx;

    @Inject
    PrometheusClients clients;

    PrometheusStandIn prometheus;
    final List<PrometheusClient> created = new ArrayList<>();

    @BeforeEach
    void startStandIn() {
        prometheus = PrometheusStandIn.start(vertx);
    }

    @AfterEach
    void stopStandIn() throws Exception {
        created.forEach(PrometheusClient::close);
        prometheus.close();
    }

    @Test
    void instantQueryIsAFormPostAndItsVectorIsParsed() {
        prometheus.replies(success(GPU_UTIL_VECTOR));

        QueryResult result = await(client(settings()).query("DCGM_FI_DEV_GPU_UTIL", T));

        Received request = prometheus.received().get(0);
        assertThat(request.method()).isEqualTo("POST");
        assertThat(request.path()).isEqualTo("/api/v1/query");
        assertThat(request.headers().get("Content-Type")).startsWith("application/x-www-form-urlencoded");
        assertThat(request.param("query")).isEqualTo("DCGM_FI_DEV_GPU_UTIL");
        assertThat(request.param("time")).isEqualTo("1700000000.250");
        assertThat(request.param("timeout")).isEqualTo("24000ms");
        assertThat(request.param("partial_response")).isEqualTo("false");
        assertThat(result.resultType()).isEqualTo("vector");
        assertThat(result.incomplete()).isFalse();
        assertThat(result.series()).hasSize(3);
        assertThat(result.series().get(0).label("UUID")).contains("GPU-5fd4e1a6");
        assertThat(result.series().get(0).last()).isEqualTo(new Sample(T, 87));
        assertThat(result.series().get(1).last().value()).isNaN();
        assertThat(result.series().get(2).last().value()).isEqualTo(Double.POSITIVE_INFINITY);
    }

    @Test
    void rangeQueryReturnsTheMatrix() {
        prometheus.replies(success("""
                {"resultType":"matrix","result":[{"metric":{"__name__":"up","instance":"10.0.0.1:9400",\
                "job":"dcgm-exporter"},"values":[[1700000000,"1"],[1700000060,"1"],[1700000120,"0"]]}]}"""));
        Instant start = Instant.ofEpochSecond(1_700_000_000);

        QueryResult result = await(
                client(settings()).queryRange("up", start, start.plusSeconds(120), Duration.ofMinutes(1)));

        Received request = prometheus.received().get(0);
        assertThat(request.path()).isEqualTo("/api/v1/query_range");
        assertThat(List.of(request.param("start"), request.param("end"), request.param("step")))
                .containsExactly("1700000000.000", "1700000120.000", "60.000");
        assertThat(result.resultType()).isEqualTo("matrix");
        assertThat(result.series()).singleElement().satisfies(series -> {
            assertThat(series.labels()).containsEntry("job", "dcgm-exporter");
            assertThat(series.samples()).extracting(Sample::value).containsExactly(1.0, 1.0, 0.0);
            assertThat(series.last().time()).isEqualTo(start.plusSeconds(120));
        });
    }

    @Test
    void scalarIsOneSeriesWithoutLabels() {
        prometheus.replies(success("{\"resultType\":\"scalar\",\"result\":[1700000000.25,\"42\"]}"));

        QueryResult result = await(client(settings()).query("scalar(count(up))", T));

        assertThat(result.resultType()).isEqualTo("scalar");
        assertThat(result.series()).singleElement().isEqualTo(new Series(Map.of(), List.of(new Sample(T, 42))));
    }

    @Test
    void warningsMakeTheResultIncompleteAndInfosDoNot() {
        prometheus.replies(
                json(200, "{\"status\":\"success\",\"data\":" + EMPTY_VECTOR + ",\"warnings\":"
                        + "[\"No StoreAPIs matched for this query\"]}"),
                json(200, "{\"status\":\"success\",\"data\":" + EMPTY_VECTOR + ",\"infos\":[\"PromQL info: metric "
                        + "might not be a counter, name does not end in _total/_sum/_count/_bucket: \\\"x\\\"\"]}"));
        PrometheusClient client = client(settings());

        QueryResult withWarning = await(client.query("up", T));
        QueryResult withInfo = await(client.query("rate(x[5m])", T));

        assertThat(withWarning.incomplete()).isTrue();
        assertThat(withWarning.warnings()).containsExactly("No StoreAPIs matched for this query");
        assertThat(withInfo.incomplete()).isFalse();
    }

    @Test
    void unavailableIsRetriedUntilItAnswers() {
        prometheus.replies(text(503, "Service Unavailable"), success(GPU_UTIL_VECTOR));

        QueryResult result = await(client(settings()).query("DCGM_FI_DEV_GPU_UTIL", T));

        assertThat(result.series()).hasSize(3);
        assertThat(prometheus.received()).hasSize(2);
    }

    @Test
    void badDataIsFinalAndSaysWhy() {
        prometheus.replies(json(400, """
                {"status":"error","errorType":"bad_data",\
                "error":"invalid parameter \\"query\\": 1:8: parse error: unexpected end of input"}"""));

        PrometheusQueryException failure = failure(client(settings()).query("sum(up", T));

        assertThat(failure.httpStatus()).isEqualTo(400);
        assertThat(failure.errorType()).contains("bad_data");
        assertThat(failure.error()).hasValueSatisfying(error -> assertThat(error).contains("parse error"));
        assertThat(failure.isTransient()).isFalse();
        assertThat(prometheus.received()).hasSize(1);
    }

    @Test
    void executionErrorIsFinal() {
        prometheus.replies(json(422, """
                {"status":"error","errorType":"execution",\
                "error":"found duplicate series for the match group {UUID=\\"GPU-1\\"} on the right hand-side"}"""));

        PrometheusQueryException failure = failure(client(settings()).query("a * on(UUID) b", T));

        assertThat(failure.httpStatus()).isEqualTo(422);
        assertThat(failure.errorType()).contains("execution");
        assertThat(failure.isTransient()).isFalse();
        assertThat(prometheus.received()).hasSize(1);
    }

    @Test
    void tooManyRequestsWaitsAsLongAsRetryAfterSays() {
        prometheus.replies(text(429, "rate limited", "Retry-After", "1"), success(EMPTY_VECTOR));

        await(client(settings()).query("up", T));

        List<Received> requests = prometheus.received();
        assertThat(requests).hasSize(2);
        assertThat(Duration.ofNanos(requests.get(1).arrivedNanos() - requests.get(0).arrivedNanos()))
                .isGreaterThanOrEqualTo(Duration.ofSeconds(1));
    }

    @Test
    void truncatedBodyIsRetriedUntilTheAttemptsRunOut() {
        prometheus.replies(json(200, "{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":[{\"me"));

        PrometheusQueryException failure = failure(client(settings().withMaxAttempts(3)).query("up", T));

        assertThat(failure.httpStatus()).isEqualTo(200);
        assertThat(failure.isTransient()).isTrue();
        assertThat(prometheus.received()).hasSize(3);
    }

    @Test
    void connectionCutMidBodyIsRetried() {
        prometheus.replies(cutOff("{\"status\":\"success\",\"data\":{\"resultType\":\"vec"), success(GPU_UTIL_VECTOR));

        QueryResult result = await(client(settings()).query("DCGM_FI_DEV_GPU_UTIL", T));

        assertThat(result.series()).hasSize(3);
        assertThat(prometheus.received()).hasSize(2);
    }

    /**
     * A body cut after its first complete series has already fed that series to a sink; the retry starts over with a
     * fresh one, so the answer holds each series once.
     */
    @Test
    void aStreamedAnswerCutMidBodyIsRetriedIntoAFreshSink() {
        String firstSeries = GPU_UTIL_VECTOR.substring(0, GPU_UTIL_VECTOR.indexOf("},{\"metric\"") + 1);
        prometheus.replies(cutOff("{\"status\":\"success\",\"data\":" + firstSeries + ","),
                success(GPU_UTIL_VECTOR));
        List<SeriesCollector> sinks = new ArrayList<>();

        StreamedAnswer<SeriesCollector> answer = await(client(settings()).stream("DCGM_FI_DEV_GPU_UTIL", T, () -> {
            SeriesCollector sink = new SeriesCollector();
            sinks.add(sink);
            return sink;
        }));

        assertThat(sinks).hasSize(2);
        assertThat(SeriesCollector.result(new StreamedAnswer<>(sinks.get(0), "vector", 0, List.of())).series())
                .hasSize(1);
        assertThat(answer.sink()).isSameAs(sinks.get(1));
        assertThat(answer.seriesCount()).isEqualTo(3);
        assertThat(SeriesCollector.result(answer).series()).extracting(series -> series.label("UUID").orElseThrow())
                .containsExactly("GPU-5fd4e1a6", "GPU-77ab01c3", "GPU-0c2d9e44");
    }

    /** A sink that refuses a series refuses it again on a retry: the answer fails for good, after one request. */
    @Test
    void aSeriesTheSinkRefusesFailsTheAnswerWithoutARetry() {
        prometheus.replies(success(GPU_UTIL_VECTOR), success(GPU_UTIL_VECTOR));

        SeriesSink refusing = series -> {
            throw new IllegalArgumentException("no UUID in " + series);
        };

        PrometheusQueryException failure =
                failure(client(settings()).stream("DCGM_FI_DEV_GPU_UTIL", T, () -> refusing));

        assertThat(failure.isTransient()).isFalse();
        assertThat(failure.getMessage()).contains("no UUID in");
        assertThat(prometheus.received()).hasSize(1);
    }

    @Test
    void serverSlowerThanTheDeadlineFailsAfterTheAttempts() {
        prometheus.replies(silence());
        SourceSettings settings = settings().withQueryTimeout(Duration.ofMillis(300)).withMaxAttempts(2);

        PrometheusQueryException failure = failure(client(settings).query("up", T));

        assertThat(failure.httpStatus()).isEqualTo(PrometheusQueryException.NO_RESPONSE);
        assertThat(failure.isTransient()).isTrue();
        assertThat(prometheus.received()).hasSize(2)
                .allSatisfy(request -> assertThat(request.param("timeout")).isEqualTo("240ms"));
    }

    @Test
    void refusedConnectionIsTransient() {
        SourceSettings settings = SourceSettings.of("gone", URI.create("http://127.0.0.1:" + LoopbackPorts.free()))
                .withMaxAttempts(2);

        PrometheusQueryException failure = failure(client(settings).query("up", T));

        assertThat(failure.httpStatus()).isEqualTo(PrometheusQueryException.NO_RESPONSE);
        assertThat(failure.isTransient()).isTrue();
    }

    @Test
    void redirectIsAnErrorAndNotFollowed() {
        prometheus.replies(text(302, "", "Location", prometheus.url() + "/elsewhere/api/v1/query"));

        PrometheusQueryException failure = failure(client(settings()).query("up", T));

        assertThat(failure.httpStatus()).isEqualTo(302);
        assertThat(failure.isTransient()).isFalse();
        assertThat(prometheus.received()).extracting(Received::path).containsExactly("/api/v1/query");
    }

    @Test
    void observatoriumTenantPrefixesThePath() {
        prometheus.replies(success(EMPTY_VECTOR));
        SourceSettings settings = SourceSettings.of("observatorium", URI.create(prometheus.url() + "/gateway/"))
                .withTenant("gpu-fleet");

        await(client(settings).query("up", T));

        assertThat(prometheus.received()).extracting(Received::path)
                .containsExactly("/gateway/api/metrics/v1/gpu-fleet/api/v1/query");
    }

    @Test
    void longRangeIsQueriedInDayWindowsAndMergedByLabels() {
        Instant start = Instant.ofEpochSecond(1_700_000_000);
        Instant end = start.plus(Duration.ofHours(30));
        long secondWindowStart = start.plus(Duration.ofHours(24)).plusSeconds(60).getEpochSecond();
        prometheus.replies(
                success(matrix(series("0", start.getEpochSecond(), "1"))),
                success(matrix(series("0", secondWindowStart, "2") + "," + series("1", secondWindowStart, "3"))));

        QueryResult result = await(
                client(settings()).queryRange("DCGM_FI_DEV_GPU_UTIL", start, end, Duration.ofMinutes(1)));

        assertThat(prometheus.received()).extracting(request -> request.param("start") + ".." + request.param("end"))
                .containsExactly(start.getEpochSecond() + ".000.." + (start.getEpochSecond() + 86_400) + ".000",
                        secondWindowStart + ".000.." + end.getEpochSecond() + ".000");
        assertThat(result.series()).hasSize(2);
        assertThat(result.series().get(0).samples()).extracting(Sample::value).containsExactly(1.0, 2.0);
        assertThat(result.series().get(1).label("gpu")).contains("1");
    }

    @Test
    void stepIsRaisedToStayWithin11000Points() {
        prometheus.replies(success("{\"resultType\":\"matrix\",\"result\":[]}"));
        Instant start = Instant.ofEpochSecond(1_700_000_000);

        await(client(settings()).queryRange("up", start, start.plus(Duration.ofHours(12)), Duration.ofSeconds(1)));

        // 43,200 s / 11,000 points = 3.9273 s, rounded up to the millisecond
        assertThat(prometheus.received()).singleElement()
                .satisfies(request -> assertThat(request.param("step")).isEqualTo("3.928"));
    }

    @Test
    void retentionIsAskedOfTheRuntimeInfoWithAGet() {
        prometheus.replies(success("{\"startTime\":\"2026-11-25T10:00:00Z\",\"storageRetention\":\"12w6d\","
                + "\"GOMAXPROCS\":2}"));

        Optional<Duration> retention = await(client(settings().withTenant("team-a")).retention());

        assertThat(retention).contains(Duration.ofDays(90));
        Received request = prometheus.received().get(0);
        assertThat(request.method()).isEqualTo("GET");
        assertThat(request.path()).isEqualTo("/api/metrics/v1/team-a/api/v1/status/runtimeinfo");
    }

    @Test
    void aSourceWithoutTheRuntimeInfoTellsNoRetention() {
        prometheus.replies(text(404, "404 page not found"));

        assertThat(await(client(settings()).retention())).isEmpty();
        assertThat(prometheus.received()).as("asked once, not retried").hasSize(1);
    }

    @Test
    void aRuntimeInfoThatIsNotPrometheusJsonTellsNoRetention() {
        prometheus.replies(text(200, "<html>sign in</html>"));

        assertThat(await(client(settings()).retention())).isEmpty();
    }

    @Test
    void unknownTlsConfigurationIsRejectedWhenTheClientIsCreated() {
        SourceSettings settings = SourceSettings.of("thanos", URI.create("https://thanos.example:9091"))
                .withTlsConfiguration("nowhere");

        assertThatThrownBy(() -> clients.create(settings))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("quarkus.tls.nowhere");
    }

    private SourceSettings settings() {
        return SourceSettings.of("prometheus", prometheus.url());
    }

    private PrometheusClient client(SourceSettings settings) {
        PrometheusClient client = clients.create(settings);
        created.add(client);
        return client;
    }

    static String matrix(String series) {
        return "{\"resultType\":\"matrix\",\"result\":[" + series + "]}";
    }

    static String series(String gpu, long time, String value) {
        return "{\"metric\":{\"gpu\":\"" + gpu + "\"},\"values\":[[" + time + ",\"" + value + "\"]]}";
    }

    static <T> T await(Uni<T> uni) {
        return uni.await().atMost(AWAIT);
    }

    static PrometheusQueryException failure(Uni<?> uni) {
        return catchThrowableOfType(PrometheusQueryException.class, () -> uni.await().atMost(AWAIT));
    }
}
