package org.aitelemetry.prometheus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.subscription.UniEmitter;
import io.smallrye.mutiny.helpers.test.UniAssertSubscriber;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TokenCacheTest {

    final MutableClock clock = new MutableClock();
    final List<UniEmitter<? super TokenCache.Token>> fetches = new ArrayList<>();
    final TokenCache cache = new TokenCache(() -> Uni.createFrom().emitter(fetches::add), clock);

    @Test
    void callersDuringAFetchShareIt() {
        UniAssertSubscriber<String> first = cache.token().subscribe().withSubscriber(UniAssertSubscriber.create());
        UniAssertSubscriber<String> second = cache.token().subscribe().withSubscriber(UniAssertSubscriber.create());

        issue("token-1", Duration.ofMinutes(5));

        assertThat(fetches).hasSize(1);
        first.assertItem("token-1");
        second.assertItem("token-1");
    }

    @Test
    void tokenIsKeptUntilShortlyBeforeItExpires() {
        cache.token().subscribe().with(token -> { });
        issue("token-1", Duration.ofMinutes(5));

        clock.advance(Duration.ofSeconds(269));
        assertThat(cache.token().await().indefinitely()).isEqualTo("token-1");
        assertThat(fetches).hasSize(1);

        clock.advance(Duration.ofSeconds(2));
        cache.token().subscribe().with(token -> { });
        assertThat(fetches).hasSize(2);
    }

    @Test
    void shortLivedTokenIsRenewedATenthBeforeExpiry() {
        cache.token().subscribe().with(token -> { });
        issue("token-1", Duration.ofSeconds(10));

        clock.advance(Duration.ofMillis(8_900));
        assertThat(cache.token().await().indefinitely()).isEqualTo("token-1");
        clock.advance(Duration.ofMillis(200));
        cache.token().subscribe().with(token -> { });

        assertThat(fetches).hasSize(2);
    }

    @Test
    void failedFetchIsNotKept() {
        UniAssertSubscriber<String> failed = cache.token().subscribe().withSubscriber(UniAssertSubscriber.create());
        fetches.get(0).fail(new IllegalStateException("provider down"));
        failed.assertFailedWith(IllegalStateException.class, "provider down");

        cache.token().subscribe().with(token -> { });

        assertThat(fetches).hasSize(2);
    }

    @Test
    void onlyTheRejectedTokenIsDropped() {
        cache.token().subscribe().with(token -> { });
        issue("token-1", Duration.ofMinutes(5));

        cache.invalidate("token-0");
        assertThat(cache.token().await().indefinitely()).isEqualTo("token-1");
        cache.invalidate("token-1");
        cache.token().subscribe().with(token -> { });

        assertThat(fetches).hasSize(2);
    }

    @Test
    void renewalWaitsForTheEndpoint() {
        assertThatThrownBy(() -> cache.token().await().atMost(Duration.ofMillis(50)))
                .isInstanceOf(io.smallrye.mutiny.TimeoutException.class);
    }

    private void issue(String token, Duration lifetime) {
        fetches.get(fetches.size() - 1).complete(new TokenCache.Token(token, lifetime));
    }

    /** A clock the test moves by hand. */
    static final class MutableClock extends Clock {

        private Instant now = Instant.parse("2025-10-21T07:28:00Z");

        void advance(Duration duration) {
            now = now.plus(duration);
        }

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            throw new UnsupportedOperationException();
        }
    }
}
