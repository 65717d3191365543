package org.aitelemetry.deploy.check;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.aitelemetry.deploy.render.KubeObject;
import org.aitelemetry.deploy.render.Manifests;

/**
 * References inside the operators' resources: the AlertmanagerConfig's OAuth2 client id and secret, the realm
 * import's placeholder Secrets, CloudNativePG's backup credentials and the Cluster a ScheduledBackup backs up, the
 * Tempo instance the collector exports to, and the Kafka cluster of topics and users.
 */
final class OperatorReferences implements Check {

    private final ExternalObjects external;

    OperatorReferences(ExternalObjects external) {
        this.external = external;
    }

    @Override
    public List<Finding> check(Manifests manifests) {
        List<Finding> findings = new ArrayList<>();
        for (KubeObject config : manifests.ofKind("AlertmanagerConfig")) {
            for (JsonNode webhook : config.at("/spec/receivers").findValues("webhookConfigs")) {
                for (JsonNode hook : webhook) {
                    JsonNode oauth2 = hook.path("httpConfig").path("oauth2");
                    configMapKey(manifests, config, oauth2.path("clientId").path("configMap"), findings);
                    secret(manifests, config, oauth2.path("clientId").path("secret").path("name"), findings);
                    secret(manifests, config, oauth2.path("clientSecret").path("name"), findings);
                }
            }
        }
        for (KubeObject realm : manifests.ofKind("KeycloakRealmImport")) {
            realm.at("/spec/placeholders").forEach(p -> secret(manifests, realm, p.path("secret").path("name"),
                    findings));
        }
        for (KubeObject cluster : manifests.ofKind("Cluster")) {
            cluster.at("/spec/backup/barmanObjectStore/s3Credentials")
                    .forEach(credential -> secret(manifests, cluster, credential.path("name"), findings));
        }
        for (KubeObject backup : manifests.ofKind("ScheduledBackup")) {
            String cluster = backup.at("/spec/cluster/name").asText();
            if (manifests.find("Cluster", backup.namespace(), cluster).isEmpty()) {
                findings.add(Finding.of(backup, "backs up Cluster " + cluster + ", which does not exist"));
            }
        }
        for (KubeObject collector : manifests.ofKind("OpenTelemetryCollector")) {
            collector.at("/spec/config/exporters").fields().forEachRemaining(exporter -> {
                String host = exporter.getValue().path("endpoint").asText().replaceAll(":\\d+$", "");
                if (exporter.getKey().startsWith("otlp") && (!host.startsWith("tempo-") || manifests.find(
                        "TempoMonolithic", collector.namespace(), host.substring("tempo-".length())).isEmpty())) {
                    findings.add(Finding.of(collector, "exporter " + exporter.getKey() + " sends to " + host
                            + ", which is no TempoMonolithic's Service here"));
                }
            });
        }
        for (String kind : List.of("KafkaTopic", "KafkaUser")) {
            for (KubeObject kafka : manifests.ofKind(kind)) {
                if (!kafka.labels().containsKey("strimzi.io/cluster")) {
                    findings.add(Finding.of(kafka, "has no strimzi.io/cluster label: no operator acts on it"));
                }
            }
        }
        return findings;
    }

    private void secret(Manifests manifests, KubeObject owner, JsonNode name, List<Finding> findings) {
        String missing = name.isMissingNode() ? null : external.missingSecret(manifests, owner.namespace(),
                name.asText());
        if (missing != null) {
            findings.add(Finding.of(owner, missing));
        }
    }

    private static void configMapKey(Manifests manifests, KubeObject owner, JsonNode reference,
            List<Finding> findings) {
        if (reference.isMissingNode()) {
            return;
        }
        String name = reference.path("name").asText();
        var configMap = manifests.find("ConfigMap", owner.namespace(), name);
        if (configMap.isEmpty() || !configMap.get().at("/data").has(reference.path("key").asText())) {
            findings.add(Finding.of(owner, "ConfigMap " + name + " with key " + reference.path("key").asText()
                    + " does not exist"));
        }
    }
}
