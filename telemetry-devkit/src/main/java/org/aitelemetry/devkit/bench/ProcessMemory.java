package org.aitelemetry.devkit.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads a Linux process's resident set size, as {@code ps} and the kubelet see it, and its peak so far. */
public final class ProcessMemory {

    private ProcessMemory() {
    }

    public static long residentMib(long pid) throws IOException {
        return statusMib(pid, "VmRSS:");
    }

    /** The largest the resident set has been since the process started: what a container's memory limit must allow. */
    public static long peakResidentMib(long pid) throws IOException {
        return statusMib(pid, "VmHWM:");
    }

    private static long statusMib(long pid, String field) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
            if (line.startsWith(field)) {
                return Long.parseLong(line.replaceAll("\\D", "")) / 1024;
            }
        }
        throw new IOException("no " + field + " for process " + pid);
    }
}
