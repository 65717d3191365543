package org.aitelemetry.worker.kube.token;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicReference;
import org.aitelemetry.worker.probe.NodeScopedPrincipal;
import org.aitelemetry.worker.probe.ProbeNodeScope;
import org.junit.jupiter.api.Test;

/** A review is reused until its TTL or the token's expiry, whichever comes first, and the cache stays bounded. */
class ReviewCacheTest {

    private static final Instant NOW = Instant.parse("2026-11-24T12:00:00Z");
    private static final NodeScopedPrincipal PROBE = new NodeScopedPrincipal("system:serviceaccount:probes:gpu-probe",
            new ProbeNodeScope.Node("lab", "gpu-01"));

    private final AtomicReference<Instant> clock = new AtomicReference<>(NOW);
    private final ReviewCache cache = new ReviewCache(Duration.ofSeconds(60), 2, clock::get);

    @Test
    void aReviewServesUntilItsTtl() {
        cache.put("token-a", NOW.plusSeconds(3600), PROBE);

        clock.set(NOW.plusSeconds(59));
        assertThat(cache.get("token-a")).contains(PROBE);
        clock.set(NOW.plusSeconds(60));
        assertThat(cache.get("token-a")).isEmpty();
        assertThat(cache.get("token-b")).as("another token").isEmpty();
    }

    @Test
    void aReviewNeverOutlivesItsToken() {
        cache.put("token-a", NOW.plusSeconds(10), PROBE);
        cache.put("expired", NOW, PROBE);

        assertThat(cache.get("expired")).isEmpty();
        clock.set(NOW.plusSeconds(10));
        assertThat(cache.get("token-a")).isEmpty();
    }

    @Test
    void theLeastRecentlyUsedReviewLeavesFirst() {
        cache.put("token-a", NOW.plusSeconds(3600), PROBE);
        cache.put("token-b", NOW.plusSeconds(3600), PROBE);
        cache.get("token-a");
        cache.put("token-c", NOW.plusSeconds(3600), PROBE);

        assertThat(cache.size()).isEqualTo(2);
        assertThat(cache.get("token-b")).isEmpty();
        assertThat(cache.get("token-a")).contains(PROBE);
        assertThat(cache.get("token-c")).contains(PROBE);
    }
}
