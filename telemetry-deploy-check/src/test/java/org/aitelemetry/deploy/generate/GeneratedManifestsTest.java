package org.aitelemetry.deploy.generate;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.file.Files;
import org.aitelemetry.deploy.DeployTree;
import org.junit.jupiter.api.Test;

/**
 * The generated manifests are up to date with their sources (regenerate with deploy/openshift/generate.sh), and say
 * the same as them: the PrometheusRule holds exactly the rule file's groups, the realm import the repository's realm
 * with only the production changes.
 */
class GeneratedManifestsTest {

    private static final YAMLMapper YAML = new YAMLMapper();
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void prometheusRuleIsUpToDate() throws IOException {
        String rules = read(PrometheusRuleGenerator.SOURCE);

        assertThat(read(PrometheusRuleGenerator.TARGET))
                .as("%s is out of date: run deploy/openshift/generate.sh", PrometheusRuleGenerator.TARGET)
                .isEqualTo(PrometheusRuleGenerator.generate(rules));
    }

    @Test
    void prometheusRuleHoldsTheRuleFilesGroups() throws IOException {
        JsonNode rules = YAML.readTree(read(PrometheusRuleGenerator.SOURCE));
        JsonNode resource = YAML.readTree(read(PrometheusRuleGenerator.TARGET));

        assertThat(resource.path("spec")).isEqualTo(rules);
        assertThat(rules.at("/groups/0/rules").findValuesAsText("alert")).containsExactly("GpuInUse", "GpuSliceInUse");
    }

    @Test
    void realmImportIsUpToDate() throws IOException {
        assertThat(read(RealmImportGenerator.TARGET))
                .as("%s is out of date: run deploy/openshift/generate.sh", RealmImportGenerator.TARGET)
                .isEqualTo(RealmImportGenerator.generate(read(RealmImportGenerator.SOURCE)));
    }

    @Test
    void realmImportIsTheRepositorysRealmWithoutDemoContentOrSecrets() throws IOException {
        ObjectNode source = (ObjectNode) JSON.readTree(read(RealmImportGenerator.SOURCE));
        JsonNode imported = YAML.readTree(read(RealmImportGenerator.TARGET)).path("spec");
        JsonNode realm = imported.path("realm");

        assertThat(realm).isEqualTo(RealmImportGenerator.forProduction(source));
        assertThat(realm.path("roles")).isEqualTo(source.path("roles"));
        assertThat(realm.path("clients").findValuesAsText("clientId"))
                .containsExactly("telemetry-site", "alertmanager", "gpu-probe");
        assertThat(realm.path("users").findValuesAsText("username"))
                .containsExactly("service-account-alertmanager", "service-account-gpu-probe");
        assertThat(realm.path("users").findValues("credentials")).isEmpty();
        assertThat(realm.path("groups").findValuesAsText("name")).containsExactly("projects");
        assertThat(realm.toString()).doesNotContain("dev-only");
        for (JsonNode client : realm.path("clients")) {
            String clientId = client.path("clientId").asText();
            String placeholder = RealmImportGenerator.placeholder(clientId);
            assertThat(client.path("secret").asText()).isEqualTo("${" + placeholder + "}");
            assertThat(imported.at("/placeholders/" + placeholder + "/secret/name").asText())
                    .isEqualTo(RealmImportGenerator.SECRET);
            assertThat(imported.at("/placeholders/" + placeholder + "/secret/key").asText()).isEqualTo(clientId);
        }
    }

    @Test
    void keptClientsAreUnchangedButForTheirSecret() throws IOException {
        ObjectNode source = (ObjectNode) JSON.readTree(read(RealmImportGenerator.SOURCE));
        ObjectNode production = RealmImportGenerator.forProduction(source);

        for (JsonNode client : production.path("clients")) {
            ObjectNode original = null;
            for (JsonNode candidate : source.path("clients")) {
                original = candidate.path("clientId").equals(client.path("clientId")) ? (ObjectNode) candidate
                        : original;
            }
            ObjectNode withoutSecret = ((ObjectNode) client).deepCopy();
            withoutSecret.remove("secret");
            ObjectNode originalWithoutSecret = original.deepCopy();
            originalWithoutSecret.remove("secret");
            assertThat(withoutSecret).isEqualTo(originalWithoutSecret);
        }
    }

    private static String read(String path) throws IOException {
        return Files.readString(DeployTree.ROOT.resolve(path));
    }
}
