package org.aitelemetry.worker.kube;

import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;

/** Stops the start, naming the property, when the Kubernetes parts are on with a configuration they cannot act on. */
@ApplicationScoped
class KubeConfigCheck {

    void onStart(@Observes StartupEvent start, KubeConfig config) {
        check(config);
    }

    static void check(KubeConfig config) {
        if (!config.enabled()) {
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
    }
}
