package org.aitelemetry.site.ngsild;

/**
 * A term of the NGSI-LD vocabulary: its JSON name, what it means and, for a measured Property, its unit. Entities are
 * built from terms only, and the published {@code @context} lists the terms every capability contributes
 * ({@link NgsiLdTerms}), so no data point goes undocumented.
 *
 * @param term        the name in the JSON (camelCase, as in the JSON API); entity types are capitalised
 * @param unitCode    UN/CEFACT common code of the unit, or null
 * @param unit        the unit in words (also where no common code fits, such as TFLOP/s), or null
 */
public record NgsiLdTerm(String term, String description, String unitCode, String unit) {

    public static NgsiLdTerm of(String term, String description) {
        return new NgsiLdTerm(term, description, null, null);
    }

    public static NgsiLdTerm measured(String term, String description, String unitCode, String unit) {
        return new NgsiLdTerm(term, description, unitCode, unit);
    }
}
