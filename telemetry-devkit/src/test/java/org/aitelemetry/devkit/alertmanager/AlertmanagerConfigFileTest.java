package org.aitelemetry.devkit.alertmanager;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AlertmanagerConfigFileTest {

    @TempDir
    Path dir;

    @Test
    void rendersEveryWebhookWithResolvedUnlimitedBodiesAndTheTokenFile() throws Exception {
        AlertmanagerSettings settings = AlertmanagerSettings.fast(URI.create("http://127.0.0.1:8081/api/ingest/v1/alertmanager"),
                        URI.create("https://worker.example/api/ingest/v1/alertmanager"))
                .withBearerTokenFile(Path.of("/secrets/token"))
                .withGroupBy(List.of("cluster"))
                .withTimings(Duration.ofMillis(200), Duration.ofMillis(1500), Duration.ofMinutes(2));

        String yml = AlertmanagerConfigFile.alertmanagerYml(settings);

        assertThat(yml).contains("receiver: \"telemetry-worker\"", "group_by: [\"cluster\"]", "group_wait: 200ms",
                "group_interval: 1500ms", "repeat_interval: 120s", "url: \"https://worker.example/api/ingest/v1/alertmanager\"",
                "credentials_file: \"/secrets/token\"");
        assertThat(yml.split("send_resolved: true", -1)).as("one per webhook").hasSize(3);
        assertThat(yml.split("max_alerts: 0", -1)).as("one per webhook").hasSize(3);
        ToolRun check = ToolRun.of("/usr/bin/amtool", "check-config",
                Files.writeString(dir.resolve("alertmanager.yml"), yml).toString());
        assertThat(check.exitCode()).as(check.output()).isZero();
    }

    @Test
    void rendersClientCredentialsAsTheShippedReceiverDoes() throws Exception {
        AlertmanagerSettings settings = AlertmanagerSettings.fast(URI.create("http://127.0.0.1:8081/api/ingest/v1/alertmanager"))
                .withClientCredentials("alertmanager", Path.of("/secrets/client-secret"),
                        URI.create("http://127.0.0.1:8180/realms/ai-telemetry/protocol/openid-connect/token"));

        String yml = AlertmanagerConfigFile.alertmanagerYml(settings);

        assertThat(yml).contains("oauth2:", "client_id: \"alertmanager\"",
                "client_secret_file: \"/secrets/client-secret\"",
                "token_url: \"http://127.0.0.1:8180/realms/ai-telemetry/protocol/openid-connect/token\"")
                .doesNotContain("credentials_file");
        ToolRun check = ToolRun.of("/usr/bin/amtool", "check-config",
                Files.writeString(dir.resolve("alertmanager.yml"), yml).toString());
        assertThat(check.exitCode()).as(check.output()).isZero();
    }

    @Test
    void refusesWhatAlertmanagerWouldRefuseOrMisuse() {
        assertThatThrownBy(AlertmanagerSettings::fast).hasMessageContaining("at least one webhook");
        assertThatThrownBy(() -> AlertmanagerSettings.fast(URI.create("/api/ingest/v1/alertmanager")))
                .hasMessageContaining("not an http(s) webhook URL");
        assertThatThrownBy(() -> AlertmanagerSettings.fast(URI.create("http://127.0.0.1:1/"))
                .withTimings(Duration.ZERO, Duration.ZERO, Duration.ofHours(1)))
                .hasMessageContaining("group interval");
        assertThatThrownBy(() -> AlertmanagerSettings.fast(URI.create("http://127.0.0.1:1/"))
                .withClientCredentials("alertmanager", Path.of("secret"), URI.create("/token")))
                .hasMessageContaining("not an http(s) token URL");
    }
}
