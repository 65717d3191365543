package org.aitelemetry.worker.ingest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.test.oidc.server.OidcWiremockTestResource;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.parser.OpenAPIV3Parser;
import java.util.Map;
import java.util.TreeMap;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.junit.jupiter.api.Test;

/** The worker serves its ingest contract itself, unchanged and without a token, as the site serves its API's. */
@QuarkusTest
@TestProfile(IngestSecurityProfile.class)
@WithTestResource(PostgresTestResource.class)
@WithTestResource(OidcWiremockTestResource.class)
class IngestContractServedTest {

    @Test
    void servesTheContractWithEveryOperationAndNoOther() {
        String served = given().accept("application/yaml").get("/q/openapi").then().statusCode(200)
                .extract().asString();
        OpenAPI document = new OpenAPIV3Parser().readContents(served).getOpenAPI();
        assertThat(operations(document)).isEqualTo(operations(IngestContract.API)).isNotEmpty();
        assertThat(document.getComponents().getSchemas()).containsOnlyKeys(
                IngestContract.API.getComponents().getSchemas().keySet());
    }

    private static Map<String, String> operations(OpenAPI document) {
        Map<String, String> operations = new TreeMap<>();
        document.getPaths().forEach((path, item) -> item.readOperationsMap()
                .forEach((method, operation) -> operations.put(operation.getOperationId(), method + " " + path)));
        return operations;
    }
}
