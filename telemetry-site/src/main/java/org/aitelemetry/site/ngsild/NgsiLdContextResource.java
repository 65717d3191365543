package org.aitelemetry.site.ngsild;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.annotation.security.PermitAll;
import jakarta.enterprise.inject.Instance;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The public JSON-LD {@code @context} of the NGSI-LD representations: every term mapped to its IRI, and beside it a
 * {@code vocabulary} that says what each term means and in which unit (JSON-LD processors ignore keys other than
 * {@code @context}, people read them).
 */
@Path(NgsiLd.CONTEXT_PATH)
public class NgsiLdContextResource {

    private final String document;

    public NgsiLdContextResource(Instance<NgsiLdTerms> contributions, ObjectMapper json)
            throws JsonProcessingException {
        Map<String, Object> context = new TreeMap<>();
        Map<String, Object> vocabulary = new TreeMap<>();
        contributions.forEach(contribution -> contribution.terms().forEach(term -> {
            if (context.put(term.term(), NgsiLd.VOCABULARY + term.term()) != null) {
                // One meaning per term: a second definition would silently replace the first in the vocabulary.
                throw new IllegalStateException("NGSI-LD term '" + term.term() + "' is defined twice");
            }
            Map<String, Object> definition = new LinkedHashMap<>();
            definition.put("description", term.description());
            if (term.unit() != null) {
                definition.put("unit", term.unit());
            }
            if (term.unitCode() != null) {
                definition.put("unitCode", term.unitCode());
            }
            vocabulary.put(term.term(), definition);
        }));
        document = json.writeValueAsString(Map.of("@context", context, "vocabulary", vocabulary));
    }

    @GET
    @PermitAll
    @Produces(NgsiLd.MEDIA_TYPE)
    public String context() {
        return document;
    }
}
