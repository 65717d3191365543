package org.aitelemetry.devkit.alertmanager;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Checks the shipped receiver configurations with amtool 0.25: they load, route the usage alerts (label
 * {@code telemetry=gpu-usage}, set by the rules) to the worker and nothing else, and keep the settings the webhook
 * contract needs, which amtool cannot judge. amtool does not open the secret and CA files they name.
 */
class ReceiverConfigTest {

    private static final String AMTOOL = "/usr/bin/amtool";

    @ParameterizedTest
    @ValueSource(strings = {"alertmanager.yml", "alertmanager-bearer.yml"})
    void loadsAndRoutesOnlyUsageAlertsToTheWorker(String file) throws Exception {
        String config = "--config.file=" + receiver(file);

        ToolRun check = ToolRun.of(AMTOOL, "check-config", receiver(file).toString());
        ToolRun usage = ToolRun.of(AMTOOL, "config", "routes", "test", config, "--verify.receivers=telemetry-worker",
                "alertname=GpuSliceInUse", "telemetry=gpu-usage", "cluster=hub-a", "Hostname=gpu-node-1");
        ToolRun other = ToolRun.of(AMTOOL, "config", "routes", "test", config, "--verify.receivers=null",
                "alertname=KubePodCrashLooping", "cluster=hub-a", "Hostname=gpu-node-1");

        assertThat(check.exitCode()).as(check.output()).isZero();
        assertThat(usage.exitCode()).as(usage.output()).isZero();
        assertThat(other.exitCode()).as(other.output()).isZero();
        assertThat(Files.readString(receiver(file))).contains(
                "url: https://telemetry-worker.example/api/ingest/v1/alertmanager",
                "send_resolved: true",
                "max_alerts: 0",
                "group_by: [cluster, Hostname]");
    }

    @Test
    void authenticatesWithClientCredentialsOrABearerTokenFile() throws Exception {
        assertThat(Files.readString(receiver("alertmanager.yml"))).contains("oauth2:", "client_id: alertmanager",
                "client_secret_file: ", "/protocol/openid-connect/token", "ca_file: ");
        assertThat(Files.readString(receiver("alertmanager-bearer.yml"))).contains("authorization:", "credentials_file: ",
                "ca_file: ");
    }

    private static Path receiver(String file) {
        return AlertRulesTest.ARTEFACTS.resolve("receiver").resolve(file);
    }
}
