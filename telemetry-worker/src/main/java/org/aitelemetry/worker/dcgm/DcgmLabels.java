package org.aitelemetry.worker.dcgm;

import java.util.Optional;
import java.util.Set;
import org.aitelemetry.prometheus.Series;

/**
 * Reads a dcgm-exporter series whatever spelling it uses (contracts.md §5): the GPU ({@code UUID}/{@code uuid}), its
 * host ({@code Hostname}/{@code hostname}), its MIG instance, and who holds it. Scraped directly, the series
 * carries the workload's {@code namespace}/{@code pod}/{@code container} while a pod holds the device, none otherwise.
 * Scraped without honouring labels (as on OpenShift) and then federated, the workload moves to {@code exported_*} and
 * the plain labels name the exporter's own pod on every series, held or not: those are recognised by the exporter's
 * container name and never count as a holder.
 */
public final class DcgmLabels {

    private final Set<String> exporterContainers;

    public DcgmLabels(Set<String> exporterContainers) {
        this.exporterContainers = Set.copyOf(exporterContainers);
    }

    public Optional<String> uuid(Series series) {
        return series.label("UUID", "uuid");
    }

    /** GPU instance id of a MIG slice; empty for a whole GPU. */
    public Optional<Integer> gpuInstanceId(Series series) {
        return series.label("GPU_I_ID").map(Integer::valueOf);
    }

    public Optional<String> hostname(Series series) {
        return series.label("Hostname", "hostname");
    }

    /** Namespace of the pod holding the device; empty while no workload holds it. */
    public Optional<String> holderNamespace(Series series) {
        return holderLabel(series, "namespace");
    }

    /** The pod holding the device; empty while no workload holds it. */
    public Optional<String> holderPod(Series series) {
        return holderLabel(series, "pod");
    }

    public Optional<String> holderContainer(Series series) {
        return holderLabel(series, "container");
    }

    private Optional<String> holderLabel(Series series, String name) {
        if (series.label("exported_pod").isPresent()) {
            return series.label("exported_" + name);
        }
        boolean exporterPod = series.label("container").filter(exporterContainers::contains).isPresent();
        return series.label("pod").isPresent() && !exporterPod ? series.label(name) : Optional.empty();
    }
}
