package org.aitelemetry.prometheus;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads the query API's envelope, {@code {status, data{resultType, result}, errorType, error, warnings, infos}}, with
 * Jackson's streaming parser: a fleet-wide matrix is large, and a tree of it would double the memory. Field order does
 * not matter. Anything malformed or cut short is an {@link IOException}, which the caller treats as transient.
 */
final class QueryResponseParser {

    /** What the source said: on success a result, on error Prometheus' error type and message. */
    record Envelope(String status, Optional<String> errorType, Optional<String> error, Optional<QueryResult> result) {

        boolean success() {
            return "success".equals(status);
        }
    }

    private static final JsonFactory JSON = new JsonFactory();
    /** Sample values are strings because JSON has no NaN or infinities; Go writes them like this. */
    private static final Map<String, Double> SPECIAL_VALUES = Map.of(
            "+Inf", Double.POSITIVE_INFINITY, "Inf", Double.POSITIVE_INFINITY, "-Inf", Double.NEGATIVE_INFINITY);
    private static final Set<String> RESULT_TYPES = Set.of("vector", "matrix", "scalar");

    private QueryResponseParser() {
    }

    static Envelope parse(byte[] body) throws IOException {
        try (JsonParser parser = JSON.createParser(body)) {
            expect(parser, parser.nextToken(), JsonToken.START_OBJECT);
            String status = null;
            String errorType = null;
            String error = null;
            Data data = null;
            List<String> warnings = List.of();
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                parser.nextToken();
                switch (field) {
                    case "status" -> status = parser.getValueAsString();
                    case "errorType" -> errorType = parser.getValueAsString();
                    case "error" -> error = parser.getValueAsString();
                    case "warnings" -> warnings = strings(parser);
                    case "data" -> data = data(parser);
                    // infos are hints about the query (e.g. "might not be a counter"), not about missing data
                    default -> parser.skipChildren();
                }
            }
            expect(parser, parser.currentToken(), JsonToken.END_OBJECT);
            if (status == null || "success".equals(status) && data == null) {
                throw new JsonParseException(parser, "response without status or data");
            }
            Optional<QueryResult> result = data == null ? Optional.empty()
                    : Optional.of(new QueryResult(data.resultType(), data.series(), warnings));
            return new Envelope(status, Optional.ofNullable(errorType), Optional.ofNullable(error), result);
        }
    }

    private record Data(String resultType, List<Series> series) {
    }

    private static Data data(JsonParser parser) throws IOException {
        expect(parser, parser.currentToken(), JsonToken.START_OBJECT);
        String resultType = null;
        List<Series> series = null;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            parser.nextToken();
            switch (field) {
                case "resultType" -> resultType = resultType(parser.getValueAsString());
                case "result" -> series = result(parser);
                default -> parser.skipChildren();
            }
        }
        if (resultType == null || series == null) {
            throw new JsonParseException(parser, "data without resultType or result");
        }
        return new Data(resultType, series);
    }

    /** Fails for good (not as a parse error, which would be retried) on a string result: no caller asks for one. */
    private static String resultType(String resultType) {
        if (!RESULT_TYPES.contains(resultType)) {
            throw new IllegalStateException("unsupported resultType " + resultType);
        }
        return resultType;
    }

    /** A scalar is one sample, {@code [time, "value"]}; it becomes one series without labels. */
    private static List<Series> result(JsonParser parser) throws IOException {
        expect(parser, parser.currentToken(), JsonToken.START_ARRAY);
        JsonToken first = parser.nextToken();
        if (first != null && first.isNumeric()) {
            return List.of(new Series(Map.of(), List.of(sampleFromTime(parser))));
        }
        List<Series> series = new ArrayList<>();
        for (JsonToken token = first; token != JsonToken.END_ARRAY; token = parser.nextToken()) {
            expect(parser, token, JsonToken.START_OBJECT);
            series(parser).ifPresent(series::add);
        }
        return series;
    }

    /** Native-histogram samples ({@code histogram}, {@code histograms}) are skipped: no caller reads them. */
    private static Optional<Series> series(JsonParser parser) throws IOException {
        Map<String, String> labels = Map.of();
        List<Sample> samples = new ArrayList<>();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            parser.nextToken();
            switch (field) {
                case "metric" -> labels = labels(parser);
                case "value" -> samples.add(sample(parser));
                case "values" -> {
                    expect(parser, parser.currentToken(), JsonToken.START_ARRAY);
                    while (parser.nextToken() != JsonToken.END_ARRAY) {
                        samples.add(sample(parser));
                    }
                }
                default -> parser.skipChildren();
            }
        }
        return samples.isEmpty() ? Optional.empty() : Optional.of(new Series(labels, samples));
    }

    private static Map<String, String> labels(JsonParser parser) throws IOException {
        expect(parser, parser.currentToken(), JsonToken.START_OBJECT);
        Map<String, String> labels = new LinkedHashMap<>();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String name = parser.currentName();
            labels.put(name, parser.nextTextValue());
        }
        return labels;
    }

    private static Sample sample(JsonParser parser) throws IOException {
        expect(parser, parser.currentToken(), JsonToken.START_ARRAY);
        parser.nextToken();
        return sampleFromTime(parser);
    }

    /** Reads {@code time, "value"]} with the parser on the time: seconds with millisecond decimals. */
    private static Sample sampleFromTime(JsonParser parser) throws IOException {
        if (!parser.currentToken().isNumeric()) {
            throw new JsonParseException(parser, "sample time is not a number");
        }
        BigDecimal seconds = parser.getDecimalValue();
        long millis = seconds.movePointRight(3).setScale(0, RoundingMode.HALF_UP).longValueExact();
        Instant time = Instant.ofEpochMilli(millis);
        double value = value(parser, parser.nextTextValue());
        expect(parser, parser.nextToken(), JsonToken.END_ARRAY);
        return new Sample(time, value);
    }

    private static double value(JsonParser parser, String text) throws IOException {
        if (text == null) {
            throw new JsonParseException(parser, "sample value is not a string");
        }
        Double special = SPECIAL_VALUES.get(text);
        if (special != null) {
            return special;
        }
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new JsonParseException(parser, "sample value is not a number: " + text);
        }
    }

    private static List<String> strings(JsonParser parser) throws IOException {
        expect(parser, parser.currentToken(), JsonToken.START_ARRAY);
        List<String> strings = new ArrayList<>();
        while (parser.nextToken() != JsonToken.END_ARRAY) {
            strings.add(parser.getValueAsString());
        }
        return strings;
    }

    private static void expect(JsonParser parser, JsonToken actual, JsonToken expected) throws JsonParseException {
        if (actual != expected) {
            throw new JsonParseException(parser, "expected " + expected + " but found " + actual);
        }
    }
}
