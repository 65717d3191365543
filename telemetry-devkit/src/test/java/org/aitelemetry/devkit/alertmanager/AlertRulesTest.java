package org.aitelemetry.devkit.alertmanager;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Runs the unit tests of the shipped GPU usage rules, so the build fails when a rule or its test breaks. */
class AlertRulesTest {

    /** The repository's {@code alertmanager/}, seen from this module's folder (Maven's working directory). */
    static final Path ARTEFACTS = Path.of("..", "alertmanager").toAbsolutePath().normalize();

    @Test
    void gpuUsageRulesPassTheirPromtoolTests() throws Exception {
        ToolRun run = ToolRun.of("/usr/bin/promtool", "test", "rules",
                ARTEFACTS.resolve("tests/gpu-usage.test.yml").toString(),
                ARTEFACTS.resolve("tests/gpu-usage-amd.test.yml").toString());

        assertThat(run.exitCode()).as(run.output()).isZero();
        assertThat(run.output()).contains("gpu-usage-amd.test.yml").doesNotContain("FAILED");
    }
}
