package org.aitelemetry.devkit.bench;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import org.aitelemetry.devkit.Workspace;
import org.aitelemetry.devkit.postgres.PostgresComponent;

/**
 * The PostgreSQL server a benchmark measures against, sized like a deployment rather than like a test: the
 * comma-separated {@code name=value} settings in system property {@code bench.postgres}, by default
 * {@code shared_buffers=1GB}. With PostgreSQL's default of 128 MB the ingest benchmark's working set (sessions,
 * notifications, their indexes) no longer fits after a minute, and backends read and write data files themselves.
 * {@code -Dbench.postgres=} leaves PostgreSQL its defaults, as the tests run it.
 */
final class BenchPostgres {

    private static final String DEFAULT = "shared_buffers=1GB";

    private BenchPostgres() {
    }

    static PostgresComponent server(Workspace workspace) {
        return new PostgresComponent(workspace, "postgres", settings());
    }

    static Map<String, String> settings() {
        return parse(System.getProperty("bench.postgres", DEFAULT));
    }

    /** {@code name=value,name=value} as PostgreSQL settings; blank means none. */
    static Map<String, String> parse(String settings) {
        Map<String, String> parsed = new LinkedHashMap<>();
        if (settings.isBlank()) {
            return parsed;
        }
        for (String setting : settings.split(",")) {
            int equals = setting.indexOf('=');
            if (equals <= 0 || equals == setting.length() - 1) {
                throw new IllegalArgumentException("bench.postgres: not name=value: " + setting);
            }
            parsed.put(setting.substring(0, equals).trim(), setting.substring(equals + 1).trim());
        }
        return parsed;
    }

    /** The settings as a report line shows them. */
    static String describe() {
        Map<String, String> settings = settings();
        return settings.isEmpty() ? "PostgreSQL defaults" : settings.entrySet().stream()
                .map(setting -> setting.getKey() + "=" + setting.getValue()).collect(Collectors.joining(" "));
    }
}
