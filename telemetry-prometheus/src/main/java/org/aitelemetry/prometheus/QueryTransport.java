package org.aitelemetry.prometheus;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.MultiMap;
import io.vertx.mutiny.ext.web.client.HttpRequest;
import io.vertx.mutiny.ext.web.client.HttpResponse;
import io.vertx.mutiny.ext.web.client.WebClient;
import io.vertx.mutiny.ext.web.codec.BodyCodec;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import javax.net.ssl.SSLException;
import org.aitelemetry.prometheus.ResponseStreamParser.Envelope;
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

    /**
     * POSTs the form to {@code <api root>/<endpoint>}, e.g. {@code query} or {@code query_range}, and streams the
     * answer's series into a sink; every attempt gets a fresh one from {@code sinks}.
     */
    <S extends SeriesSink> Uni<StreamedAnswer<S>> post(String endpoint, MultiMap form, Supplier<S> sinks) {
        return attempt(settings.apiRoot() + endpoint, form, sinks, 1);
    }

    private <S extends SeriesSink> Uni<StreamedAnswer<S>> attempt(String url, MultiMap form, Supplier<S> sinks,
            int attempt) {
        return Uni.createFrom().deferred(credentials::authorization)
                .chain(authorization -> exchange(url, form, sinks, authorization, true))
                .onFailure().transform(this::asQueryException)
                .onFailure().recoverWithUni(failure -> retryOrFail(url, form, sinks, attempt,
                        (PrometheusQueryException) failure));
    }

    /** One request; a 401 on a credential that can be renewed is asked again at once, with the fresh credential. */
    private <S extends SeriesSink> Uni<StreamedAnswer<S>> exchange(String url, MultiMap form, Supplier<S> sinks,
            Optional<String> authorization, boolean mayRenew) {
        StreamingBody<S> body = new StreamingBody<>(sinks.get());
        return send(url, form, authorization, body).chain(response -> {
            if (response.statusCode() == 401 && mayRenew && authorization.map(credentials::renew).orElse(false)) {
                return credentials.authorization().chain(renewed -> exchange(url, form, sinks, renewed, false));
            }
            return Uni.createFrom().item(() -> interpret(response, body));
        });
    }

    /**
     * The idle timeout frees the connection of a server that went quiet; the overall deadline also bounds one that
     * trickles its answer. The body is parsed as it arrives, never held whole.
     */
    private Uni<HttpResponse<Void>> send(String url, MultiMap form, Optional<String> authorization,
            StreamingBody<?> body) {
        Duration deadline = settings.queryTimeout();
        HttpRequest<Void> request = client.postAbs(url)
                .putHeader("Accept", "application/json")
                .timeout(deadline.toMillis())
                .as(BodyCodec.newInstance(io.vertx.ext.web.codec.BodyCodec.pipe(body, false)));
        authorization.ifPresent(value -> request.putHeader("Authorization", value));
        return request.sendForm(form)
                .ifNoItem().after(deadline)
                .failWith(() -> new TimeoutException("deadline of " + deadline.toMillis() + " ms passed"));
    }

    private <S extends SeriesSink> Uni<StreamedAnswer<S>> retryOrFail(String url, MultiMap form, Supplier<S> sinks,
            int attempt, PrometheusQueryException failure) {
        if (!failure.isTransient() || !retryPolicy.mayRetryAfter(attempt)) {
            return Uni.createFrom().failure(failure);
        }
        Duration delay = retryPolicy.delayAfter(attempt, failure.retryAfter(), ThreadLocalRandom.current());
        LOG.debugf("attempt %d of %d failed, next in %d ms: %s", attempt, retryPolicy.maxAttempts(), delay.toMillis(),
                failure.getMessage());
        // Full jitter may draw no wait at all, and Mutiny refuses to delay by zero.
        Uni<Void> pause = delay.isZero() ? Uni.createFrom().voidItem()
                : Uni.createFrom().voidItem().onItem().delayIt().by(delay);
        return pause.chain(() -> attempt(url, form, sinks, attempt + 1));
    }

    private <S extends SeriesSink> StreamedAnswer<S> interpret(HttpResponse<Void> response, StreamingBody<S> body) {
        int status = response.statusCode();
        if (status >= 300 && status < 400) {
            // Following would send the query, and perhaps the credentials, wherever the Location points.
            throw PrometheusQueryException.response(settings.name(), status, Optional.empty(),
                    Optional.of("redirect to " + response.getHeader("Location") + " not followed"), false,
                    Optional.empty());
        }
        Optional<Envelope> envelope = envelope(status, body);
        if (status == 200 && envelope.isPresent() && envelope.get().success()) {
            Envelope answer = envelope.get();
            return new StreamedAnswer<>(body.sink(), answer.resultType(), answer.seriesCount(), answer.warnings());
        }
        throw failure(response, envelope);
    }

    private PrometheusQueryException failure(HttpResponse<Void> response, Optional<Envelope> envelope) {
        int status = response.statusCode();
        boolean unreadableSuccess = status == 200 && envelope.isEmpty();
        Optional<String> error = envelope.flatMap(Envelope::error)
                .or(() -> Optional.of(unreadableSuccess ? "unreadable or truncated body" : response.statusMessage()));
        return PrometheusQueryException.response(settings.name(), status, envelope.flatMap(Envelope::errorType), error,
                unreadableSuccess || TRANSIENT_STATUSES.contains(status),
                RetryAfter.parse(response.getHeader("Retry-After"), Instant.now()));
    }

    /**
     * The parsed body; empty when it is not the API's JSON (a proxy's HTML error page, a body cut short). A body the
     * parser or the sink refused fails for good: the same answer would be refused again.
     */
    private Optional<Envelope> envelope(int status, StreamingBody<?> body) {
        try {
            return body.envelope();
        } catch (RuntimeException e) {
            String reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            throw PrometheusQueryException.response(settings.name(), status, Optional.empty(), Optional.of(reason),
                    false, Optional.empty());
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
