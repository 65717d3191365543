package org.aitelemetry.devkit.otlp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.util.JsonFormat;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/** The two OTLP/HTTP payload encodings: what a request body decodes to and what a success answers with. */
enum ExportEncoding {

    PROTOBUF("application/x-protobuf") {
        @Override
        ExportTraceServiceRequest decode(byte[] body) throws IOException {
            return ExportTraceServiceRequest.parseFrom(body);
        }

        @Override
        byte[] emptyResponse() {
            return ExportTraceServiceResponse.getDefaultInstance().toByteArray();
        }
    },

    /**
     * OTLP/JSON: the proto3 JSON mapping except that trace and span ids are hex, not base64, so they are rewritten to
     * base64 before protobuf's parser reads them.
     */
    JSON("application/json") {
        @Override
        ExportTraceServiceRequest decode(byte[] body) throws IOException {
            JsonNode tree = MAPPER.readTree(body);
            hexIdsToBase64(tree);
            ExportTraceServiceRequest.Builder request = ExportTraceServiceRequest.newBuilder();
            JsonFormat.parser().ignoringUnknownFields().merge(MAPPER.writeValueAsString(tree), request);
            return request.build();
        }

        @Override
        byte[] emptyResponse() throws InvalidProtocolBufferException {
            return JsonFormat.printer().print(ExportTraceServiceResponse.getDefaultInstance())
                    .getBytes(StandardCharsets.UTF_8);
        }
    };

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Set<String> ID_FIELDS = Set.of("traceId", "spanId", "parentSpanId");

    private final String contentType;

    ExportEncoding(String contentType) {
        this.contentType = contentType;
    }

    String contentType() {
        return contentType;
    }

    /** Malformed bodies throw an {@link IOException} or an {@link IllegalArgumentException} (a bad hex id). */
    abstract ExportTraceServiceRequest decode(byte[] body) throws IOException;

    abstract byte[] emptyResponse() throws IOException;

    /** The encoding of a request's {@code Content-Type} (parameters such as a charset ignored), if OTLP has it. */
    static Optional<ExportEncoding> of(String contentType) {
        if (contentType == null) {
            return Optional.empty();
        }
        String mediaType = contentType.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(encoding -> encoding.contentType.equals(mediaType)).findFirst();
    }

    private static void hexIdsToBase64(JsonNode node) {
        if (node instanceof ObjectNode object) {
            for (String field : ID_FIELDS) {
                JsonNode id = object.get(field);
                if (id != null && id.isTextual()) {
                    object.put(field, Base64.getEncoder().encodeToString(HexFormat.of().parseHex(id.textValue())));
                }
            }
        }
        node.forEach(ExportEncoding::hexIdsToBase64);
    }
}
