package org.aitelemetry.devkit.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads a Linux process's resident set size, as {@code ps} and the kubelet see it. */
final class ProcessMemory {

    private ProcessMemory() {
    }

    static long residentMib(long pid) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("\\D", "")) / 1024;
            }
        }
        throw new IOException("no VmRSS for process " + pid);
    }
}
