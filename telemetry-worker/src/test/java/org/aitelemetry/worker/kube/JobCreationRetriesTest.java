package org.aitelemetry.worker.kube;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JobCreationRetriesTest {

    private final JobCreationRetries retries = new JobCreationRetries(KubeConfigs.of(Map.of(
            "telemetry.kubernetes.job-creation.attempts", "6",
            "telemetry.kubernetes.job-creation.backoff", "30s",
            "telemetry.kubernetes.job-creation.backoff-max", "2m")).jobCreation());

    @Test
    void delaysDoubleFromTheBackoffUpToTheCap() {
        Throwable outage = refusal(503);
        assertThat(retries.after(1, outage)).contains(Duration.ofSeconds(30));
        assertThat(retries.after(2, outage)).contains(Duration.ofSeconds(60));
        assertThat(retries.after(3, outage)).contains(Duration.ofMinutes(2));
        assertThat(retries.after(5, outage)).contains(Duration.ofMinutes(2));
    }

    @Test
    void noRetryOnceTheAttemptsAreUsedUp() {
        assertThat(retries.after(5, refusal(500))).isPresent();
        assertThat(retries.after(6, refusal(500))).isEmpty();
        assertThat(retries.after(7, new IOException("connection refused"))).isEmpty();
    }

    @Test
    void anInvalidJobIsNotRetriedButRefusalsThatMayPassAre() {
        assertThat(retries.after(1, refusal(422))).isEmpty();
        assertThat(retries.after(1, refusal(400))).isEmpty();
        assertThat(retries.after(1, refusal(403))).contains(Duration.ofSeconds(30));
        assertThat(retries.after(1, refusal(404))).contains(Duration.ofSeconds(30));
        assertThat(retries.after(1, new KubernetesClientException("no connection"))).contains(Duration.ofSeconds(30));
    }

    private static KubernetesClientException refusal(int code) {
        return new KubernetesClientException(new StatusBuilder().withCode(code).withMessage("refused").build());
    }
}
