package org.aitelemetry.worker.kube.token;

import io.vertx.core.http.HttpHeaders;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.aitelemetry.worker.ingest.Problem;
import org.aitelemetry.worker.probe.ProbeMetrics;
import org.aitelemetry.worker.probe.ProbeRunResource;
import org.jboss.logging.Logger;

/**
 * The answer to a probe token that failed its review, which Quarkus' authentication hands to the route's failure
 * handlers: 401 with the reason for a refused token, 503 with {@code Retry-After} while the cluster cannot review it,
 * never a 500 or a stack trace.
 */
@ApplicationScoped
class ProbeTokenFailures {

    private static final String RETRY_AFTER_SECONDS = "5";
    private static final Logger LOG = Logger.getLogger(ProbeTokenFailures.class);

    private final ProbeMetrics metrics;

    ProbeTokenFailures(ProbeMetrics metrics) {
        this.metrics = metrics;
    }

    void install(@Observes Router router) {
        router.route(ProbeRunResource.PATH).failureHandler(this::answer);
    }

    private void answer(RoutingContext event) {
        Throwable failure = event.failure();
        while (failure != null && !(failure instanceof ProbeTokenRejectedException)
                && !(failure instanceof TokenReviewUnavailableException)) {
            failure = failure.getCause();
        }
        if (failure == null || event.response().ended()) {
            event.next();
        } else if (failure instanceof ProbeTokenRejectedException refused) {
            LOG.warnf("Refused a probe token: %s", refused.getMessage());
            metrics.received("unauthorized");
            event.response().putHeader("WWW-Authenticate", "Bearer error=\"invalid_token\"");
            end(event, 401, "Probe token refused", refused.getMessage());
        } else {
            metrics.received("unavailable");
            event.response().putHeader(HttpHeaders.RETRY_AFTER, RETRY_AFTER_SECONDS);
            end(event, 503, "Token review unavailable", failure.getMessage());
        }
    }

    private static void end(RoutingContext event, int status, String title, String detail) {
        event.response().setStatusCode(status).putHeader(HttpHeaders.CONTENT_TYPE, Problem.MEDIA_TYPE)
                .end(JsonObject.mapFrom(Problem.of(status, title, detail)).encode());
    }
}
