package org.aitelemetry.devkit.launcher;

import java.nio.file.Path;

/** Command-line options of the local run. */
record LaunchOptions(Path projectRoot, int workerPort, int sitePort, boolean help) {

    static final String USAGE = """
            Usage: bin/run-local [options]
              --worker-port N   HTTP port of telemetry-worker (default 8081)
              --site-port N     HTTP port of telemetry-site (default 8080)
              --root DIR        project root holding the built apps (default: current directory)
              --help            show this help
            Components (PostgreSQL, ...) take free loopback ports; logs go to target/devkit/<component>/.
            """;

    static LaunchOptions parse(String[] args) {
        Path root = Path.of("").toAbsolutePath();
        int workerPort = 8081;
        int sitePort = 8080;
        boolean help = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--worker-port" -> workerPort = port(args, ++i);
                case "--site-port" -> sitePort = port(args, ++i);
                case "--root" -> root = Path.of(value(args, ++i)).toAbsolutePath();
                case "--help", "-h" -> help = true;
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        return new LaunchOptions(root, workerPort, sitePort, help);
    }

    private static String value(String[] args, int index) {
        if (index >= args.length) {
            throw new IllegalArgumentException(args[index - 1] + " needs a value");
        }
        return args[index];
    }

    private static int port(String[] args, int index) {
        String value = value(args, index);
        try {
            int port = Integer.parseInt(value);
            if (port < 1 || port > 65535) {
                throw new IllegalArgumentException(args[index - 1] + " must be a port between 1 and 65535, not " + value);
            }
            return port;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(args[index - 1] + " must be a number, not " + value, e);
        }
    }
}
