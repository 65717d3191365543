package org.aitelemetry.worker.ingest;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleResponse;
import com.atlassian.oai.validator.report.SimpleValidationReportFormat;
import com.atlassian.oai.validator.report.ValidationReport;
import com.atlassian.oai.validator.restassured.RestAssuredRequest;
import com.atlassian.oai.validator.restassured.RestAssuredResponse;
import io.restassured.RestAssured;
import io.restassured.authentication.PreemptiveOAuth2HeaderScheme;
import io.restassured.filter.FilterContext;
import io.restassured.response.Response;
import io.restassured.specification.FilterableRequestSpecification;
import io.restassured.specification.FilterableResponseSpecification;
import io.restassured.specification.RequestSpecification;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.parser.OpenAPIV3Parser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The ingest contract in tests: every request made through {@link #given()} (and every raw answer of
 * {@link UnsentBody}) is validated against {@code src/main/openapi/telemetry-ingest.yaml}, and the operation and status
 * it got are recorded, so {@code IngestContractCoverageTest} can fail the build for a documented status no test saw.
 * An answer the contract does not describe fails the test. A request the contract refuses may be sent (tests send bad
 * bodies and wrong tokens on purpose), but it must be refused: a 2xx or 3xx for it fails the test too.
 */
public final class IngestContract {

    public static final Path FILE = Path.of("../src/main/openapi/telemetry-ingest.yaml");
    public static final OpenAPI API = read();
    private static final OpenApiInteractionValidator VALIDATOR =
            OpenApiInteractionValidator.createForSpecificationUrl(FILE.toUri().toString()).build();
    /**
     * Quarkus loads test classes once per application (test profile), so a static set would hold only its own
     * application's calls; the JVM's system properties are the one store every class loader shares.
     */
    private static final String EXERCISED = "aitelemetry.ingest-contract.exercised";

    private IngestContract() {
    }

    /** RestAssured's {@code given()}, validated against the contract and recorded. */
    public static RequestSpecification given() {
        return RestAssured.given().filter(IngestContract::validate);
    }

    /** "operationId status" for every status of every operation the contract documents. */
    public static Set<String> documented() {
        Set<String> documented = new TreeSet<>();
        API.getPaths().values().forEach(path -> path.readOperations().forEach(operation -> operation.getResponses()
                .keySet().forEach(status -> documented.add(operation.getOperationId() + " " + status))));
        return documented;
    }

    /** "operationId status" for every answer the tests got so far, in any Quarkus application of this JVM. */
    public static Set<String> exercised() {
        String recorded = System.getProperty(EXERCISED, "");
        return recorded.isEmpty() ? Set.of() : new TreeSet<>(Arrays.asList(recorded.split("\n")));
    }

    /** Validates an answer read off a socket (a body never sent), and records it. */
    static void answered(String method, String path, int status, Map<String, String> headers, String body) {
        SimpleResponse.Builder response = SimpleResponse.Builder.status(status);
        headers.forEach(response::withHeader);
        if (!body.isEmpty()) {
            response.withBody(body);
        }
        check("the answer", status, VALIDATOR.validateResponse(path, Request.Method.valueOf(method), response.build()));
        record(method, path, status);
    }

    private static Response validate(FilterableRequestSpecification request, FilterableResponseSpecification spec,
            FilterContext context) {
        if (request.getAuthenticationScheme() instanceof PreemptiveOAuth2HeaderScheme bearer) {
            // RestAssured would add the header only after the filters: the validator must see it.
            request.auth().none();
            request.header("Authorization", "Bearer " + bearer.getAccessToken());
        }
        ValidationReport requestReport = VALIDATOR.validateRequest(RestAssuredRequest.of(request));
        Response response = context.next(request, spec);
        String path = request.getURI().replaceFirst("^[a-z]+://[^/]+", "").replaceFirst("\\?.*$", "");
        check("the answer", response.statusCode(), VALIDATOR.validateResponse(path,
                Request.Method.valueOf(request.getMethod()), RestAssuredResponse.of(response)));
        if (response.statusCode() < 400) {
            check("a request answered " + response.statusCode(), response.statusCode(), requestReport);
        }
        record(request.getMethod(), path, response.statusCode());
        return response;
    }

    private static void check(String what, int status, ValidationReport report) {
        if (status == 401 || status == 403) {
            // Quarkus' own security answers these without a body; the contract documents both forms.
            report = ValidationReport.from(report.getMessages().stream()
                    .filter(message -> !message.getKey().equals("validation.response.body.missing")).toList());
        }
        if (report.hasErrors()) {
            throw new AssertionError(what + " breaks " + FILE + ":\n"
                    + SimpleValidationReportFormat.getInstance().apply(report));
        }
    }

    private static void record(String method, String path, int status) {
        API.getPaths().forEach((template, item) -> item.readOperationsMap().forEach((verb, operation) -> {
            if (verb.name().equalsIgnoreCase(method) && template.equals(path)) {
                String entry = operation.getOperationId() + " " + status;
                System.getProperties().compute(EXERCISED, (key, recorded) -> recorded == null ? entry
                        : exercisedWith((String) recorded, entry));
            }
        }));
    }

    private static String exercisedWith(String recorded, String entry) {
        Set<String> entries = new TreeSet<>(Arrays.asList(recorded.split("\n")));
        entries.add(entry);
        return entries.stream().collect(Collectors.joining("\n"));
    }

    private static OpenAPI read() {
        if (!Files.isRegularFile(FILE)) {
            throw new IllegalStateException("the contract is missing: " + FILE.toAbsolutePath());
        }
        return new OpenAPIV3Parser().read(FILE.toString());
    }
}
