package org.aitelemetry.site.contract;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.parser.OpenAPIV3Parser;
import java.util.Map;
import java.util.TreeMap;
import org.aitelemetry.site.ngsild.NgsiLd;
import org.aitelemetry.site.support.Api;
import org.aitelemetry.site.support.Contract;
import org.aitelemetry.site.support.SiteTestProfile;
import org.junit.jupiter.api.Test;

/** The site serves the contract itself, unchanged, with Swagger UI; and the public JSON-LD context. */
@QuarkusTest
@TestProfile(SiteTestProfile.class)
class OpenApiDocumentTest {

    @Test
    void servesTheContractWithEveryOperationAndNoOther() {
        String served = given().accept("application/yaml").get("/q/openapi").then().statusCode(200)
                .extract().asString();
        OpenAPI document = new OpenAPIV3Parser().readContents(served).getOpenAPI();
        assertThat(operations(document)).isEqualTo(operations(Contract.API));
    }

    @Test
    void servesSwaggerUi() {
        given().get("/q/swagger-ui/").then().statusCode(200);
    }

    @Test
    void servesTheNgsiLdContextWithoutAToken() {
        Api.anonymous().accept(NgsiLd.MEDIA_TYPE).get(NgsiLd.CONTEXT_PATH).then().statusCode(200)
                .body("'@context'.gpuCount", equalTo(NgsiLd.VOCABULARY + "gpuCount"))
                .body("vocabulary.gpuCount.unitCode", equalTo("C62"));
    }

    private static Map<String, String> operations(OpenAPI document) {
        Map<String, String> operations = new TreeMap<>();
        document.getPaths().forEach((path, item) -> item.readOperationsMap()
                .forEach((method, operation) -> operations.put(operation.getOperationId(), method + " " + path)));
        return operations;
    }
}
