package org.aitelemetry.worker.usage;

import static org.aitelemetry.prometheus.kube.KubeLabel.EXPORTED_POD;
import static org.aitelemetry.prometheus.kube.KubeLabel.POD;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.aitelemetry.prometheus.QueryResult;
import org.aitelemetry.prometheus.Sample;
import org.aitelemetry.prometheus.Series;
import org.aitelemetry.prometheus.dcgm.DcgmBlank;
import org.aitelemetry.prometheus.kube.KubeVirtMetric;
import org.aitelemetry.prometheus.kube.LabelVariants;
import org.aitelemetry.worker.usage.KnownEntities.Vm;
import org.aitelemetry.worker.usage.KnownEntities.VmKey;

/**
 * The hour's GPU-seconds of each VM: the GPUs its launcher pods hold at each evaluation point of the hour, times the
 * step, as {@link UsageIntegrator} counts a pod's. Allocation-based: nothing inside a VM reports readings. Two launcher
 * pods of one VM at one point (the old one still terminating) both hold their devices, so both count.
 */
final class VmHours {

    /**
     * @param gpuSecondsByVm GPU-seconds held per VM, in id order
     * @param unknownSeries  series of VMs the sync has not stored (yet), or of pods that are no launcher pod
     */
    record Held(Map<Vm, Double> gpuSecondsByVm, int unknownSeries) {
    }

    private final Duration step;

    VmHours(Duration step) {
        this.step = step;
    }

    Held integrate(QueryResult held, KnownEntities entities, LabelVariants labels, HourWindow hour) {
        double stepSeconds = step.toMillis() / 1000.0;
        Map<Vm, Double> seconds = new TreeMap<>((a, b) -> Long.compare(a.id(), b.id()));
        int unknown = 0;
        for (Series series : held.series()) {
            Optional<Vm> vm = vm(series, entities, labels);
            if (vm.isEmpty()) {
                unknown++;
                continue;
            }
            for (Sample sample : series.samples()) {
                boolean inHour = !sample.time().isBefore(hour.hour())
                        && sample.time().isBefore(hour.hour().plus(HourWindow.HOUR));
                if (inHour && !DcgmBlank.isBlank(sample.value()) && sample.value() > 0) {
                    seconds.merge(vm.get(), stepSeconds * sample.value(), Double::sum);
                }
            }
        }
        return new Held(seconds, unknown);
    }

    private static Optional<Vm> vm(Series series, KnownEntities entities, LabelVariants labels) {
        Optional<String> namespace = labels.namespace(series);
        Optional<String> vmi = series.label(EXPORTED_POD, POD).flatMap(KubeVirtMetric::vmiOfLauncherPod);
        if (namespace.isEmpty() || vmi.isEmpty()) {
            return Optional.empty();
        }
        return entities.vm(new VmKey(labels.cluster(series), namespace.get(), vmi.get()));
    }
}
