package org.aitelemetry.prometheus;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.MultiMap;
import io.vertx.mutiny.core.buffer.Buffer;
import io.vertx.mutiny.ext.web.client.HttpRequest;
import io.vertx.mutiny.ext.web.client.HttpResponse;
import io.vertx.mutiny.ext.web.client.WebClient;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLException;
import org.aitelemetry.prometheus.QueryResponseParser.Envelope;
import org.jboss.logging.Logger;

/**
 * Sends one query form to a source's API and turns the answer into a result or a {@link PrometheusQueryException}:
 * credentials, a deadline per attempt, no redirects, bounded retries of what may pass (429, 502, 503, 504, connection
 * failures, missed deadlines, bodies cut short) and one renewal of a credential a 401 rejected.
 */
final class QueryTransport {

    private static final Logger LOG = Logger.getLogger(QueryTransport.class);
    private static final Set<Integer> TRANSIENT_STATUSES = Set.of(429, 502, 503, 504);

    private final SourceSettings settings;
    private final WebClient client;
    private final Credentials credentials;
    private final RetryPolicy retryPolicy;

    QueryTransport(SourceSettings settings, WebClient client, Credentials credentials, RetryPolicy retryPolicy) {
        this.settings = settings;
        this.client = client;
        this.credentials = credentials;
        this.retryPolicy = retryPolicy;
    }

    /** POSTs the form to {@code <api root>/<endpoint>}, e.g. {@code query} or {@code query_range}. */
    Uni<QueryResult> post(String endpoint, MultiMap form) {
        return attempt(settings.apiRoot() + endpoint, form, 1);
    }

    private Uni<QueryResult> attempt(String url, MultiMap form, int attempt) {
        return Uni.createFrom().deferred(credentials::authorization)
                .chain(authorization -> exchange(url, form, authorization, true))
                .onFailure().transform(this::asQueryException)
                .onFailure().recoverWithUni(failure -> retryOrFail(url, form, attempt,
                        (PrometheusQueryException) failure));
    }

    /** One request; a 401 on a credential that can be renewed is asked again at once, with the fresh credential. */
    private Uni<QueryResult> exchange(String url, MultiMap form, Optional<String> authorization, boolean mayRenew) {
        return send(url, form, authorization).chain(response -> {
            if (response.statusCode() == 401 && mayRenew && authorization.map(credentials::renew).orElse(false)) {
                return credentials.authorization().chain(renewed -> exchange(url, form, renewed, false));
            }
            return Uni.createFrom().item(() -> interpret(response));
        });
    }

    /**
     * The idle timeout frees the connection of a server that went quiet; the overall deadline also bounds one that
     * trickles its answer.
     */
    private Uni<HttpResponse<Buffer>> send(String url, MultiMap form, Optional<String> authorization) {
        Duration deadline = settings.queryTimeout();
        HttpRequest<Buffer> request = client.postAbs(url)
                .putHeader("Accept", "application/json")
                .timeout(deadline.toMillis());
        authorization.ifPresent(value -> request.putHeader("Authorization", value));
        return request.sendForm(form)
                .ifNoItem().after(deadline)
                .failWith(() -> new TimeoutException("deadline of " + deadline.toMillis() + " ms passed"));
    }

    private Uni<QueryResult> retryOrFail(String url, MultiMap form, int attempt, PrometheusQueryException failure) {
        if (!failure.isTransient() || !retryPolicy.mayRetryAfter(attempt)) {
            return Uni.createFrom().failure(failure);
        }
        Duration delay = retryPolicy.delayAfter(attempt, failure.retryAfter(), ThreadLocalRandom.current());
        LOG.debugf("attempt %d of %d failed, next in %d ms: %s", attempt, retryPolicy.maxAttempts(), delay.toMillis(),
                failure.getMessage());
        // Full jitter may draw no wait at all, and Mutiny refuses to delay by zero.
        Uni<Void> pause = delay.isZero() ? Uni.createFrom().voidItem()
                : Uni.createFrom().voidItem().onItem().delayIt().by(delay);
        return pause.chain(() -> attempt(url, form, attempt + 1));
    }

    private QueryResult interpret(HttpResponse<Buffer> response) {
        int status = response.statusCode();
        if (status >= 300 && status < 400) {
            // Following would send the query, and perhaps the credentials, wherever the Location points.
            throw PrometheusQueryException.response(settings.name(), status, Optional.empty(),
                    Optional.of("redirect to " + response.getHeader("Location") + " not followed"), false,
                    Optional.empty());
        }
        Optional<Envelope> envelope = envelope(response);
        if (status == 200 && envelope.isPresent() && envelope.get().success()) {
            return envelope.get().result().orElseThrow();
        }
        throw failure(response, envelope);
    }

    private PrometheusQueryException failure(HttpResponse<Buffer> response, Optional<Envelope> envelope) {
        int status = response.statusCode();
        boolean unreadableSuccess = status == 200 && envelope.isEmpty();
        Optional<String> error = envelope.flatMap(Envelope::error)
                .or(() -> Optional.of(unreadableSuccess ? "unreadable or truncated body" : response.statusMessage()));
        return PrometheusQueryException.response(settings.name(), status, envelope.flatMap(Envelope::errorType), error,
                unreadableSuccess || TRANSIENT_STATUSES.contains(status),
                RetryAfter.parse(response.getHeader("Retry-After"), Instant.now()));
    }

    /** The parsed body; empty when it is not the API's JSON (a proxy's HTML error page, a body cut short). */
    private Optional<Envelope> envelope(HttpResponse<Buffer> response) {
        if (response.body() == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(QueryResponseParser.parse(response.body().getBytes()));
        } catch (IOException e) {
            return Optional.empty();
        } catch (IllegalStateException e) {
            throw PrometheusQueryException.response(settings.name(), response.statusCode(), Optional.empty(),
                    Optional.of(e.getMessage()), false, Optional.empty());
        }
    }

    /** Anything that is not already a classified answer is a failure of the connection or the deadline: transient. */
    private PrometheusQueryException asQueryException(Throwable failure) {
        if (failure instanceof PrometheusQueryException queryException) {
            return queryException;
        }
        // A certificate the other side rejects, or one we reject, stays rejected however often we ask.
        boolean certificateProblem = failure instanceof SSLException || failure.getCause() instanceof SSLException;
        String reason = failure.getMessage() == null ? failure.getClass().getSimpleName() : failure.getMessage();
        return PrometheusQueryException.noResponse(settings.name(), "no answer: " + reason, !certificateProblem,
                failure);
    }
}
