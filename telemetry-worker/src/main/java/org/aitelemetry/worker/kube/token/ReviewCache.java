package org.aitelemetry.worker.kube.token;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.aitelemetry.worker.probe.NodeScopedPrincipal;

/**
 * Successful token reviews, so that a probe posting many runs costs its API server one TokenReview per token and
 * {@code ttl}, never beyond the token's own expiry. Keyed by the token's SHA-256, so no token is held in memory;
 * bounded, the least recently used first out. Only successes are kept: a refused token is reviewed again.
 */
final class ReviewCache {

    private record Review(NodeScopedPrincipal principal, Instant until) {
    }

    private final Duration ttl;
    private final Supplier<Instant> clock;
    private final Map<String, Review> reviews;

    ReviewCache(Duration ttl, int maxSize, Supplier<Instant> clock) {
        this.ttl = ttl;
        this.clock = clock;
        this.reviews = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Review> eldest) {
                return size() > maxSize;
            }
        };
    }

    Optional<NodeScopedPrincipal> get(String token) {
        String key = key(token);
        synchronized (reviews) {
            Review review = reviews.get(key);
            if (review != null && !clock.get().isBefore(review.until())) {
                reviews.remove(key);
                return Optional.empty();
            }
            return Optional.ofNullable(review).map(Review::principal);
        }
    }

    void put(String token, Instant tokenExpiry, NodeScopedPrincipal principal) {
        String key = key(token);
        Instant now = clock.get();
        Instant until = now.plus(ttl).isBefore(tokenExpiry) ? now.plus(ttl) : tokenExpiry;
        if (until.isAfter(now)) {
            synchronized (reviews) {
                reviews.put(key, new Review(principal, until));
            }
        }
    }

    int size() {
        synchronized (reviews) {
            return reviews.size();
        }
    }

    private static String key(String token) {
        try {
            return Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-256")
                    .digest(token.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
