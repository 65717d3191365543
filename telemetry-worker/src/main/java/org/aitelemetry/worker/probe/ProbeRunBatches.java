package org.aitelemetry.worker.probe;

import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.subscription.UniEmitter;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import org.aitelemetry.worker.probe.ProbeRunIngest.Outcome;

/**
 * Groups the probe runs posted while earlier ones are being stored into batches ({@link ProbeRunIngest}), so that a
 * fleet posting at once pays one transaction per batch instead of one per run. At most
 * {@code telemetry.probes.batch.in-flight} batches run at a time, each of at most {@code max-runs} runs; a run
 * waits for a later batch when one of its node, or of its GPUs, is in the batch being formed already (their verdicts
 * must apply in turn). A batch that fails is retried run by run, so that one run cannot fail the others: each post
 * gets its own outcome or failure.
 */
@ApplicationScoped
public class ProbeRunBatches {

    private record Waiting(PostedRun run, UniEmitter<? super Outcome> answer) {
    }

    private final ProbeRunIngest ingest;
    private final ProbeMetrics metrics;
    private final int maxRuns;
    private final int maxInFlight;
    private final Deque<Waiting> queue = new ArrayDeque<>();
    private int inFlight;

    ProbeRunBatches(ProbeRunIngest ingest, ProbeConfig config, ProbeMetrics metrics) {
        this.ingest = ingest;
        this.metrics = metrics;
        this.maxRuns = config.batch().maxRuns();
        this.maxInFlight = config.batch().inFlight();
        metrics.waiting(this);
    }

    /** Runs posted and not yet in a batch. */
    synchronized int waiting() {
        return queue.size();
    }

    /** Completes when the run is stored and scored, with what its post did. */
    public Uni<Outcome> submit(PostedRun run) {
        return Uni.createFrom().emitter(answer -> {
            synchronized (this) {
                queue.add(new Waiting(run, answer));
            }
            startBatches();
        });
    }

    private void startBatches() {
        List<Waiting> batch;
        while ((batch = nextBatch()) != null) {
            store(batch).subscribe().with(stored -> batchDone(), unexpected -> batchDone());
        }
    }

    private void batchDone() {
        synchronized (this) {
            inFlight--;
        }
        startBatches();
    }

    /**
     * Answers every post of the batch; on the batch's failure each run is stored alone, its failure its own. Deferred,
     * so that an exception while the statements are built fails the batch instead of leaking its in-flight slot.
     */
    private Uni<Void> store(List<Waiting> batch) {
        return Uni.createFrom().deferred(() -> ingest.ingest(batch.stream().map(Waiting::run).toList()))
                .invoke(outcomes -> {
                    for (int i = 0; i < batch.size(); i++) {
                        batch.get(i).answer().complete(outcomes.get(i));
                    }
                })
                .replaceWithVoid()
                .onFailure().recoverWithUni(failure -> batch.size() == 1
                        ? Uni.createFrom().voidItem().invoke(() -> batch.get(0).answer().fail(failure))
                        : Multi.createFrom().iterable(batch)
                                .onItem().transformToUniAndConcatenate(alone -> store(List.of(alone)))
                                .collect().last().replaceWithVoid());
    }

    private synchronized List<Waiting> nextBatch() {
        if (inFlight >= maxInFlight || queue.isEmpty()) {
            return null;
        }
        List<Waiting> batch = new ArrayList<>();
        Set<String> nodes = new HashSet<>();
        Set<String> gpus = new HashSet<>();
        for (Iterator<Waiting> waiting = queue.iterator(); waiting.hasNext() && batch.size() < maxRuns;) {
            Waiting next = waiting.next();
            List<String> uuids = next.run().report().gpus().stream().map(gpu -> gpu.tests().uuid()).toList();
            if (!nodes.contains(nodeKey(next.run())) && uuids.stream().noneMatch(gpus::contains)) {
                nodes.add(nodeKey(next.run()));
                gpus.addAll(uuids);
                batch.add(next);
                waiting.remove();
            }
        }
        inFlight++;
        metrics.batch(batch.size());
        return batch;
    }

    private static String nodeKey(PostedRun run) {
        return run.node().cluster() + "/" + run.node().name();
    }
}
