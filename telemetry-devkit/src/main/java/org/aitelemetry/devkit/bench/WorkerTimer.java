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
 * One of the worker's Micrometer timers as {@code /q/metrics} of its management interface exposes it, summed over
 * the label sets that carry a given label (all of them when none is given): how many times it recorded, their total
 * and the recent maximum, in seconds.
 */
record WorkerTimer(double count, double sum, double max) {

    /** Empty when the worker has no such timer (a build without it) or it has not recorded yet. */
    static Optional<WorkerTimer> read(String managementUrl, String metric, String label)
            throws IOException, InterruptedException {
        HttpResponse<String> answer = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create(managementUrl + "/q/metrics")).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        return answer.statusCode() == 200 ? parse(answer.body(), metric, label) : Optional.empty();
    }

    /**
     * The timer {@code metric} (its Prometheus name without {@code _seconds_*}) in a text exposition, over the label
     * sets containing {@code label} (e.g. {@code period="WEEK"}; empty for all); empty when absent or not recorded.
     */
    static Optional<WorkerTimer> parse(String exposition, String metric, String label) {
        Pattern sample = Pattern.compile("^" + Pattern.quote(metric) + "_seconds_(count|sum|max)(\\{[^}]*})? (\\S+)$",
                Pattern.MULTILINE);
        double count = 0;
        double sum = 0;
        double max = 0;
        boolean found = false;
        Matcher line = sample.matcher(exposition);
        while (line.find()) {
            String labels = line.group(2) == null ? "" : line.group(2);
            if (!labels.contains(label)) {
                continue;
            }
            found = true;
            double value = Double.parseDouble(line.group(3));
            switch (line.group(1)) {
                case "count" -> count += value;
                case "sum" -> sum += value;
                default -> max = Math.max(max, value);
            }
        }
        return found && count > 0 ? Optional.of(new WorkerTimer(count, sum, max)) : Optional.empty();
    }

    /** Mean seconds of the recordings between an earlier reading and this one; NaN when there were none. */
    double meanSince(WorkerTimer earlier) {
        double recordings = count - earlier.count;
        return recordings == 0 ? Double.NaN : (sum - earlier.sum) / recordings;
    }

    double mean() {
        return sum / count;
    }
}
