package org.aitelemetry.prometheus;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.async.ByteArrayFeeder;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reads the query API's envelope, {@code {status, data{resultType, result}, errorType, error, warnings, infos}}, as the
 * body arrives, chunk by chunk, and hands each series to a {@link SeriesSink} the moment it is complete: a fleet-wide
 * answer is tens of megabytes, and neither the body nor a list of its series needs to exist whole. Field order does not
 * matter. Repeated label values are shared ({@link RecentValues}). Anything malformed or cut short is an
 * {@link IOException}, which the caller treats as transient; a result type no caller asks for is an
 * {@link IllegalStateException}, and a sample time out of range a {@link NumberFormatException}, neither retried.
 */
final class ResponseStreamParser {

    /** What the source said besides the series: on success the result's type, on error Prometheus' error type and message. */
    record Envelope(String status, Optional<String> errorType, Optional<String> error, String resultType,
            int seriesCount, List<String> warnings) {

        boolean success() {
            return "success".equals(status) && resultType != null;
        }
    }

    private enum State {
        ROOT_START, ROOT, WARNINGS, DATA, RESULT, SERIES, METRIC, VALUES, SAMPLE_TIME, SAMPLE_VALUE, SAMPLE_END, END
    }

    /** Where a sample's closing bracket returns to: the scalar result, a series' {@code value} or its {@code values}. */
    private enum SampleOf { SCALAR, VALUE, VALUES }

    private static final JsonFactory JSON = new JsonFactory();
    private static final Set<String> RESULT_TYPES = Set.of("vector", "matrix", "scalar");

    private final SeriesSink sink;
    private final JsonParser parser;
    private final ByteArrayFeeder feeder;
    private final RecentValues labelValues = new RecentValues();

    private State state = State.ROOT_START;
    private SampleOf sampleOf;
    private int skipDepth;
    private String field;
    private String status;
    private String errorType;
    private String error;
    private String resultType;
    private boolean resultSeen;
    private List<String> warnings = List.of();
    private int seriesCount;

    private final List<String> labels = new ArrayList<>();
    private final List<Sample> samples = new ArrayList<>();
    private Instant sampleTime;
    private double sampleValue;

    ResponseStreamParser(SeriesSink sink) {
        this.sink = sink;
        try {
            this.parser = JSON.createNonBlockingByteArrayParser();
        } catch (IOException e) {
            throw new IllegalStateException("Jackson offers no non-blocking parser", e);
        }
        this.feeder = (ByteArrayFeeder) parser.getNonBlockingInputFeeder();
    }

    /** Parses as much of the body as this chunk completes; the series it completes go to the sink before it returns. */
    void feed(byte[] chunk) throws IOException {
        feeder.feedInput(chunk, 0, chunk.length);
        drain();
    }

    /** The body has ended: fails when it ended early or said neither status nor data. */
    Envelope finish() throws IOException {
        feeder.endOfInput();
        try (parser) {
            drain();
        }
        if (state != State.END) {
            throw new JsonParseException(parser, "body ended inside the JSON document");
        }
        if (status == null || "success".equals(status) && resultType == null) {
            throw new JsonParseException(parser, "response without status or data");
        }
        return new Envelope(status, Optional.ofNullable(errorType), Optional.ofNullable(error), resultType, seriesCount,
                warnings);
    }

    private void drain() throws IOException {
        for (JsonToken token = parser.nextToken(); token != null && token != JsonToken.NOT_AVAILABLE;
                token = parser.nextToken()) {
            if (skipDepth > 0) {
                skipDepth += token.isStructStart() ? 1 : token.isStructEnd() ? -1 : 0;
            } else {
                handle(token);
            }
        }
    }

    private void handle(JsonToken token) throws IOException {
        switch (state) {
            case ROOT_START -> {
                expect(token, JsonToken.START_OBJECT);
                state = State.ROOT;
            }
            case ROOT -> root(token);
            case WARNINGS -> warning(token);
            case DATA -> data(token);
            case RESULT -> result(token);
            case SERIES -> series(token);
            case METRIC -> label(token);
            case VALUES -> values(token);
            case SAMPLE_TIME -> sampleTime(token);
            case SAMPLE_VALUE -> sampleValue(token);
            case SAMPLE_END -> {
                expect(token, JsonToken.END_ARRAY);
                sampleDone();
            }
            case END -> throw new JsonParseException(parser, "content after the JSON document");
        }
    }

    private void root(JsonToken token) throws IOException {
        if (token == JsonToken.FIELD_NAME) {
            field = parser.currentName();
        } else if (token == JsonToken.END_OBJECT) {
            state = State.END;
        } else if (token == JsonToken.START_OBJECT && "data".equals(field)) {
            state = State.DATA;
        } else if (token == JsonToken.START_ARRAY && "warnings".equals(field)) {
            warnings = new ArrayList<>();
            state = State.WARNINGS;
        } else if (token.isStructStart()) {
            // infos are hints about the query (e.g. "might not be a counter"), not about missing data
            skipDepth = 1;
        } else {
            switch (field) {
                case "status" -> status = parser.getValueAsString();
                case "errorType" -> errorType = parser.getValueAsString();
                case "error" -> error = parser.getValueAsString();
                default -> {
                }
            }
        }
    }

