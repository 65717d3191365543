package org.aitelemetry.deploy.check;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.aitelemetry.deploy.render.KubeObject;
import org.aitelemetry.deploy.render.Manifests;

/**
 * Every Route ends TLS at the router (edge), redirects plain HTTP, and tells browsers to stay on HTTPS for at least a
 * year (HSTS, the router's {@code haproxy.router.openshift.io/hsts_header} annotation).
 */
final class RouteTransport implements Check {

    static final String HSTS = "haproxy.router.openshift.io/hsts_header";
    private static final long YEAR_SECONDS = 31_536_000;
    private static final Pattern MAX_AGE = Pattern.compile("(?i)(?:^|;)\\s*max-age\\s*=\\s*(\\d{1,12})\\s*(?:;|$)");

    @Override
    public List<Finding> check(Manifests manifests) {
        List<Finding> findings = new ArrayList<>();
        for (KubeObject route : manifests.ofKind("Route")) {
            if (!route.at("/spec/tls/termination").asText().equals("edge")) {
                findings.add(Finding.of(route, "TLS termination is not edge"));
            }
            if (!route.at("/spec/tls/insecureEdgeTerminationPolicy").asText().equals("Redirect")) {
                findings.add(Finding.of(route, "plain HTTP is not redirected to HTTPS"));
            }
            String hsts = route.at("/metadata/annotations").path(HSTS).asText("");
            Matcher maxAge = MAX_AGE.matcher(hsts);
            if (!maxAge.find() || Long.parseLong(maxAge.group(1)) < YEAR_SECONDS) {
                findings.add(Finding.of(route, "no HSTS of at least a year (annotation " + HSTS + ": '" + hsts
                        + "')"));
            }
        }
        return findings;
    }
}
