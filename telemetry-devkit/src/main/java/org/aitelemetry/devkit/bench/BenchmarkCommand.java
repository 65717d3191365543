package org.aitelemetry.devkit.bench;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;

/**
 * The command-line frame the benchmarks share: {@code --help} prints the usage, options that do not parse print why
 * and the usage and exit 2, and the run's verdict is the exit status (1 when it failed). Runs from the repository
 * root, which {@code bin/benchmark} changes to.
 */
final class BenchmarkCommand {

    /** A benchmark run from its options and the repository root; true when it passed. */
    interface Run<O> {
        boolean run(O options, Path root) throws Exception;
    }

    private BenchmarkCommand() {
    }

    static <O> void main(String[] args, String usage, Function<String[], O> parse, Run<O> run) throws Exception {
        if (List.of(args).contains("--help")) {
            System.out.print(usage);
            return;
        }
        O options;
        try {
            options = parse.apply(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.print(usage);
            System.exit(2);
            return;
        }
        System.exit(run.run(options, Path.of("").toAbsolutePath()) ? 0 : 1);
    }
}
