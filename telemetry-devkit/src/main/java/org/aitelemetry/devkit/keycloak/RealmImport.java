package org.aitelemetry.devkit.keycloak;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Which realms a Keycloak start imports: the product realm ({@code keycloak/realm-ai-telemetry.json}, copied into this
 * package by the build) alone, or with the tests' additions: the clients and service-account users of
 * {@code test-clients.json} merged into it, and {@code other-realm}, an issuer the apps must not trust. Either way the
 * site's code flow may return to the loopback callbacks of one port only, the site's (the realm file names 8080, the
 * local run's default; the devkit pins the port the site it starts really listens on).
 */
public enum RealmImport {

    PRODUCT_REALM,
    WITH_TEST_ADDITIONS;

    private static final ObjectMapper JSON = new ObjectMapper();
    /** The arrays of the product realm that the test additions extend. */
    private static final List<String> MERGED_ARRAYS = List.of("clients", "users");

    /** Replaces the realm files in {@code importDir} with this choice's, the site's callbacks on {@code sitePort}. */
    void writeTo(Path importDir, int sitePort) throws IOException {
        Files.createDirectories(importDir);
        try (Stream<Path> earlier = Files.list(importDir)) {
            for (Path file : earlier.toList()) {
                Files.delete(file);
            }
        }
        ObjectNode product = (ObjectNode) read("realm-ai-telemetry.json");
        pinSiteCallbacks(product, sitePort);
        if (this == WITH_TEST_ADDITIONS) {
            JsonNode additions = read("test-clients.json");
            for (String array : MERGED_ARRAYS) {
                product.withArray(array).addAll((ArrayNode) additions.path(array));
            }
            write(importDir, read("other-realm.json"));
        }
        write(importDir, product);
    }

    /** Keycloak matches redirect URIs by prefix: a port left open would let any local process receive the codes. */
    private static void pinSiteCallbacks(ObjectNode realm, int sitePort) {
        for (JsonNode client : realm.path("clients")) {
            if (client.path("clientId").asText().equals(KeycloakClients.SITE)) {
                ((ObjectNode) client).putArray("redirectUris").add("http://localhost:" + sitePort + "/*")
                        .add("http://127.0.0.1:" + sitePort + "/*");
                return;
            }
        }
        throw new IllegalStateException("the realm has no client " + KeycloakClients.SITE);
    }

    /** Keycloak refuses a file whose name is not {@code <realm>-realm.json}. */
    private static void write(Path importDir, JsonNode realm) throws IOException {
        JSON.writeValue(importDir.resolve(realm.path("realm").asText() + "-realm.json").toFile(), realm);
    }

    private static JsonNode read(String resource) throws IOException {
        try (InputStream in = RealmImport.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " is missing from the classpath: build telemetry-devkit "
                        + "with Maven, which copies the realm there");
            }
            return JSON.readTree(in);
        }
    }
}
