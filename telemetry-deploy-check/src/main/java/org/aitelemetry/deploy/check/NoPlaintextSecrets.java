package org.aitelemetry.deploy.check;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.aitelemetry.deploy.render.KubeObject;
import org.aitelemetry.deploy.render.Manifests;

/**
 * No secret value in the manifests: Secrets are templates without data; secret-looking environment variables,
 * ConfigMap keys and properties in ConfigMaps' .properties files refer to a Secret instead of holding a value; the
 * realm import's client secrets are placeholders and its users have no credentials.
 */
final class NoPlaintextSecrets implements Check {

    // Names that end in what they hold: DB_PASSWORD, oidc-client-secret, sasl.jaas.config; not TOKEN_URL, token-file.
    private static final Pattern SECRET_NAME = Pattern.compile(
            "(?i).*(password|passwd|secret|token|credentials?|jaas|jaas\\.config|api[-_.]?key)");
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{[A-Za-z0-9_.-]+}");

    @Override
    public List<Finding> check(Manifests manifests) {
        List<Finding> findings = new ArrayList<>();
        for (KubeObject secret : manifests.ofKind("Secret")) {
            for (String field : List.of("data", "stringData")) {
                if (secret.at("/" + field).size() > 0) {
                    findings.add(Finding.of(secret, field + " holds values: Secrets here are templates only"));
                }
            }
        }
        for (PodTemplate pod : PodTemplate.all(manifests)) {
            for (JsonNode container : pod.containers()) {
                for (JsonNode env : container.path("env")) {
                    if (SECRET_NAME.matcher(env.path("name").asText()).matches() && env.has("value")) {
                        findings.add(Finding.of(pod.owner(), "env " + env.path("name").asText()
                                + " has a literal value; take it from a Secret (secretKeyRef)"));
                    }
                }
            }
        }
        manifests.ofKind("ConfigMap").forEach(configMap -> configMap.at("/data").fields().forEachRemaining(entry -> {
            if (SECRET_NAME.matcher(entry.getKey()).matches()) {
                findings.add(Finding.of(configMap, "key " + entry.getKey() + " looks like a secret; use a Secret"));
            } else if (entry.getKey().endsWith(".properties")) {
                entry.getValue().asText().lines().forEach(line -> propertyLine(configMap, entry.getKey(), line,
                        findings));
            }
        }));
        manifests.ofKind("KeycloakRealmImport").forEach(realm -> realmSecrets(realm, findings));
        return findings;
    }

    private static void propertyLine(KubeObject configMap, String file, String line, List<Finding> findings) {
        int equals = line.indexOf('=');
        if (line.startsWith("#") || equals < 0) {
            return;
        }
        String key = line.substring(0, equals).strip();
        String value = line.substring(equals + 1).strip();
        if (SECRET_NAME.matcher(key).matches() && !value.isEmpty()
                && !PLACEHOLDER.matcher(value).matches()) {
            findings.add(Finding.of(configMap, file + ": " + key + " has a literal value; use ${ENV} from a Secret"));
        }
    }

    private static void realmSecrets(KubeObject realm, List<Finding> findings) {
        for (JsonNode client : realm.at("/spec/realm/clients")) {
            if (client.has("secret") && !PLACEHOLDER.matcher(client.path("secret").asText()).matches()) {
                findings.add(Finding.of(realm, "client " + client.path("clientId").asText()
                        + " has a literal secret; use a placeholder filled from a Secret"));
            }
        }
        for (JsonNode user : realm.at("/spec/realm/users")) {
            if (user.has("credentials")) {
                findings.add(Finding.of(realm, "user " + user.path("username").asText() + " has credentials"));
            }
        }
    }
}
