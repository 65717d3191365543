package org.aitelemetry.worker.usage;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import org.aitelemetry.model.usage.RollupEntityKind;
import org.aitelemetry.prometheus.dcgm.DcgmLabels;
import org.aitelemetry.prometheus.kube.LabelVariants;
import org.aitelemetry.worker.usage.KnownEntities.Device;
import org.aitelemetry.worker.usage.KnownEntities.Slice;
import org.aitelemetry.worker.usage.KnownEntities.Vm;

/**
 * Computes one hour's rows from its series, without I/O. Rows:
 * <ul>
 *   <li>SLICE: the slice's own usage, energy being its share of its GPU's;</li>
 *   <li>DEVICE: a whole GPU's own usage plus the allocation, use and idleness of its slices (so a MIG GPU's row sums
 *       its slices), and all the energy the GPU consumed;</li>
 *   <li>VM: the GPUs passed through to a KubeVirt VM, allocation-based ({@link VmHours}): allocated and unmetered,
 *       never used or idle, priced on both bases at the allocation;</li>
 *   <li>PROJECT: the sum of the parts of devices and slices its namespace held, energy included only while held, and
 *       of its VMs.</li>
 * </ul>
 * Sums run in id order, so recomputing unchanged data gives bit-identical figures and the upsert writes nothing.
 */
final class RollupCalculator {

    private final DcgmLabels labels;
    private final IdleDetector idleDetector;
    private final UsageIntegrator integrator;
    private final CostModel costs;
    private final VmHours vmHours;

    RollupCalculator(DcgmLabels labels, IdleDetector idleDetector, UsageIntegrator integrator, CostModel costs,
            VmHours vmHours) {
        this.labels = labels;
        this.idleDetector = idleDetector;
        this.integrator = integrator;
        this.costs = costs;
        this.vmHours = vmHours;
    }

    /** @param defaultCluster the source's own cluster, which series without a {@code cluster} label belong to */
    HourRollup calculate(HourSeries series, KnownEntities entities, HourWindow hour, String defaultCluster) {
        Timelines timelines = new TimelineAssembler(entities, labels).assemble(series);
        VmHours.Held vms = vmHours.integrate(series.vmGpusHeld(), entities, new LabelVariants(defaultCluster), hour);
        Totals totals = new Totals(entities, hour.hour());
        timelines.devices().forEach((id, timeline) -> totals.addDevice(id, integrate(timeline, hour)));
        timelines.slices().forEach((id, timeline) -> totals.addSlice(id, integrate(timeline, hour)));
        vms.gpuSecondsByVm().forEach(totals::addVm);
        return new HourRollup(totals.rows(), timelines.unknownSeries() + vms.unknownSeries(),
                totals.unknownNamespaces);
    }

    private EntityUsage integrate(Timeline timeline, HourWindow hour) {
        return integrator.integrate(timeline, hour, idleDetector.idlePoints(timeline.readings()));
    }

    /** Usage with its cost: a device's cost sums its own and its slices' (each slice priced by its profile). */
    private record Priced(Usage usage, Cost cost) {

        Priced plus(Priced other) {
            return new Priced(usage.plus(other.usage), cost.plus(other.cost));
        }
    }

    private record ProjectTotal(long clusterId, Priced priced) {

        ProjectTotal plus(ProjectTotal other) {
            return new ProjectTotal(clusterId, priced.plus(other.priced));
        }
    }

    /** One hour's running sums per device and project, and the rows of its slices. */
    private final class Totals {

        private final KnownEntities entities;
        private final Instant hour;
        private final List<RollupRow> sliceRows = new ArrayList<>();
        private final List<RollupRow> vmRows = new ArrayList<>();
        private final Map<Long, Priced> devices = new TreeMap<>();
        private final Map<Long, ProjectTotal> projects = new TreeMap<>();
        private final Set<String> unknownNamespaces = new TreeSet<>();

        Totals(KnownEntities entities, Instant hour) {
            this.entities = entities;
            this.hour = hour;
        }

        void addDevice(long id, EntityUsage usage) {
            if (usage.observed()) {
                Device device = entities.devicesById().get(id);
                Function<Usage, Priced> price = part -> new Priced(part, costs.wholeGpu(part, device.model(), hour));
                devices.merge(id, price.apply(usage.total()), Priced::plus);
                attribute(usage, device, price);
            }
        }

        void addSlice(long id, EntityUsage usage) {
            if (usage.observed()) {
                Slice slice = entities.slicesById().get(id);
                Device device = entities.devicesById().get(slice.deviceId());
                Function<Usage, Priced> price =
                        part -> new Priced(part, costs.slice(part, device.model(), slice.profile(), hour));
                sliceRows.add(row(RollupEntityKind.SLICE, id, device, price.apply(usage.total())));
                // The GPU's own row counts all its energy already.
                devices.merge(device.id(), price.apply(usage.total().withoutEnergy()), Priced::plus);
                attribute(usage, device, price);
            }
        }

        void addVm(Vm vm, double gpuSeconds) {
            Usage usage = Usage.unmetered(gpuSeconds);
            Priced priced = new Priced(usage, costs.unmetered(usage, vm.gpuModel(), hour));
            vmRows.add(new RollupRow(RollupEntityKind.VM, vm.id(), vm.clusterId(), usage, priced.cost()));
            projects.merge(vm.projectId(), new ProjectTotal(vm.clusterId(), priced), ProjectTotal::plus);
        }

        List<RollupRow> rows() {
            List<RollupRow> rows = new ArrayList<>(sliceRows);
            rows.addAll(vmRows);
            devices.forEach((id, priced) ->
                    rows.add(row(RollupEntityKind.DEVICE, id, entities.devicesById().get(id), priced)));
            projects.forEach((id, total) ->
                    rows.add(new RollupRow(RollupEntityKind.PROJECT, id, total.clusterId(), total.priced().usage(),
                            total.priced().cost())));
            return rows;
        }

        /** Each holding namespace's part goes to its project, priced as the device or slice it held. */
        private void attribute(EntityUsage usage, Device device, Function<Usage, Priced> price) {
            usage.byNamespace().forEach((namespace, part) -> {
                Optional<Long> project = entities.project(device.clusterId(), namespace);
                if (project.isEmpty()) {
                    unknownNamespaces.add(namespace);
                } else {
                    projects.merge(project.get(), new ProjectTotal(device.clusterId(), price.apply(part)),
                            ProjectTotal::plus);
                }
            });
        }

        private RollupRow row(RollupEntityKind kind, long id, Device device, Priced priced) {
            return new RollupRow(kind, id, device.clusterId(), priced.usage(), priced.cost());
        }
    }
}
