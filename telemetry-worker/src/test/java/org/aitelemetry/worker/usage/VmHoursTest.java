package org.aitelemetry.worker.usage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.aitelemetry.model.usage.RollupEntityKind;
import org.aitelemetry.prometheus.QueryResult;
import org.aitelemetry.prometheus.Sample;
import org.aitelemetry.prometheus.Series;
import org.aitelemetry.prometheus.dcgm.DcgmLabels;
import org.aitelemetry.prometheus.kube.LabelVariants;
import org.aitelemetry.worker.price.PriceSheetParser;
import org.aitelemetry.worker.usage.KnownEntities.ProjectKey;
import org.aitelemetry.worker.usage.KnownEntities.Vm;
import org.aitelemetry.worker.usage.KnownEntities.VmKey;
import org.junit.jupiter.api.Test;

/** GPUs passed through to VMs: held GPUs × steps of the hour, allocation-based, in the VM's and its project's rows. */
class VmHoursTest {

    private static final Instant HOUR = Instant.parse("2026-03-02T10:00:00Z");
    private static final Duration STEP = Duration.ofMinutes(1);
    private static final HourWindow WINDOW = HourWindow.of(HOUR, Duration.ofMinutes(30), STEP, HOUR.plusSeconds(7200));
    private static final Vm RHEL = new Vm(11, 1, 5, new VmKey("east", "lab", "rhel-gpu"), "NVIDIA H100 80GB HBM3");
    private static final Vm UBUNTU = new Vm(12, 1, 5, new VmKey("east", "lab", "ubuntu"), "GH100_UNLISTED");
    private static final KnownEntities ENTITIES =
            KnownEntities.of(List.of(), List.of(), Map.of(new ProjectKey(1, "lab"), 5L), List.of(RHEL, UBUNTU));

    private final VmHours hours = new VmHours(STEP);

    @Test
    void heldGpusTimesTheStepsOfTheHourOnly() {
        // Minutes −30…89 are queried; only 0…59 count. rhel-gpu: 4 GPUs for minutes −30…29, its restarted pod 4 more
        // for 20…59 (the old one still terminating for 20…29: both hold devices).
        QueryResult held = matrix(
                launcher("virt-launcher-rhel-gpu-x7k2d", 4, -30, 29),
                launcher("virt-launcher-rhel-gpu-bcdfg", 4, 20, 89),
                launcher("virt-launcher-ubuntu-hjklm", 1, 0, 0),
                launcher("virt-launcher-unsynced-vm-qrstv", 2, 0, 59),
                launcher("trainer-0-x7k2d", 8, 0, 59));

        VmHours.Held result = hours.integrate(held, ENTITIES, new LabelVariants("east"), WINDOW);

        assertThat(result.gpuSecondsByVm()).containsExactly(Map.entry(RHEL, (30 * 4 + 40 * 4) * 60.0),
                Map.entry(UBUNTU, 60.0));
        assertThat(result.unknownSeries()).as("a VM the sync has not stored, a pod that is no launcher pod")
                .isEqualTo(2);
    }

    @Test
    void aVmsRowIsUnmeteredAndItsProjectCarriesIt() {
        RollupCalculator calculator = new RollupCalculator(new DcgmLabels(Set.of("nvidia-dcgm-exporter")),
                new IdleDetector(5, Duration.ofMinutes(30), STEP), new UsageIntegrator(STEP),
                new CostModel(PriceSheetParser.parse("test.csv", List.of(
                        "currency,effective_from,sku,mig_profile,gpu_hour_price,kwh_price",
                        "EUR,2026-01-01,*,,2.00,0.25",
                        "EUR,2026-01-01,NVIDIA H100 80GB HBM3,,4.00,0.30"))),
                hours);
        HourSeries series = new HourSeries(matrix(), matrix(), matrix(),
                matrix(launcher("virt-launcher-rhel-gpu-x7k2d", 2, 0, 59),
                        launcher("virt-launcher-ubuntu-hjklm", 1, 0, 29)));

        HourRollup rollup = calculator.calculate(series, ENTITIES, WINDOW, "east");

        assertThat(rollup.rows()).extracting(RollupRow::kind, RollupRow::entityId).containsExactlyInAnyOrder(
                tuple(RollupEntityKind.VM, 11L),
                tuple(RollupEntityKind.VM, 12L),
                tuple(RollupEntityKind.PROJECT, 5L));
        RollupRow rhel = row(rollup, RollupEntityKind.VM, 11);
        assertThat(rhel.usage()).isEqualTo(new Usage(7200, 0, 0, 0, 7200));
        assertThat(rhel.usage().utilizationPercent()).as("nothing measured, no utilization").isNull();
        assertThat(rhel.cost()).isEqualTo(new Cost(8.0, 8.0));
        assertThat(row(rollup, RollupEntityKind.VM, 12).cost().allocation()).as("an unlisted device: default price")
                .isCloseTo(0.5 * 2.0, within(1e-12));
        RollupRow project = row(rollup, RollupEntityKind.PROJECT, 5);
        assertThat(project.clusterId()).isEqualTo(1);
        assertThat(project.usage()).isEqualTo(new Usage(9000, 0, 0, 0, 9000));
        assertThat(project.cost().allocation()).isCloseTo(9.0, within(1e-12));
        assertThat(project.cost().usage()).isCloseTo(9.0, within(1e-12));
    }

    @Test
    void utilizationIsAveragedOverMeteredSecondsOnly() {
        Usage gpu = new Usage(3600, 1800, 0, 0);
        Usage vm = Usage.unmetered(7200);

        assertThat(gpu.plus(vm).utilizationPercent()).isEqualTo(50.0);
        assertThat(gpu.plus(vm).allocatedGpuSeconds()).isEqualTo(10_800);
        assertThat(vm.times(0.5)).isEqualTo(Usage.unmetered(3600));
    }

    private static RollupRow row(HourRollup rollup, RollupEntityKind kind, long id) {
        return rollup.rows().stream().filter(r -> r.kind() == kind && r.entityId() == id).findFirst().orElseThrow();
    }

    /** A launcher pod's series holding {@code gpus} at minutes {@code from}…{@code to} of the hour. */
    private static Series launcher(String pod, int gpus, int from, int to) {
        List<Sample> samples = new ArrayList<>();
        for (int minute = from; minute <= to; minute++) {
            samples.add(new Sample(HOUR.plus(STEP.multipliedBy(minute)), gpus));
        }
        Map<String, String> labels = new HashMap<>(Map.of("namespace", "lab", "pod", pod,
                "resource", "nvidia_com_GH100_H100_SXM5_80GB"));
        return new Series(labels, samples);
    }

    private static QueryResult matrix(Series... series) {
        return new QueryResult("matrix", List.of(series), List.of());
    }
}
