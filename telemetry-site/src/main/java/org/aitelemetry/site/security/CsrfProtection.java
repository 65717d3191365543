package org.aitelemetry.site.security;

import io.quarkus.runtime.StartupEvent;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.CSRFHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Set;
import org.aitelemetry.site.api.Problem;
import org.aitelemetry.site.config.SiteConfig;
import org.jboss.logging.Logger;

/**
 * Double-submit CSRF protection for the cookie-session pages (contracts.md §7): every page response sets a signed,
 * short-lived token in the {@value #COOKIE} cookie, and a state-changing request under {@code /pages/} must echo it in
 * the {@value #HEADER} header, which another site's page can neither read nor set. The session cookie is also
 * SameSite=Strict. Bearer-token API calls carry no ambient credentials and are not concerned.
 */
@ApplicationScoped
public class CsrfProtection {

    public static final String COOKIE = "XSRF-TOKEN";
    public static final String HEADER = "X-XSRF-TOKEN";
    /** Runs before the REST layer, so a refused request never reaches a resource. */
    private static final int ROUTE_ORDER = -200;
    private static final Logger LOG = Logger.getLogger(CsrfProtection.class);
    private static final int FORBIDDEN = 403;
    private static final Set<HttpMethod> UNSAFE = Set.of(HttpMethod.POST, HttpMethod.PUT, HttpMethod.PATCH,
            HttpMethod.DELETE);

    private final SiteConfig config;

    public CsrfProtection(SiteConfig config) {
        this.config = config;
    }

    void install(@Observes Router router, Vertx vertx) {
        CSRFHandler handler = CSRFHandler.create(vertx, secret())
                .setCookieName(COOKIE)
                .setHeaderName(HEADER)
                .setCookiePath("/")
                .setNagHttps(false)
                .setCookieSecure(config.publicUrl().getScheme().equals("https"))
                .setTimeout(config.csrf().tokenLifetime().toMillis());
        // Vert.x's handler would look for the token in a parsed form when the header is missing; the pages never
        // post forms, so a missing header is refused here, before it.
        router.route("/pages/*").order(ROUTE_ORDER - 1).handler(context -> {
            if (UNSAFE.contains(context.request().method()) && context.request().getHeader(HEADER) == null) {
                refuse(context, "the request carries no " + HEADER + " header; reload the page and retry");
            } else {
                context.next();
            }
        });
        router.route("/pages/*").order(ROUTE_ORDER).handler(handler).failureHandler(context -> {
            if (context.statusCode() == FORBIDDEN) {
                refuse(context, "the " + HEADER + " header does not match this session's token; reload the page");
            } else {
                context.next();
            }
        });
    }

    private static void refuse(RoutingContext context, String detail) {
        JsonObject problem = new JsonObject().put("type", "urn:aitelemetry:problem:csrf-token-invalid")
                .put("title", "Forbidden").put("status", FORBIDDEN).put("detail", detail)
                .put("code", "csrf-token-invalid").put("instance", context.request().path());
        context.response().setStatusCode(FORBIDDEN).putHeader("Content-Type", Problem.MEDIA_TYPE)
                .end(problem.encode());
    }

    void warnWithoutSharedSecret(@Observes StartupEvent start) {
        if (config.csrf().secret().isEmpty()) {
            LOG.warn("telemetry.site.csrf.secret is not set: page forms only work against this replica. Set the same"
                    + " secret on every replica of the site.");
        }
    }

    /** Replicas must share the signing secret; a single process may use one of its own. */
    private String secret() {
        return config.csrf().secret().orElseGet(() -> {
            byte[] random = new byte[32];
            new SecureRandom().nextBytes(random);
            return Base64.getEncoder().encodeToString(random);
        });
    }
}
