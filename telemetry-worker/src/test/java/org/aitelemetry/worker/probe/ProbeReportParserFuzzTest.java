package org.aitelemetry.worker.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.aitelemetry.worker.health.TestResult;
import org.aitelemetry.worker.json.JsonFuzz;
import org.aitelemetry.worker.json.StrictJson;
import org.junit.jupiter.api.Test;

/**
 * Acceptance scenario 16 for the probe report parser: the golden gpu-probe report mutated by {@link JsonFuzz} for a
 * bounded number of seeded cases. Every input either becomes a report that can be scored and stored (times in order,
 * one entry per GPU, finite values, and the JSON kept for PostgreSQL again strict JSON) or is refused with
 * {@link MalformedProbeReportException}, the one exception the endpoint turns into its 400; nothing else escapes,
 * which would be a 500. A failure names its seed and input.
 */
class ProbeReportParserFuzzTest {

    private static final long SEED = 20260131L;
    private static final int CASES = 5_000;

    private final ProbeReportParser parser = new ProbeReportParser();
    private final StrictJson stored = new StrictJson(64);

    @Test
    void mutatedReportsParseOrAreRefusedWithAReason() throws IOException {
        byte[] golden;
        try (InputStream in = getClass().getResourceAsStream("/probe/golden-report.json")) {
            golden = in.readAllBytes();
        }
        int[] outcomes = new int[2];
        new JsonFuzz(SEED).run(List.of(golden), CASES, input -> {
            try {
                assertScorable(parser.parse(input));
                outcomes[0]++;
            } catch (MalformedProbeReportException e) {
                assertThat(e.getMessage()).isNotBlank();
                outcomes[1]++;
            }
        });
        assertThat(outcomes[0]).as("some mutations keep the report valid").isPositive();
        assertThat(outcomes[1]).as("most mutations break it").isPositive();
    }

    private void assertScorable(ProbeReport report) {
        assertThat(report.runId()).isNotNull();
        assertThat(report.finishedAt()).isAfterOrEqualTo(report.startedAt());
        assertThat(report.hostname()).isNotBlank().hasSizeLessThanOrEqualTo(253);
        Set<String> uuids = new HashSet<>();
        for (GpuReport gpu : report.gpus()) {
            assertThat(uuids.add(gpu.tests().uuid())).as("one entry per GPU").isTrue();
            for (TestResult test : gpu.tests().tests()) {
                assertThat(test.status()).isNotNull();
                if (test.value() != null) {
                    assertThat(test.value()).isFinite();
                }
            }
            stored.read(gpu.testsJson().getBytes(StandardCharsets.UTF_8));
        }
        stored.read(report.json().getBytes(StandardCharsets.UTF_8));
    }
}
