package org.aitelemetry.site.page;

import io.quarkus.security.Authenticated;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.aitelemetry.site.security.Caller;
import org.aitelemetry.site.security.CurrentCaller;

/**
 * The page a person lands on after the code-flow login; the dashboards replace it. It shows who is signed in and
 * which projects the token grants, which is what a newcomer checks first.
 */
@Path("/")
public class HomePage {

    private final CurrentCaller currentCaller;

    public HomePage(CurrentCaller currentCaller) {
        this.currentCaller = currentCaller;
    }

    @GET
    @Authenticated
    @Produces(MediaType.TEXT_HTML)
    public String home() {
        Caller caller = currentCaller.get();
        StringBuilder projects = new StringBuilder();
        caller.projects().stream().sorted((a, b) -> (a.cluster() + a.namespace()).compareTo(b.cluster() + b.namespace()))
                .forEach(project -> projects.append("<li>").append(escape(project.cluster())).append(" / ")
                        .append(escape(project.namespace())).append("</li>"));
        return "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>AI Telemetry</title></head>"
                + "<body><h1>AI Telemetry</h1><p id=\"user\">Signed in as " + escape(caller.name()) + "</p>"
                + "<p id=\"roles\">Roles: " + escape(String.join(", ", caller.roles().stream().sorted().toList()))
                + "</p><ul id=\"projects\">" + projects + "</ul><p><a href=\"/q/swagger-ui\">API</a></p></body></html>";
    }

    private static String escape(String text) {
        return text == null ? "" : text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
                .replace("\"", "&quot;").replace("'", "&#39;");
    }
}
