package org.aitelemetry.worker.usage;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeMap;
import java.util.function.Function;
import org.aitelemetry.prometheus.QueryResult;
import org.aitelemetry.prometheus.Sample;
import org.aitelemetry.prometheus.Series;
import org.aitelemetry.prometheus.dcgm.DcgmLabels;
import org.aitelemetry.prometheus.dcgm.MigShare;
import org.aitelemetry.worker.usage.KnownEntities.Device;
import org.aitelemetry.worker.usage.KnownEntities.Slice;

/**
 * Turns one range's series into a timeline per known device and slice. Several series of one entity at one point (pods
 * sharing it, both UUID spellings) merge into one reading; energy is the increase of the GPU's millijoule counter
 * from each point to the next ({@link CounterIncrease}), in joules, and a slice gets its {@link MigShare} of its GPU's.
 */
final class TimelineAssembler {

    private static final double JOULES_PER_MILLIJOULE = 0.001;
    private static final double PERCENT = 0.01;

    private final KnownEntities entities;
    private final DcgmLabels labels;
    private int unknownSeries;

    TimelineAssembler(KnownEntities entities, DcgmLabels labels) {
        this.entities = entities;
        this.labels = labels;
    }

    Timelines assemble(HourSeries series) {
        Map<Long, NavigableMap<Instant, Double>> energy = new TreeMap<>();
        counters(series.energy()).forEach((device, counter) ->
                energy.put(device, scale(CounterIncrease.perInterval(counter), JOULES_PER_MILLIJOULE)));
        Map<Long, NavigableMap<Instant, Reading>> gpuReadings =
                readings(series.gpuUtilization(), PERCENT, this::device);
        Map<Long, NavigableMap<Instant, Reading>> sliceReadings = readings(series.sliceActivity(), 1, this::slice);

        Map<Long, Timeline> devices = new TreeMap<>();
        energy.keySet().forEach(id -> devices.put(id, new Timeline(1, new TreeMap<>(), energy.get(id))));
        gpuReadings.forEach((id, readings) ->
                devices.put(id, new Timeline(1, readings, energy.getOrDefault(id, new TreeMap<>()))));
        Map<Long, Timeline> slices = new TreeMap<>();
        sliceReadings.forEach((id, readings) -> {
            Slice slice = entities.slicesById().get(id);
            OptionalDouble share = MigShare.of(slice.profile(), entities.devicesById().get(slice.deviceId()).model());
            if (share.isEmpty()) {
                unknownSeries++;
                return;
            }
            NavigableMap<Instant, Double> gpuEnergy = energy.getOrDefault(slice.deviceId(), new TreeMap<>());
            slices.put(id, new Timeline(share.getAsDouble(), readings, scale(gpuEnergy, share.getAsDouble())));
        });
        return new Timelines(devices, slices, unknownSeries);
    }

    /** The millijoule counter of each device, its series merged point by point (the freshest value is the largest). */
    private Map<Long, NavigableMap<Instant, Double>> counters(QueryResult result) {
        Map<Long, NavigableMap<Instant, Double>> counters = new TreeMap<>();
        for (Series series : result.series()) {
            Optional<Long> device = device(series);
            if (device.isEmpty()) {
                unknownSeries++;
                continue;
            }
            NavigableMap<Instant, Double> points = counters.computeIfAbsent(device.get(), id -> new TreeMap<>());
            series.samples().forEach(sample -> points.merge(sample.time(), sample.value(), Math::max));
        }
        return counters;
    }

    private Map<Long, NavigableMap<Instant, Reading>> readings(QueryResult result, double toBusy,
            Function<Series, Optional<Long>> entity) {
        Map<Long, NavigableMap<Instant, Reading>> readings = new TreeMap<>();
        for (Series series : result.series()) {
            Optional<Long> id = entity.apply(series);
            if (id.isEmpty()) {
                unknownSeries++;
                continue;
            }
            List<String> holders = labels.holderNamespace(series).map(List::of).orElse(List.of());
            NavigableMap<Instant, Reading> points = readings.computeIfAbsent(id.get(), key -> new TreeMap<>());
            for (Sample sample : series.samples()) {
                points.merge(sample.time(), new Reading(sample.value() * toBusy, holders), Reading::merge);
            }
        }
        return readings;
    }

    private Optional<Long> device(Series series) {
        return labels.uuid(series).flatMap(entities::device).map(Device::id);
    }

    private Optional<Long> slice(Series series) {
        return labels.uuid(series).flatMap(entities::device).flatMap(device -> labels.gpuInstanceId(series)
                .flatMap(instance -> entities.slice(device.id(), instance))).map(Slice::id);
    }

    private static NavigableMap<Instant, Double> scale(NavigableMap<Instant, Double> values, double factor) {
        NavigableMap<Instant, Double> scaled = new TreeMap<>();
        values.forEach((time, value) -> scaled.put(time, value * factor));
        return scaled;
    }
}
