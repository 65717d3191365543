package org.aitelemetry.site.support;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.report.LevelResolver;
import com.atlassian.oai.validator.report.ValidationReport;
import com.atlassian.oai.validator.restassured.OpenApiValidationFilter;
import io.restassured.filter.Filter;
import io.restassured.filter.FilterContext;
import io.restassured.response.Response;
import io.restassured.specification.FilterableRequestSpecification;
import io.restassured.specification.FilterableResponseSpecification;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.parser.OpenAPIV3Parser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The API contract in tests: every request made through {@link #FILTERS} has its request and response validated against
 * {@code src/main/openapi/telemetry-api.yaml}, and the operation it hit is recorded with its status, so
 * {@code ContractCoverageTest} can fail the build for an operation no test exercised.
 */
public final class Contract {

    public static final Path FILE = Path.of("../src/main/openapi/telemetry-api.yaml");
    public static final OpenAPI API = new OpenAPIV3Parser().read(FILE.toString());
    public static final List<Operation> OPERATIONS = operations();

    private static final Set<String> EXERCISED = ConcurrentHashMap.newKeySet();
    /** allOf schemas are merged before validation, or each part would refuse the other parts' properties. */
    private static final OpenApiValidationFilter VALIDATION = new OpenApiValidationFilter(
            OpenApiInteractionValidator.createForSpecificationUrl(FILE.toUri().toString())
                    .withResolveCombinators(true).build());
    private static final OpenApiValidationFilter RESPONSE_VALIDATION = new OpenApiValidationFilter(
            OpenApiInteractionValidator.createForSpecificationUrl(FILE.toUri().toString())
                    .withResolveCombinators(true)
                    .withLevelResolver(LevelResolver.create()
                            .withLevel("validation.request", ValidationReport.Level.IGNORE).build())
                    .build());

    /** Validation first, then recording: a response the contract refuses fails the test before it counts. */
    public static final List<Filter> FILTERS = List.of(VALIDATION, Contract::record);
    /** For requests that break the contract on purpose: only the response is held to it. */
    public static final List<Filter> MALFORMED_REQUEST_FILTERS = List.of(RESPONSE_VALIDATION, Contract::record);

    private Contract() {
    }

    /** One operation of the contract: its id, method and path template. */
    public record Operation(String id, String method, String path, boolean isPublic) {

        boolean matches(String requestMethod, String requestPath) {
            return method.equalsIgnoreCase(requestMethod) && Pattern.matches(
                    path.replaceAll("\\{[^/]+}", "[^/]+"), requestPath);
        }
    }

    /** Operation ids that some test called and got a 2xx for. */
    public static Set<String> exercised() {
        return Set.copyOf(EXERCISED);
    }

    private static Response record(FilterableRequestSpecification request, FilterableResponseSpecification response,
            FilterContext context) {
        Response result = context.next(request, response);
        String path = request.getURI().replaceFirst("^[a-z]+://[^/]+", "").replaceFirst("\\?.*$", "");
        if (result.statusCode() < 300) {
            OPERATIONS.stream().filter(operation -> operation.matches(request.getMethod(), path))
                    .forEach(operation -> EXERCISED.add(operation.id()));
        }
        return result;
    }

    private static List<Operation> operations() {
        if (!Files.isRegularFile(FILE)) {
            throw new IllegalStateException("the contract is missing: " + FILE.toAbsolutePath());
        }
        List<Operation> operations = new ArrayList<>();
        for (Map.Entry<String, PathItem> path : API.getPaths().entrySet()) {
            path.getValue().readOperationsMap().forEach((method, operation) -> operations.add(new Operation(
                    operation.getOperationId(), method.name(), path.getKey(),
                    operation.getSecurity() != null && operation.getSecurity().isEmpty())));
        }
        return List.copyOf(operations);
    }
}
