package org.aitelemetry.devkit.alertmanager;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** One run of a command-line tool (promtool, amtool): its exit code and everything it printed. */
record ToolRun(int exitCode, String output) {

    static ToolRun of(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(List.of(command)).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException(String.join(" ", command) + " did not finish");
        }
        return new ToolRun(process.exitValue(), output);
    }
}
