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
        if (config.cluster().filter(name -> !name.isBlank()).isEmpty()) {
            throw new IllegalStateException("telemetry.kubernetes.enabled=true needs telemetry.kubernetes.cluster: the"
                    + " name (ai_cluster.name, as the metric source labels it) of the cluster this worker runs in");
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
