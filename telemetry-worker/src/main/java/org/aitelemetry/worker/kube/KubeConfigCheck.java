package org.aitelemetry.worker.kube;

import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Stops the start, naming the property, when the Kubernetes parts are on with a configuration they cannot act on. */
@ApplicationScoped
class KubeConfigCheck {

    void onStart(@Observes StartupEvent start, KubeConfig config) {
        check(config);
    }

    static void check(KubeConfig config) {
        if (!config.enabled()) {
            if (config.probeToken().enabled()) {
                throw new IllegalStateException("telemetry.kubernetes.probe-token.enabled=true needs"
                        + " telemetry.kubernetes.enabled=true: a probe's token is reviewed by its cluster's API"
                        + " server");
            }
            return;
        }
        if (config.cluster().filter(name -> !name.isBlank()).isEmpty() && config.remoteClusters().isEmpty()) {
            throw new IllegalStateException("telemetry.kubernetes.enabled=true needs telemetry.kubernetes.cluster (the"
                    + " name, ai_cluster.name as the metric source labels it, of the cluster this worker runs in) or"
                    + " at least one telemetry.kubernetes.clusters.\"<name>\".api-server-url");
        }
        if (config.cluster().filter(config.remoteClusters()::containsKey).isPresent()) {
            throw new IllegalStateException("telemetry.kubernetes.cluster " + config.cluster().get() + " is also an"
                    + " entry of telemetry.kubernetes.clusters: one cluster, one client");
        }
        double share = config.taintLimit().maxShare();
        if (share < 0 || share > 1 || config.taintLimit().maxPerHour() < 0) {
            throw new IllegalStateException("telemetry.kubernetes.taint-limit needs 0 <= max-share <= 1 (a fraction:"
                    + " 0.10 is 10 %) and max-per-hour >= 0, not " + share + " and "
                    + config.taintLimit().maxPerHour());
        }
        KubeConfig.JobCreation retries = config.jobCreation();
        if (retries.attempts() < 1) {
            throw new IllegalStateException("telemetry.kubernetes.job-creation.attempts must be at least 1, not "
                    + retries.attempts());
        }
        if (retries.backoff().compareTo(Duration.ofSeconds(1)) < 0
                || retries.backoffMax().compareTo(retries.backoff()) < 0) {
            throw new IllegalStateException("telemetry.kubernetes.job-creation needs 1s <= backoff <= backoff-max, not "
                    + retries.backoff() + " and " + retries.backoffMax());
        }
        checkProbeToken(config);
    }

    /** Every cluster's tokens must be told apart by their issuer, or a token could be reviewed by the wrong cluster. */
    private static void checkProbeToken(KubeConfig config) {
        KubeConfig.ProbeToken token = config.probeToken();
        if (!token.enabled()) {
            return;
        }
        if (token.expiry().compareTo(Duration.ofMinutes(10)) < 0) {
            throw new IllegalStateException("telemetry.kubernetes.probe-token.expiry must be at least 10m (the API"
                    + " server's minimum for a projected token), not " + token.expiry());
        }
        List<Optional<String>> issuers = new ArrayList<>();
        config.cluster().filter(name -> !name.isBlank()).ifPresent(name -> issuers.add(config.serviceAccountIssuer()));
        config.remoteClusters().values().forEach(remote -> issuers.add(remote.serviceAccountIssuer()));
        if (issuers.size() > 1 && issuers.stream().anyMatch(Optional::isEmpty)) {
            throw new IllegalStateException("telemetry.kubernetes.probe-token.enabled=true with several clusters needs"
                    + " the service-account-issuer of each (telemetry.kubernetes.service-account-issuer and"
                    + " telemetry.kubernetes.clusters.\"<name>\".service-account-issuer): the issuer picks the"
                    + " cluster that reviews a probe's token");
        }
        if (issuers.stream().distinct().count() < issuers.size()) {
            throw new IllegalStateException("telemetry.kubernetes.probe-token.enabled=true needs a different"
                    + " service-account-issuer per cluster, not "
                    + issuers.stream().map(Optional::orElseThrow).toList());
        }
    }
}
