package org.aitelemetry.devkit.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.aitelemetry.devkit.LoopbackPorts;
import org.aitelemetry.devkit.Workspace;
import org.aitelemetry.devkit.postgres.PostgresComponent;
import org.aitelemetry.devkit.postgres.SchemaMigrator;
import org.aitelemetry.devkit.process.JavaRuntime;
import org.aitelemetry.devkit.process.QuarkusAppComponent;
import org.aitelemetry.devkit.process.ShippedJvmOptions;

/**
 * Start-up benchmark (acceptance.md: each service in JVM mode is ready in under 2 s after the first run, with RSS under
 * 300 MB). For each app: one discarded first run (it records the class-data archive when there is none), then N
 * measured runs as the devkit runs the app (mapping the archive) alternating with N baseline runs of the same jar
 * without one, each from process spawn to readiness answering UP, with RSS read at that moment and again after a short
 * settle. A bare {@code java -version} is measured in the same run as the JVM's own floor on this machine.
 */
public final class StartupBenchmark {

    private static final Pattern QUARKUS_STARTED = Pattern.compile("started in (\\d+\\.\\d+)s");
    private static final long SETTLE_MILLIS = 2000;

    private final Path root;
    private final int runs;
    private final Workspace workspace;

    private StartupBenchmark(Path root, int runs) {
        this.root = root;
        this.runs = runs;
        this.workspace = new Workspace(root.resolve("target/devkit/bench-startup"));
    }

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        new StartupBenchmark(Path.of("").toAbsolutePath(), runs).run();
    }

    private void run() throws Exception {
        try (PostgresComponent postgres = new PostgresComponent(workspace)) {
            postgres.start();
            String database = postgres.createDatabase("startup");
            SchemaMigrator.migrate(postgres.jdbcUrl(database));
            Map<String, String> datasource = new HashMap<>(postgres.appConfig(database));
            // Measured without an OIDC provider: the apps would otherwise look one up at start.
            datasource.put("quarkus.oidc.tenant-enabled", "false");
            datasource.put("quarkus.oidc.web.tenant-enabled", "false");

            Stats jvmFloor = jvmFloor();
            System.out.printf("Start-up, JVM mode (Java %s), %d measured runs of each kind after one discarded first run "
                    + "(%d cores)%n", Runtime.version(), runs, Runtime.getRuntime().availableProcessors());
            System.out.printf("%-18s %-15s %10s %10s %10s %12s %10s %12s %8s%n", "app", "class data", "ready p50",
                    "min", "max", "quarkus p50", "RSS p50", "RSS settled", "/floor");
            for (String app : new String[] {"telemetry-worker", "telemetry-site"}) {
                Sample[][] measured = measure(app, datasource);
                report(app, "archive", measured[0], jvmFloor);
                report(app, "none (baseline)", measured[1], jvmFloor);
                System.out.printf("%-18s %-15s %9.2fx%n", app, "archive/baseline",
                        median(measured[0]) / median(measured[1]));
            }
            System.out.printf("%-18s %-15s %8.0fms %8.0fms %8.0fms   (java -version, the JVM's own start)%n",
                    "jvm floor", "", jvmFloor.median(), jvmFloor.min(), jvmFloor.max());
        }
    }

    private record Sample(double readyMillis, double quarkusMillis, double rssMib, double settledRssMib) {
    }

    /** The app as the devkit runs it, then the baseline without class data, alternating so drift hits both alike. */
    private Sample[][] measure(String app, Map<String, String> datasource) throws Exception {
        once(app, datasource, true);
        Sample[] withArchive = new Sample[runs];
        Sample[] baseline = new Sample[runs];
        for (int i = 0; i < runs; i++) {
            withArchive[i] = once(app, datasource, true);
            baseline[i] = once(app, datasource, false);
        }
        return new Sample[][] {withArchive, baseline};
    }

    private Sample once(String app, Map<String, String> datasource, boolean classData) throws Exception {
        Path jar = root.resolve(app).resolve("target/quarkus-app/quarkus-run.jar");
        QuarkusAppComponent started = new QuarkusAppComponent(app, jar, LoopbackPorts.free(), datasource,
                ShippedJvmOptions.of(app), workspace);
        try (QuarkusAppComponent component = classData ? started : started.withoutClassDataArchive()) {
            long begin = System.nanoTime();
            component.start();
            double ready = (System.nanoTime() - begin) / 1e6;
            long rss = ProcessMemory.residentMib(component.pid());
            Thread.sleep(SETTLE_MILLIS);
            long settled = ProcessMemory.residentMib(component.pid());
            return new Sample(ready, quarkusReported(component.logFile()), rss, settled);
        }
    }

    private static double quarkusReported(Path log) throws IOException {
        Matcher matcher = QUARKUS_STARTED.matcher(Files.readString(log));
        return matcher.find() ? Double.parseDouble(matcher.group(1)) * 1000 : Double.NaN;
    }

    private Stats jvmFloor() throws Exception {
        String java = JavaRuntime.current().java().toString();
        double[] millis = new double[runs];
        for (int i = 0; i < runs; i++) {
            long begin = System.nanoTime();
            new ProcessBuilder(java, "-version").redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor();
            millis[i] = (System.nanoTime() - begin) / 1e6;
        }
        return Stats.of(millis);
    }

    private static double median(Sample[] samples) {
        return Stats.of(column(samples, Sample::readyMillis)).median();
    }

    private static void report(String app, String classData, Sample[] samples, Stats floor) {
        Stats ready = Stats.of(column(samples, Sample::readyMillis));
        Stats quarkus = Stats.of(column(samples, Sample::quarkusMillis));
        Stats rss = Stats.of(column(samples, Sample::rssMib));
        Stats settled = Stats.of(column(samples, Sample::settledRssMib));
        System.out.printf("%-18s %-15s %8.0fms %8.0fms %8.0fms %10.0fms %8.0fMiB %10.0fMiB %7.1fx%n", app, classData,
                ready.median(), ready.min(), ready.max(), quarkus.median(), rss.median(), settled.median(),
                ready.median() / floor.median());
    }

    private static double[] column(Sample[] samples, java.util.function.ToDoubleFunction<Sample> field) {
        double[] values = new double[samples.length];
        for (int i = 0; i < samples.length; i++) {
            values[i] = field.applyAsDouble(samples[i]);
        }
        return values;
    }
}
