package org.aitelemetry.devkit.prometheus;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * What a {@link PrometheusComponent} is configured with.
 *
 * @param scrapeInterval     how often every target is scraped (also the scrape timeout when shorter than 10 s)
 * @param evaluationInterval how often rule files are evaluated
 * @param targets            what to scrape
 * @param ruleFiles          recording and alerting rule files, copied next to the generated configuration
 * @param tls                TLS for Prometheus' own endpoint, if any
 * @param alertmanagers      {@code host:port} of the Alertmanagers firing alerts go to; with any, alerts are re-sent
 *                           every evaluation interval instead of every minute, so tests see state changes at once
 * @param history            TSDB blocks of a simulated past ({@link TsdbBackfill}), moved into the data folder at the
 *                           first start
 */
public record PrometheusSettings(Duration scrapeInterval, Duration evaluationInterval, List<ScrapeTarget> targets,
        List<Path> ruleFiles, Optional<ServerTls> tls, List<String> alertmanagers, Optional<Path> history) {

    public PrometheusSettings {
        requirePositiveMillis(scrapeInterval, "scrape interval");
        requirePositiveMillis(evaluationInterval, "evaluation interval");
        targets = List.copyOf(targets);
        ruleFiles = List.copyOf(ruleFiles);
        alertmanagers = List.copyOf(alertmanagers);
    }

    /** One-second scrape and evaluation: tests see a change within about two seconds. Nothing to scrape yet. */
    public static PrometheusSettings fast() {
        return new PrometheusSettings(Duration.ofSeconds(1), Duration.ofSeconds(1), List.of(), List.of(), Optional.empty(),
                List.of(), Optional.empty());
    }

    public PrometheusSettings withIntervals(Duration scrape, Duration evaluation) {
        return new PrometheusSettings(scrape, evaluation, targets, ruleFiles, tls, alertmanagers, history);
    }

    public PrometheusSettings withTargets(List<ScrapeTarget> newTargets) {
        return new PrometheusSettings(scrapeInterval, evaluationInterval, newTargets, ruleFiles, tls, alertmanagers,
                history);
    }

    public PrometheusSettings withRuleFiles(List<Path> newRuleFiles) {
        return new PrometheusSettings(scrapeInterval, evaluationInterval, targets, newRuleFiles, tls, alertmanagers,
                history);
    }

    public PrometheusSettings withTls(ServerTls serverTls) {
        return new PrometheusSettings(scrapeInterval, evaluationInterval, targets, ruleFiles, Optional.of(serverTls),
                alertmanagers, history);
    }

    /** Sends firing alerts to these Alertmanagers ({@code host:port}, e.g. {@code AlertmanagerComponent.address()}). */
    public PrometheusSettings withAlertmanagers(List<String> addresses) {
        return new PrometheusSettings(scrapeInterval, evaluationInterval, targets, ruleFiles, tls, addresses, history);
    }

    /** Starts with the blocks in {@code blocksDir} (moved, not copied) as its past. */
    public PrometheusSettings withHistory(Path blocksDir) {
        return new PrometheusSettings(scrapeInterval, evaluationInterval, targets, ruleFiles, tls, alertmanagers,
                Optional.of(blocksDir));
    }

    private static void requirePositiveMillis(Duration interval, String what) {
        if (interval.toMillis() <= 0) {
            throw new IllegalArgumentException(what + " must be at least 1 ms: " + interval);
        }
    }
}
