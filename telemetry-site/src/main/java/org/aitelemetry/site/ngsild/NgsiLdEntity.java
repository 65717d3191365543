package org.aitelemetry.site.ngsild;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Builds one NGSI-LD entity (ETSI GS CIM 009): {@code id} a URN {@code urn:ngsi-ld:<type>:<key>}, data points as
 * Properties (value, unitCode) or Relationships (object: another entity's URN). Null values are left out, as NGSI-LD
 * has no null Property.
 */
public final class NgsiLdEntity {

    private final Map<String, Object> attributes = new LinkedHashMap<>();

    private NgsiLdEntity(NgsiLdTerm type, Object... key) {
        attributes.put("id", urn(type, key));
        attributes.put("type", type.term());
    }

    /** An entity of the type, identified by its natural key (one or more parts, e.g. cluster and node name). */
    public static NgsiLdEntity of(NgsiLdTerm type, Object... key) {
        return new NgsiLdEntity(type, key);
    }

    /** {@code urn:ngsi-ld:<type>:<part>:<part>}, each part percent-encoded so names with spaces or colons fit. */
    public static String urn(NgsiLdTerm type, Object... key) {
        StringBuilder urn = new StringBuilder("urn:ngsi-ld:").append(type.term());
        for (Object part : key) {
            urn.append(':').append(URLEncoder.encode(String.valueOf(part), StandardCharsets.UTF_8)
                    .replace("+", "%20"));
        }
        return urn.toString();
    }

    public NgsiLdEntity property(NgsiLdTerm term, Object value) {
        if (value != null) {
            Map<String, Object> property = new LinkedHashMap<>();
            property.put("type", "Property");
            property.put("value", value instanceof OffsetDateTime time ? dateTime(time) : value);
            if (term.unitCode() != null) {
                property.put("unitCode", term.unitCode());
            }
            attributes.put(term.term(), property);
        }
        return this;
    }

    /** A Property measured at a time ({@code observedAt}), such as a reading. */
    public NgsiLdEntity reading(NgsiLdTerm term, Object value, OffsetDateTime observedAt) {
        property(term, value);
        if (value != null && observedAt != null) {
            @SuppressWarnings("unchecked")
            Map<String, Object> property = (Map<String, Object>) attributes.get(term.term());
            property.put("observedAt", observedAt.toInstant().toString());
        }
        return this;
    }

    /** A Relationship to the entity of {@code targetType} with that key; left out when a key part is null. */
    public NgsiLdEntity relationship(NgsiLdTerm term, NgsiLdTerm targetType, Object... targetKey) {
        if (Arrays.stream(targetKey).noneMatch(Objects::isNull)) {
            attributes.put(term.term(), Map.of("type", "Relationship", "object", urn(targetType, targetKey)));
        }
        return this;
    }

    Map<String, Object> toMap(Object context) {
        Map<String, Object> map = new LinkedHashMap<>(attributes);
        map.put("@context", context);
        return map;
    }

    private static Map<String, Object> dateTime(OffsetDateTime time) {
        return Map.of("@type", "DateTime", "@value", time.toInstant().toString());
    }
}
