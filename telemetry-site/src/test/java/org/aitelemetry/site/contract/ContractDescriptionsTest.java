package org.aitelemetry.site.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.swagger.v3.oas.models.media.Schema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.aitelemetry.site.support.Contract;
import org.junit.jupiter.api.Test;

/**
 * The contract documents every data point: each property of each schema and each parameter has a description (which
 * names the unit where there is one), and every operation has an id, a summary and a 2xx answer.
 */
class ContractDescriptionsTest {

    @Test
    void everySchemaPropertyIsDescribed() {
        List<String> undescribed = new ArrayList<>();
        Contract.API.getComponents().getSchemas().forEach((name, schema) -> collect(name, schema, undescribed));
        assertThat(undescribed).as("properties without a description").isEmpty();
    }

    @Test
    void everyParameterIsDescribed() {
        List<String> undescribed = new ArrayList<>();
        Contract.API.getComponents().getParameters().forEach((name, parameter) -> {
            if (parameter.getDescription() == null || parameter.getDescription().isBlank()) {
                undescribed.add(name);
            }
        });
        Contract.API.getPaths().forEach((path, item) -> item.readOperations().forEach(operation -> {
            if (operation.getParameters() != null) {
                operation.getParameters().stream().filter(p -> p.get$ref() == null && p.getDescription() == null)
                        .forEach(p -> undescribed.add(operation.getOperationId() + "." + p.getName()));
            }
        }));
        assertThat(undescribed).as("parameters without a description").isEmpty();
    }

    @Test
    void everyOperationHasAnIdASummaryAndASuccess() {
        Contract.API.getPaths().forEach((path, item) -> item.readOperations().forEach(operation -> {
            assertThat(operation.getOperationId()).as(path).isNotBlank();
            assertThat(operation.getSummary()).as(operation.getOperationId()).isNotBlank();
            assertThat(operation.getResponses().keySet()).as(operation.getOperationId())
                    .anyMatch(status -> status.startsWith("2"));
        }));
    }

    private static void collect(String owner, Schema<?> schema, List<String> undescribed) {
        if (schema.getAllOf() != null) {
            schema.getAllOf().forEach(part -> collect(owner, part, undescribed));
        }
        Map<String, Schema> properties = schema.getProperties();
        if (properties == null) {
            return;
        }
        properties.forEach((name, property) -> {
            boolean referenced = property.get$ref() != null;
            if (!referenced && (property.getDescription() == null || property.getDescription().isBlank())) {
                undescribed.add(owner + "." + name);
            }
            collect(owner + "." + name, property, undescribed);
        });
    }
}
