package org.aitelemetry.images.aot;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The worker's fleet-sync cycles of the {@link TrainingStack}'s source, as its log reports them (FleetSync). */
final class SyncCycleLog {

    private static final Pattern CYCLE = Pattern.compile("Fleet sync of " + TrainingStack.SOURCE
            + ": (\\w+), .*?(\\d+) rows written, (\\d+) queries, (\\d+) ms");
    /** A worker that ran out of heap or metaspace limps on; its cycles will not come. */
    private static final Pattern OUT_OF_MEMORY = Pattern.compile("java.lang.OutOfMemoryError: [A-Za-z ]+");

    /** One finished cycle: the rows it wrote and how long it took. */
    record Cycle(int rows, long millis) {
    }

    private SyncCycleLog() {
    }

    /** The first {@code count} cycles once logged; fails after {@code patience} or on running out of memory. */
    static List<Cycle> await(Path log, int count, Duration patience) throws IOException, InterruptedException {
        Instant deadline = Instant.now().plus(patience);
        while (Instant.now().isBefore(deadline)) {
            String printed = Files.readString(log);
            Matcher error = OUT_OF_MEMORY.matcher(printed);
            if (error.find()) {
                throw new IllegalStateException(error.group());
            }
            List<Cycle> cycles = new ArrayList<>();
            Matcher matcher = CYCLE.matcher(printed);
            while (matcher.find()) {
                cycles.add(new Cycle(Integer.parseInt(matcher.group(2)), Long.parseLong(matcher.group(4))));
            }
            if (cycles.size() >= count) {
                return cycles.subList(0, count);
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("fewer than " + count + " sync cycles of " + TrainingStack.SOURCE + " within "
                + patience + "; see " + log);
    }
}
