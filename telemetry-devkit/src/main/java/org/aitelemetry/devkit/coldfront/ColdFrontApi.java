package org.aitelemetry.devkit.coldfront;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.aitelemetry.devkit.LoopbackHttpComponent;

/**
 * A stand-in for ColdFront's REST API, as NERC's cloud plugin serves it (ColdFront is a Django application that does
 * not run here): {@code GET /cloud-api/allocations/} lists the active allocations to an admin authenticated with HTTP
 * Basic, each with its project ({@code id, title, description, pi, field_of_science, status}), its resource ({@code
 * name, resource_type}), {@code status} and {@code attributes}, {@code Allocated Project ID} naming the OpenShift
 * project. Like Django REST framework with session and Basic authentication, it answers 403 with a {@code detail}
 * to a request without valid admin credentials. Tests may make it fail or serve a broken body.
 */
public final class ColdFrontApi extends LoopbackHttpComponent {

    public static final String ALLOCATIONS_PATH = "/cloud-api/allocations/";

    /**
     * One active allocation of an OpenShift resource.
     *
     * @param namespace the project it provisioned ({@code Allocated Project ID}); null before provisioning
     */
    public record Allocation(long id, String resource, String namespace, long projectId, String title, String pi,
            String fieldOfScience) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final String username;
    private volatile String password;
    private final List<Allocation> allocations = new CopyOnWriteArrayList<>();
    private final AtomicInteger failWith = new AtomicInteger();
    private final AtomicReference<String> brokenBody = new AtomicReference<>();
    private final AtomicInteger requests = new AtomicInteger();

    public ColdFrontApi(String username, String password) {
        super(2);
        this.username = username;
        this.password = password;
    }

    @Override
    public String name() {
        return "coldfront-api";
    }

    /** Replaces the listing. */
    public void list(List<Allocation> listed) {
        allocations.clear();
        allocations.addAll(listed);
    }

    /** From now on every request gets this status (0: answer normally), as a ColdFront that is down. */
    public void failWith(int status) {
        failWith.set(status);
    }

    /** From now on the listing is this body (null: the real listing), as a proxy's error page served as 200. */
    public void serveBody(String body) {
        brokenBody.set(body);
    }

    /** From now on only this password is accepted, as after an admin rotated it in ColdFront. */
    public void changePassword(String newPassword) {
        password = newPassword;
    }

    /** Requests answered so far, whatever the answer. */
    public int requests() {
        return requests.get();
    }

    @Override
    protected void handle(HttpExchange exchange) throws IOException {
        requests.incrementAndGet();
        if (!exchange.getRequestURI().getPath().equals(ALLOCATIONS_PATH)) {
            send(exchange, 404, "{\"detail\":\"Not found.\"}");
        } else if (!"GET".equals(exchange.getRequestMethod())) {
            send(exchange, 405, "{\"detail\":\"Method not allowed.\"}");
        } else if (!authorised(exchange.getRequestHeaders().getFirst("Authorization"))) {
            send(exchange, 403, "{\"detail\":\"Authentication credentials were not provided.\"}");
        } else if (failWith.get() != 0) {
            send(exchange, failWith.get(), "<html><body>Service Unavailable</body></html>");
        } else {
            String body = brokenBody.get();
            send(exchange, 200, body != null ? body : listing());
        }
    }

    private boolean authorised(String header) {
        String expected = "Basic " + Base64.getEncoder()
                .encodeToString((username + ":" + password).getBytes(StandardCharsets.UTF_8));
        return expected.equals(header);
    }

    private String listing() throws IOException {
        ArrayNode listed = JSON.createArrayNode();
        for (Allocation allocation : allocations) {
            ObjectNode item = listed.addObject();
            item.put("id", allocation.id());
            ObjectNode project = item.putObject("project");
            project.put("id", allocation.projectId());
            project.put("title", allocation.title());
            project.put("description", "Research on " + allocation.title());
            project.put("pi", allocation.pi());
            project.put("field_of_science", allocation.fieldOfScience());
            project.put("status", "Active");
            item.put("description", allocation.title() + " on " + allocation.resource());
            ObjectNode resource = item.putObject("resource");
            resource.put("name", allocation.resource());
            resource.put("resource_type", "OpenShift");
            item.put("status", "Active");
            ObjectNode attributes = item.putObject("attributes");
            attributes.put("Allocated Project ID", allocation.namespace());
            attributes.put("Allocated Project Name", allocation.namespace() == null ? null : allocation.title());
            attributes.put("OpenShift Limit on GPU Quota", 4);
        }
        return JSON.writeValueAsString(listed);
    }

    private static void send(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type",
                body.startsWith("<") ? "text/html" : "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }
}
