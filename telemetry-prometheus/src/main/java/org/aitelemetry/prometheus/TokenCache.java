package org.aitelemetry.prometheus;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Supplier;

/**
 * Keeps an access token until shortly before it expires, with at most one fetch in flight: a burst of queries at the
 * start of a sync cycle costs one token request, not one each.
 */
final class TokenCache {

    /** A token as the endpoint issued it, valid for {@code lifetime} from when it arrived. */
    record Token(String value, Duration lifetime) {
    }

    /** Renew this long before expiry (a tenth of short lifetimes): a token must not expire on its way to the source. */
    private static final Duration RENEWAL_MARGIN = Duration.ofSeconds(30);

    private final Supplier<Uni<Token>> fetch;
    private final Clock clock;
    private String value;
    private Instant renewAt;
    private Uni<String> inFlight;

    TokenCache(Supplier<Uni<Token>> fetch, Clock clock) {
        this.fetch = fetch;
        this.clock = clock;
    }

    synchronized Uni<String> token() {
        if (value != null && clock.instant().isBefore(renewAt)) {
            return Uni.createFrom().item(value);
        }
        if (inFlight == null) {
            inFlight = fetch.get()
                    .onItemOrFailure().invoke(this::settle)
                    .map(Token::value)
                    .memoize().indefinitely();
        }
        return inFlight;
    }

    /** Drops the token a source rejected; a token fetched since then stays, so concurrent 401s renew only once. */
    synchronized void invalidate(String rejected) {
        if (rejected.equals(value)) {
            value = null;
        }
    }

    private synchronized void settle(Token token, Throwable failure) {
        inFlight = null;
        if (token != null) {
            Duration tenth = token.lifetime().dividedBy(10);
            Duration margin = tenth.compareTo(RENEWAL_MARGIN) < 0 ? tenth : RENEWAL_MARGIN;
            value = token.value();
            renewAt = clock.instant().plus(token.lifetime()).minus(margin);
        }
    }
}
