package org.aitelemetry.site.ngsild;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.aitelemetry.devkit.keycloak.KeycloakClients;
import org.aitelemetry.site.support.Api;
import org.aitelemetry.site.support.Fixture;
import org.aitelemetry.site.support.SiteApiTest;
import org.aitelemetry.site.support.SiteTestProfile;
import org.aitelemetry.site.support.Tokens;
import org.aitelemetry.site.vm.VirtualMachineFixture;
import org.junit.jupiter.api.Test;

/**
 * Open data stays documented: every attribute of every NGSI-LD entity type the API serves is a term of the published
 * {@code @context}, with a description, and every Property with a unit code is one the vocabulary declares.
 */
@QuarkusTest
@TestProfile(SiteTestProfile.class)
class NgsiLdVocabularyTest extends SiteApiTest {

    private static final List<String> ENTITIES = List.of(
            "/api/v1/clusters/" + Fixture.CLUSTER_01, "/api/v1/nodes/" + Fixture.NODE_HEALTHY,
            "/api/v1/gpus/" + Fixture.SKU_H100, "/api/v1/devices/" + Fixture.DEVICE_HEALTHY,
            "/api/v1/slices/" + Fixture.OWN_SLICE, "/api/v1/projects/" + Fixture.OWN_PROJECT,
            "/api/v1/sessions/7004", "/api/v1/probe-runs/" + Fixture.RUN_FAILED,
            "/api/v1/virtual-machines/" + VirtualMachineFixture.OWN_VM);

    @Test
    void everyAttributeServedIsATermOfTheContext() {
        Map<String, Object> context = Api.anonymous().accept(NgsiLd.MEDIA_TYPE).get(NgsiLd.CONTEXT_PATH)
                .then().statusCode(200).extract().path("'@context'");
        Map<String, Map<String, Object>> vocabulary = Api.anonymous().accept(NgsiLd.MEDIA_TYPE)
                .get(NgsiLd.CONTEXT_PATH).then().extract().path("vocabulary");
        String admin = Tokens.of(keycloak, KeycloakClients.TEST_ADMIN);
        Set<String> seenTypes = new HashSet<>();
        for (String path : ENTITIES) {
            Map<String, Object> entity = Api.as(admin).accept(NgsiLd.MEDIA_TYPE).get(path).then().statusCode(200)
                    .extract().path("");
            seenTypes.add((String) entity.get("type"));
            entity.forEach((attribute, value) -> {
                if (!Set.of("id", "type", "@context").contains(attribute)) {
                    assertThat(context).as("%s serves %s", path, attribute).containsKey(attribute);
                    assertThat(vocabulary.get(attribute).get("description")).as(attribute).isNotNull();
                    if (value instanceof Map<?, ?> property && property.get("unitCode") != null) {
                        assertThat(vocabulary.get(attribute).get("unitCode")).isEqualTo(property.get("unitCode"));
                    }
                }
            });
        }
        assertThat(context).containsKeys(seenTypes.toArray(String[]::new));
    }
}