    private void warning(JsonToken token) throws IOException {
        if (token == JsonToken.END_ARRAY) {
            state = State.ROOT;
        } else if (token.isScalarValue()) {
            warnings.add(parser.getValueAsString());
        } else {
            throw new JsonParseException(parser, "warning is not a string");
        }
    }

    private void data(JsonToken token) throws IOException {
        if (token == JsonToken.FIELD_NAME) {
            field = parser.currentName();
        } else if (token == JsonToken.END_OBJECT) {
            if (resultType == null || !resultSeen) {
                throw new JsonParseException(parser, "data without resultType or result");
            }
            state = State.ROOT;
        } else if (token == JsonToken.START_ARRAY && "result".equals(field)) {
            resultSeen = true;
            state = State.RESULT;
        } else if (token.isStructStart()) {
            skipDepth = 1;
        } else if ("resultType".equals(field)) {
            resultType = resultType(parser.getValueAsString());
        }
    }

    /** Fails for good (not as a parse error, which would be retried) on a string result: no caller asks for one. */
    private static String resultType(String resultType) {
        if (!RESULT_TYPES.contains(resultType)) {
            throw new IllegalStateException("unsupported resultType " + resultType);
        }
        return resultType;
    }

    /** A scalar is one sample, {@code [time, "value"]}, in place of the array of series; it becomes one series. */
    private void result(JsonToken token) throws IOException {
        if (token == JsonToken.END_ARRAY) {
            state = State.DATA;
        } else if (token.isNumeric()) {
            sampleOf = SampleOf.SCALAR;
            sampleTime(token);
        } else {
            expect(token, JsonToken.START_OBJECT);
            labels.clear();
            samples.clear();
            state = State.SERIES;
        }
    }

    /** Native-histogram samples ({@code histogram}, {@code histograms}) are skipped: no caller reads them. */
    private void series(JsonToken token) throws IOException {
        if (token == JsonToken.FIELD_NAME) {
            field = parser.currentName();
        } else if (token == JsonToken.END_OBJECT) {
            if (!samples.isEmpty()) {
                emit();
            }
            state = State.RESULT;
        } else if (token == JsonToken.START_OBJECT && "metric".equals(field)) {
            state = State.METRIC;
        } else if (token == JsonToken.START_ARRAY && "value".equals(field)) {
            sampleOf = SampleOf.VALUE;
            state = State.SAMPLE_TIME;
        } else if (token == JsonToken.START_ARRAY && "values".equals(field)) {
            state = State.VALUES;
        } else if (token.isStructStart()) {
            skipDepth = 1;
        }
    }

    private void label(JsonToken token) throws IOException {
        if (token == JsonToken.FIELD_NAME) {
            labels.add(parser.currentName());
        } else if (token == JsonToken.END_OBJECT) {
            state = State.SERIES;
        } else if (token == JsonToken.VALUE_STRING) {
            labels.add(labelValues.share(parser.getText()));
        } else {
            throw new JsonParseException(parser, "label value is not a string");
        }
    }

    private void values(JsonToken token) throws IOException {
        if (token == JsonToken.END_ARRAY) {
            state = State.SERIES;
        } else {
            expect(token, JsonToken.START_ARRAY);
            sampleOf = SampleOf.VALUES;
            state = State.SAMPLE_TIME;
        }
    }

    private void sampleTime(JsonToken token) throws IOException {
        if (!token.isNumeric()) {
            throw new JsonParseException(parser, "sample time is not a number");
        }
        // a time out of range throws NumberFormatException: not retried, the same body would fail again
        sampleTime = Instant.ofEpochMilli(SampleText.epochMillis(parser.getTextCharacters(), parser.getTextOffset(),
                parser.getTextLength()));
        state = State.SAMPLE_VALUE;
    }

    private void sampleValue(JsonToken token) throws IOException {
        if (token != JsonToken.VALUE_STRING) {
            throw new JsonParseException(parser, "sample value is not a string");
        }
        String text = parser.getText();
        try {
            sampleValue = SampleText.value(text);
        } catch (NumberFormatException e) {
            throw new JsonParseException(parser, "sample value is not a number: " + text);
        }
        state = State.SAMPLE_END;
    }

    private void sampleDone() {
        Sample sample = new Sample(sampleTime, sampleValue);
        switch (sampleOf) {
            case SCALAR -> {
                labels.clear();
                samples.clear();
                samples.add(sample);
                emit();
                state = State.DATA;
            }
            case VALUE -> {
                samples.add(sample);
                state = State.SERIES;
            }
            case VALUES -> {
                samples.add(sample);
                state = State.VALUES;
            }
        }
    }

    private void emit() {
        seriesCount++;
        sink.accept(new Series(labels.toArray(String[]::new),
                samples.size() == 1 ? List.of(samples.get(0)) : List.copyOf(samples)));
    }

    private void expect(JsonToken actual, JsonToken expected) throws JsonParseException {
        if (actual != expected) {
            throw new JsonParseException(parser, "expected " + expected + " but found " + actual);
        }
    }
}
