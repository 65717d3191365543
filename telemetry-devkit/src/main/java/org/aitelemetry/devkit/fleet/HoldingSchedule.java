package org.aitelemetry.devkit.fleet;

import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * Who held each GPU and MIG instance (and AMD GPU or partition) of the fleet in a simulated past, drawn from the
 * fleet's seed: jobs of four kinds (long training runs, fine-tunes, notebooks — half of them held idle — and short
 * evaluations) separated by free spells, started mostly in working hours (07:00–20:00 UTC on weekdays), so a day's
 * curve rises in the morning and falls at night and weekends are quiet. Every holding has ended when the past ends: the
 * pods of the live simulator start after it.
 */
final class HoldingSchedule {

    private static final Duration SHORTEST = Duration.ofMinutes(20);
    private static final double MEAN_FREE_HOURS = 3;
    private static final double NIGHT_DEFERRAL = 0.8;
    private static final List<Job> JOBS = List.of(new Job("train", "trainer", 8, 72),
            new Job("finetune", "trainer", 2, 16), new Job("notebook", "notebook", 1, 9),
            new Job("eval", "evaluator", 0.34, 3));

    private final Map<String, List<PastHolding>> byEntity;

    private HoldingSchedule(Map<String, List<PastHolding>> byEntity) {
        this.byEntity = byEntity;
    }

    static HoldingSchedule draw(FleetDefinition fleet, Instant start, Instant end) {
        Map<String, List<PastHolding>> byEntity = new HashMap<>();
        for (AmdDevice amd : fleet.amdDevices()) {
            byEntity.put(FleetState.key(amd.device(), null),
                    draw(fleet, amd.device(), null, fleet.projects(amd.cluster()), start, end));
        }
        for (FleetDevice device : fleet.devices()) {
            List<FleetProject> projects = fleet.projects(device.cluster());
            if (device.mig()) {
                for (MigSlice slice : device.slices()) {
                    byEntity.put(FleetState.key(device, slice), draw(fleet, device, slice, projects, start, end));
                }
            } else {
                byEntity.put(FleetState.key(device, null), draw(fleet, device, null, projects, start, end));
            }
        }
        return new HoldingSchedule(byEntity);
    }

    /** The holding of the GPU ({@code slice} null) or MIG instance at {@code at}, if any. */
    Optional<PastHolding> at(FleetDevice device, MigSlice slice, Instant at) {
        for (PastHolding holding : byEntity.getOrDefault(FleetState.key(device, slice), List.of())) {
            if (holding.covers(at)) {
                return Optional.of(holding);
            }
        }
        return Optional.empty();
    }

    List<PastHolding> all() {
        return byEntity.values().stream().flatMap(List::stream)
                .sorted((a, b) -> a.from().compareTo(b.from())).toList();
    }

    private static List<PastHolding> draw(FleetDefinition fleet, FleetDevice device, MigSlice slice,
            List<FleetProject> projects, Instant start, Instant end) {
        Random random = new Random(fleet.spec().seed() * 31 + FleetState.key(device, slice).hashCode());
        List<PastHolding> holdings = new ArrayList<>();
        // Start up to a day early, so that some jobs are already running when the past begins.
        Instant at = start.minus(hours(random.nextDouble() * 24));
        while (true) {
            at = deferToWorkingHours(at.plus(hours(-MEAN_FREE_HOURS * Math.log(1 - random.nextDouble()))), random);
            if (!at.plus(SHORTEST).isBefore(end)) {
                return holdings;
            }
            Job job = JOBS.get(random.nextInt(JOBS.size()));
            Instant until = at.plus(hours(job.hours(random)));
            if (until.isAfter(end)) {
                until = end;
            }
            FleetPod pod = new FleetPod(projects.get(random.nextInt(projects.size())),
                    job.prefix() + "-" + FleetGenerator.podNameSuffix(random), job.container(), device.node(),
                    slice == null ? List.of(device) : List.of(), slice == null ? List.of() : List.of(slice),
                    fleet.resource(device, slice), job.usage(random), false, false);
            holdings.add(new PastHolding(pod, device, Optional.ofNullable(slice), at, until));
            at = until;
        }
    }

    /** A start outside working hours is mostly moved to the next working morning, as people submit by day. */
    private static Instant deferToWorkingHours(Instant at, Random random) {
        ZonedDateTime time = at.atZone(ZoneOffset.UTC);
        boolean working = time.getDayOfWeek().getValue() <= DayOfWeek.FRIDAY.getValue()
                && time.getHour() >= 7 && time.getHour() < 20;
        if (working || random.nextDouble() >= NIGHT_DEFERRAL) {
            return at;
        }
        ZonedDateTime morning = time.getHour() >= 7 ? time.plusDays(1) : time;
        while (morning.getDayOfWeek().getValue() > DayOfWeek.FRIDAY.getValue()) {
            morning = morning.plusDays(1);
        }
        return morning.truncatedTo(ChronoUnit.DAYS).plusHours(7).toInstant().plus(hours(random.nextDouble() * 3));
    }

    private static Duration hours(double hours) {
        return Duration.ofSeconds(Math.round(hours * 3600));
    }

    /** A kind of job: its pod name prefix and container, and how long it runs (log-uniform between the bounds). */
    private record Job(String prefix, String container, double shortestHours, double longestHours) {

        double hours(Random random) {
            return shortestHours * Math.pow(longestHours / shortestHours, random.nextDouble());
        }

        /** Training works hard; a notebook is often left holding its GPU idle; the rest come in bursts. */
        UsageProfile usage(Random random) {
            return switch (prefix) {
                case "train", "finetune" -> UsageProfile.BUSY;
                case "notebook" -> random.nextBoolean() ? UsageProfile.IDLE : UsageProfile.BURSTY;
                default -> UsageProfile.BURSTY;
            };
        }
    }
}
