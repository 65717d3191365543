package org.aitelemetry.prometheus.dcgm;

import static org.aitelemetry.prometheus.kube.KubeLabel.CONTAINER;
import static org.aitelemetry.prometheus.kube.KubeLabel.EXPORTED_CONTAINER;
import static org.aitelemetry.prometheus.kube.KubeLabel.EXPORTED_NAMESPACE;
import static org.aitelemetry.prometheus.kube.KubeLabel.EXPORTED_POD;
import static org.aitelemetry.prometheus.kube.KubeLabel.NAMESPACE;
import static org.aitelemetry.prometheus.kube.KubeLabel.POD;

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
        return series.label(DcgmLabel.UUID, DcgmLabel.UUID_LOWERCASE);
    }

    /** GPU instance id of a MIG slice; empty for a whole GPU. */
    public Optional<Integer> gpuInstanceId(Series series) {
        return series.label(DcgmLabel.GPU_INSTANCE_ID).map(Integer::valueOf);
    }

    public Optional<String> hostname(Series series) {
        return series.label(DcgmLabel.HOSTNAME, DcgmLabel.HOSTNAME_LOWERCASE);
    }

    /** Namespace of the pod holding the device; empty while no workload holds it. */
    public Optional<String> holderNamespace(Series series) {
        return holderLabel(series, NAMESPACE, EXPORTED_NAMESPACE);
    }

    /** The pod holding the device; empty while no workload holds it. */
    public Optional<String> holderPod(Series series) {
        return holderLabel(series, POD, EXPORTED_POD);
    }

    public Optional<String> holderContainer(Series series) {
        return holderLabel(series, CONTAINER, EXPORTED_CONTAINER);
    }

    private Optional<String> holderLabel(Series series, String plain, String exported) {
        if (series.label(EXPORTED_POD).isPresent()) {
            return series.label(exported);
        }
        boolean exporterPod = series.label(CONTAINER).filter(exporterContainers::contains).isPresent();
        return series.label(POD).isPresent() && !exporterPod ? series.label(plain) : Optional.empty();
    }
}
