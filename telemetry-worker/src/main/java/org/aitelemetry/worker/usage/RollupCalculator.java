package org.aitelemetry.worker.usage;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.aitelemetry.model.usage.RollupEntityKind;
import org.aitelemetry.prometheus.dcgm.DcgmLabels;
import org.aitelemetry.worker.usage.KnownEntities.Device;

/**
 * Computes one hour's rows from its series, without I/O. Rows:
 * <ul>
 *   <li>SLICE: the slice's own usage, energy being its share of its GPU's;</li>
 *   <li>DEVICE: a whole GPU's own usage plus the allocation, use and idleness of its slices (so a MIG GPU's row sums
 *       its slices), and all the energy the GPU consumed;</li>
 *   <li>PROJECT: the sum of the parts of devices and slices its namespace held, energy included only while held.</li>
 * </ul>
 * Sums run in id order, so recomputing unchanged data gives bit-identical figures and the upsert writes nothing.
 */
final class RollupCalculator {

    private final DcgmLabels labels;
    private final IdleDetector idleDetector;
    private final UsageIntegrator integrator;
    private final CostModel costs;

    RollupCalculator(DcgmLabels labels, IdleDetector idleDetector, UsageIntegrator integrator, CostModel costs) {
        this.labels = labels;
        this.idleDetector = idleDetector;
        this.integrator = integrator;
        this.costs = costs;
    }

    HourRollup calculate(HourSeries series, KnownEntities entities, HourWindow hour) {
        Timelines timelines = new TimelineAssembler(entities, labels).assemble(series);
        Totals totals = new Totals(entities);
        timelines.devices().forEach((id, timeline) -> totals.addDevice(id, integrate(timeline, hour)));
        timelines.slices().forEach((id, timeline) -> totals.addSlice(id, integrate(timeline, hour)));
        return new HourRollup(totals.rows(), timelines.unknownSeries(), totals.unknownNamespaces);
    }

    private EntityUsage integrate(Timeline timeline, HourWindow hour) {
        return integrator.integrate(timeline, hour, idleDetector.idlePoints(timeline.readings()));
    }

    private record ProjectTotal(long clusterId, Usage usage, double cost) {

        ProjectTotal plus(ProjectTotal other) {
            return new ProjectTotal(clusterId, usage.plus(other.usage), cost + other.cost);
        }
    }

    /** One hour's running sums per device and project, and the rows of its slices. */
    private final class Totals {

        private final KnownEntities entities;
        private final List<RollupRow> sliceRows = new ArrayList<>();
        private final Map<Long, Usage> devices = new TreeMap<>();
        private final Map<Long, ProjectTotal> projects = new TreeMap<>();
        private final Set<String> unknownNamespaces = new TreeSet<>();

        Totals(KnownEntities entities) {
            this.entities = entities;
        }

        void addDevice(long id, EntityUsage usage) {
            if (usage.observed()) {
                devices.merge(id, usage.total(), Usage::plus);
                attribute(usage, entities.devicesById().get(id));
            }
        }

        void addSlice(long id, EntityUsage usage) {
            if (usage.observed()) {
                Device device = entities.devicesById().get(entities.slicesById().get(id).deviceId());
                sliceRows.add(row(RollupEntityKind.SLICE, id, device, usage.total()));
                devices.merge(device.id(), usage.total().withoutEnergy(), Usage::plus);
                attribute(usage, device);
            }
        }

        List<RollupRow> rows() {
            List<RollupRow> rows = new ArrayList<>(sliceRows);
            devices.forEach((id, usage) ->
                    rows.add(row(RollupEntityKind.DEVICE, id, entities.devicesById().get(id), usage)));
            projects.forEach((id, total) ->
                    rows.add(new RollupRow(RollupEntityKind.PROJECT, id, total.clusterId(), total.usage(),
                            total.cost())));
            return rows;
        }

        /** Each holding namespace's part goes to its project, priced at the device's SKU. */
        private void attribute(EntityUsage usage, Device device) {
            usage.byNamespace().forEach((namespace, part) -> {
                Optional<Long> project = entities.project(device.clusterId(), namespace);
                if (project.isEmpty()) {
                    unknownNamespaces.add(namespace);
                } else {
                    ProjectTotal total = new ProjectTotal(device.clusterId(), part, costs.cost(part, device.model()));
                    projects.merge(project.get(), total, ProjectTotal::plus);
                }
            });
        }

        private RollupRow row(RollupEntityKind kind, long id, Device device, Usage usage) {
            return new RollupRow(kind, id, device.clusterId(), usage, costs.cost(usage, device.model()));
        }
    }
}
