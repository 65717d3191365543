package org.aitelemetry.prometheus;

import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.core.json.JsonObject;
import io.vertx.mutiny.core.MultiMap;
import io.vertx.mutiny.core.buffer.Buffer;
import io.vertx.mutiny.ext.web.client.HttpRequest;
import io.vertx.mutiny.ext.web.client.HttpResponse;
import io.vertx.mutiny.ext.web.client.WebClient;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Queries one Prometheus-compatible source (Prometheus, Thanos Querier, Observatorium) over its HTTP API. Requests
 * are form POSTs, so long PromQL never hits URL limits, with {@code partial_response=false} so that Thanos fails
 * rather than silently answering from some of its stores; whatever warnings still come back mark the result
 * incomplete. Create instances with {@link PrometheusClients}; close them when the source goes away.
 */
public final class PrometheusClient implements AutoCloseable {

    private final SourceSettings settings;
    private final WebClient client;
    private final Credentials credentials;
    private final QueryTransport transport;

    PrometheusClient(SourceSettings settings, WebClient client, Credentials credentials) {
        this.settings = settings;
        this.client = client;
        this.credentials = credentials;
        this.transport = new QueryTransport(settings, client, credentials,
                RetryPolicy.withAttempts(settings.maxAttempts()));
    }

    public String sourceName() {
        return settings.name();
    }

    /** Evaluates an instant query at {@code time}: a vector, or a scalar as one series without labels. */
    public Uni<QueryResult> query(String promql, Instant time) {
        return stream(promql, time, SeriesCollector::new).map(SeriesCollector::result);
    }

    /**
     * Evaluates an instant query at {@code time} and hands each series to a sink while the answer is still arriving,
     * so a fleet-wide answer never exists whole: neither its body nor its list of series. A retried attempt starts
     * over with a fresh sink; the answer carries the sink of the attempt that succeeded.
     */
    public <S extends SeriesSink> Uni<StreamedAnswer<S>> stream(String promql, Instant time, Supplier<S> sinks) {
        return transport.post("query", form(promql).add("time", seconds(time)), sinks);
    }

    /**
     * Evaluates a range query. The step is raised where the range would exceed 11,000 points per series, and ranges
     * longer than 24 h are queried window by window, one after the other, and merged by label set.
     */
    public Uni<QueryResult> queryRange(String promql, Instant start, Instant end, Duration step) {
        if (end.isBefore(start)) {
            throw new IllegalArgumentException("range ends before it starts: " + start + " > " + end);
        }
        if (step.toMillis() < 1) {
            throw new IllegalArgumentException("step must be at least 1 ms, not " + step);
        }
        Duration effectiveStep = RangeSplitter.effectiveStep(start, end, step.truncatedTo(ChronoUnit.MILLIS));
        return Multi.createFrom().iterable(RangeSplitter.windows(start, end, effectiveStep))
                .onItem().transformToUniAndConcatenate(window -> transport.post("query_range", form(promql)
                        .add("start", seconds(window.start()))
                        .add("end", seconds(window.end()))
                        .add("step", seconds(effectiveStep)), SeriesCollector::new)
                        .map(SeriesCollector::result))
                .collect().asList()
                .map(RangeSplitter::merge);
    }

    /**
     * How long the source keeps samples, from {@code /api/v1/status/runtimeinfo}. Empty where it does not say: Thanos
     * Querier and Observatorium do not serve that endpoint, a Prometheus with only a size limit has no time to tell,
     * and a source that does not answer says nothing either (its queries will tell why). Asked once, not retried.
     */
    public Uni<Optional<Duration>> retention() {
        return credentials.authorization()
                .chain(authorization -> {
                    HttpRequest<Buffer> request = client.getAbs(settings.apiRoot() + "status/runtimeinfo")
                            .putHeader("Accept", "application/json")
                            .timeout(settings.queryTimeout().toMillis());
                    authorization.ifPresent(value -> request.putHeader("Authorization", value));
                    return request.send();
                })
                .map(PrometheusClient::retention)
                .onFailure().recoverWithItem(Optional.empty());
    }

    private static Optional<Duration> retention(HttpResponse<Buffer> response) {
        if (response.statusCode() != 200 || response.body() == null) {
            return Optional.empty();
        }
        JsonObject data = new JsonObject(response.body().getDelegate()).getJsonObject("data");
        return data == null ? Optional.empty() : StorageRetention.parse(data.getString("storageRetention"));
    }

    @Override
    public void close() {
        credentials.close();
        client.close();
    }

    private MultiMap form(String promql) {
        return MultiMap.caseInsensitiveMultiMap()
                .add("query", promql)
                .add("timeout", settings.serverTimeout().toMillis() + "ms")
                .add("partial_response", "false");
    }

    /** Seconds with millisecond decimals, the API's own notation, e.g. {@code 1700000000.250}. */
    private static String seconds(Instant time) {
        return BigDecimal.valueOf(time.toEpochMilli(), 3).toPlainString();
    }

    private static String seconds(Duration duration) {
        return BigDecimal.valueOf(duration.toMillis(), 3).toPlainString();
    }
}
