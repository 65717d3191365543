package org.aitelemetry.devkit.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The worker's Micrometer timer {@code telemetry.health.fleet-baseline.recompute} as {@code /q/metrics} of its
 * management interface exposes it (summed over its label sets): recomputes so far, their total and the recent
 * maximum, in seconds.
 */
record BaselineTimer(double count, double sum, double max) {

    static final String METRIC = "telemetry_health_fleet_baseline_recompute_seconds";
    private static final Pattern SAMPLE = Pattern.compile("^" + METRIC + "_(count|sum|max)(?:\\{[^}]*})? (\\S+)$",
            Pattern.MULTILINE);

    /** Empty when the worker has no such timer (a build without the fleet-baseline job) or has not recomputed yet. */
    static Optional<BaselineTimer> read(String managementUrl) throws IOException, InterruptedException {
        HttpResponse<String> answer = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create(managementUrl + "/q/metrics")).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        return answer.statusCode() == 200 ? parse(answer.body()) : Optional.empty();
    }

    /** The timer in a Prometheus text exposition; empty when it is absent or has not recorded yet. */
    static Optional<BaselineTimer> parse(String exposition) {
        double count = 0;
        double sum = 0;
        double max = 0;
        boolean found = false;
        Matcher sample = SAMPLE.matcher(exposition);
        while (sample.find()) {
            found = true;
            double value = Double.parseDouble(sample.group(2));
            switch (sample.group(1)) {
                case "count" -> count += value;
                case "sum" -> sum += value;
                default -> max = Math.max(max, value);
            }
        }
        return found && count > 0 ? Optional.of(new BaselineTimer(count, sum, max)) : Optional.empty();
    }

    /** Mean seconds of the recomputes between an earlier reading and this one; NaN when there were none. */
    double meanSince(BaselineTimer earlier) {
        double recomputes = count - earlier.count;
        return recomputes == 0 ? Double.NaN : (sum - earlier.sum) / recomputes;
    }
}
