package org.aitelemetry.worker.sync;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.aitelemetry.prometheus.QueryResult;
import org.aitelemetry.prometheus.Sample;
import org.aitelemetry.prometheus.Series;
import org.aitelemetry.prometheus.dcgm.DcgmField;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** When the inventory needs the identity query, and what a cycle that found no GPU says. */
class GpuFinderTest {

    private static final Instant AT = Instant.parse("2026-11-25T00:00:00Z");
    private static final String EXPORTER = "job=\"nvidia-dcgm-exporter\", namespace=\"nvidia-gpu-operator\"";

    @ParameterizedTest(name = "inventory {0}, largest reading {1}, AMD GPUs {2}: short {3}")
    @CsvSource({
            "0, 0, 0, true", // nothing found: find out why
            "0, 8, 0, true", // no FB_FREE at all
            "6, 8, 0, true", // some nodes' exporters lack it
            "8, 8, 0, false",
            "10, 8, 0, false", // one GPU listed once per holder in the window
            "0, 0, 8, false", // a source of AMD GPUs alone
            "0, 8, 8, true", // AMD GPUs, and NVIDIA GPUs without FB_FREE
    })
    void theInventoryFallsShortWhenAReadingHasMoreSeriesOrNothingWasFound(int inventory, int reading, int amd,
            boolean short_) {
        Map<DcgmField, QueryResult> readings = new EnumMap<>(DcgmField.class);
        Arrays.stream(DcgmField.values()).forEach(field -> readings.put(field, vector(0)));
        readings.put(DcgmField.POWER_USAGE, vector(reading));
        FleetQueryResults results = new FleetQueryResults(vector(inventory), DcgmReadingsFixture.of("c", readings), vector(amd), vector(0),
                vector(0), vector(0), vector(0),
                vector(0), vector(0), vector(0), vector(0), vector(0), vector(0), vector(0), vector(0), vector(0),
                vector(0),
                vector(0));

        assertThat(GpuFinder.inventoryFallsShort(results)).isEqualTo(short_);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "no DCGM series | | found no GPU: the source has no DCGM_FI_* series (is dcgm-exporter scraped into it?)",
            "another job's only | dcgm-exporter=1200 | found no GPU: the source has 1200 DCGM series (per job: "
                    + "dcgm-exporter 1200), but none from the configured exporter {" + EXPORTER + "} with a UUID and a "
                    + "Hostname label: check telemetry.exporters.dcgm.job and .namespace",
            "two jobs, one in another namespace, sorted | tenant-app=24;nvidia-dcgm-exporter/gpu-operator=300 | found "
                    + "no GPU: the source has 324 DCGM series (per job: nvidia-dcgm-exporter in gpu-operator 300, "
                    + "tenant-app 24), but none from the configured exporter {"
                    + EXPORTER + "} with a UUID and a Hostname label: check telemetry.exporters.dcgm.job and .namespace",
    })
    void aCycleThatFoundNoGpuSaysWhy(String situation, String seriesByJob, String message) {
        List<Series> jobs = seriesByJob == null ? List.of() : Arrays.stream(seriesByJob.split(";")).map(entry -> {
            String[] jobAndCount = entry.split("=");
            String[] jobAndNamespace = jobAndCount[0].split("/");
            Map<String, String> labels = jobAndNamespace.length == 2
                    ? Map.of("job", jobAndNamespace[0], "namespace", jobAndNamespace[1]) : Map.of("job",
                            jobAndCount[0]);
            return new Series(labels, List.of(new Sample(AT, Double.parseDouble(jobAndCount[1]))));
        }).toList();

        assertThat(GpuFinder.noGpu(new QueryResult("vector", jobs, List.of()), EXPORTER)).isEqualTo(message);
    }

    private static QueryResult vector(int series) {
        return new QueryResult("vector", IntStream.range(0, series)
                .mapToObj(i -> new Series(Map.of("UUID", "GPU-" + i), List.of(new Sample(AT, 1)))).toList(), List.of());
    }
}
