package org.aitelemetry.devkit.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * CPU seconds (user + system) Linux has charged so far to the worker, to PostgreSQL (the postmaster and its live
 * backends) and to this JVM, the load generator; the difference of two samples shows who used the cores in between.
 */
public record CpuSample(double worker, double postgres, double generator) {

    /** USER_HZ, the unit of /proc/PID/stat times; 100 on every Linux build we run on. */
    private static final double TICKS_PER_SECOND = 100;

    static CpuSample take(long workerPid, long postmasterPid) throws IOException {
        return take(List.of(workerPid), postmasterPid);
    }

    /** The worker's share summed over its replicas. */
    static CpuSample take(List<Long> workerPids, long postmasterPid) throws IOException {
        double postgres = seconds(postmasterPid);
        for (ProcessHandle backend : ProcessHandle.of(postmasterPid).map(p -> p.descendants().toList()).orElseThrow()) {
            postgres += secondsIfAlive(backend.pid());
        }
        double workers = 0;
        for (long workerPid : workerPids) {
            workers += seconds(workerPid);
        }
        return new CpuSample(workers, postgres, seconds(ProcessHandle.current().pid()));
    }

    CpuSample minus(CpuSample earlier) {
        return new CpuSample(worker - earlier.worker, postgres - earlier.postgres, generator - earlier.generator);
    }

    private static double secondsIfAlive(long pid) {
        try {
            return seconds(pid);
        } catch (IOException ended) {
            return 0;
        }
    }

    /** User and system CPU seconds Linux has charged to one process so far. */
    public static double seconds(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        // The command name may hold spaces and parentheses: fields are counted from the last ')'.
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) / TICKS_PER_SECOND;
    }
}
