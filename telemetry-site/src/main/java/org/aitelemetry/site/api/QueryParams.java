package org.aitelemetry.site.api;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * Parses query and path parameters into typed values, refusing malformed ones with a problem that names the parameter:
 * the resources take parameters as strings so that a bad value gets the API's 400, not the framework's bare 404.
 */
public final class QueryParams {

    private QueryParams() {
    }

    public static int integer(String name, String value, int defaultValue, int min, int max) {
        if (value == null || value.isEmpty()) {
            return defaultValue;
        }
        try {
            int parsed = Integer.parseInt(value);
            if (parsed < min || parsed > max) {
                throw ApiProblem.badParameter(name, "must be between " + min + " and " + max);
            }
            return parsed;
        } catch (NumberFormatException e) {
            throw ApiProblem.badParameter(name, "must be an integer");
        }
    }

    /** A positive id (a path parameter or a filter); null when absent and optional. */
    public static Long id(String name, String value) {
        if (value == null || value.isEmpty()) {
            return null;
        }
        try {
            long parsed = Long.parseLong(value);
            if (parsed < 1) {
                throw ApiProblem.badParameter(name, "must be a positive integer");
            }
            return parsed;
        } catch (NumberFormatException e) {
            throw ApiProblem.badParameter(name, "must be a positive integer");
        }
    }

    public static UUID uuid(String name, String value) {
        try {
            return UUID.fromString(value);
        } catch (IllegalArgumentException | NullPointerException e) {
            throw ApiProblem.badParameter(name, "must be a UUID");
        }
    }

    public static Boolean bool(String name, String value) {
        if (value == null || value.isEmpty()) {
            return null;
        }
        return switch (value) {
            case "true" -> true;
            case "false" -> false;
            default -> throw ApiProblem.badParameter(name, "must be true or false");
        };
    }

    /** An RFC 3339 timestamp with offset; null when absent. */
    public static Instant time(String name, String value) {
        if (value == null || value.isEmpty()) {
            return null;
        }
        try {
            return OffsetDateTime.parse(value).toInstant();
        } catch (DateTimeParseException e) {
            throw ApiProblem.badParameter(name, "must be an RFC 3339 date-time such as 2026-01-31T12:00:00Z");
        }
    }

    /** The value of an enumerated parameter (case as in the contract); null when absent. */
    public static <E extends Enum<E>> E enumerated(String name, String value, Class<E> type) {
        if (value == null || value.isEmpty()) {
            return null;
        }
        try {
            return Enum.valueOf(type, value);
        } catch (IllegalArgumentException e) {
            Set<String> allowed = Arrays.stream(type.getEnumConstants()).map(Enum::name)
                    .collect(Collectors.toCollection(java.util.TreeSet::new));
            throw ApiProblem.badParameter(name, "must be one of " + allowed);
        }
    }

    /** A free-text filter, refused beyond its length limit; null when absent. */
    public static String text(String name, String value, int maxLength) {
        if (value == null || value.isEmpty()) {
            return null;
        }
        if (value.length() > maxLength) {
            throw ApiProblem.badParameter(name, "is longer than " + maxLength + " characters");
        }
        return value;
    }
}
