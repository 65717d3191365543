package org.aitelemetry.site.ngsild;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.enterprise.inject.Instance;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.MessageBodyWriter;
import jakarta.ws.rs.ext.Provider;
import java.io.OutputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.util.List;
import org.aitelemetry.site.api.Page;
import org.aitelemetry.site.config.SiteConfig;

/**
 * Writes models as NGSI-LD for {@code Accept: application/ld+json}: one entity, or a page as an array of entities
 * with the paging in headers ({@code X-Total-Count}, {@code Link} rel=next), as NGSI-LD query results are shaped.
 */
@Provider
@Produces(NgsiLd.MEDIA_TYPE)
public class NgsiLdWriter implements MessageBodyWriter<Object> {

    private final ObjectMapper json;
    /** Looked up per write: providers are built before runtime configuration exists. */
    private final Instance<SiteConfig> config;

    public NgsiLdWriter(ObjectMapper json, Instance<SiteConfig> config) {
        this.json = json;
        this.config = config;
    }

    @Override
    public boolean isWriteable(Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType) {
        return NgsiLdRepresentable.class.isAssignableFrom(type) || Page.class.isAssignableFrom(type);
    }

    @Override
    public void writeTo(Object entity, Class<?> type, Type genericType, Annotation[] annotations,
            MediaType mediaType, MultivaluedMap<String, Object> headers, OutputStream out)
            throws java.io.IOException {
        if (entity instanceof Page<?> page) {
            headers.putSingle("X-Total-Count", page.page().totalItems());
            if (page.page().number() + 1 < page.page().totalPages()) {
                headers.putSingle("Link", "<?page=" + (page.page().number() + 1) + "&size=" + page.page().size()
                        + ">; rel=\"next\"");
            }
            json.writeValue(out, page.items().stream().map(item -> entity(item, context())).toList());
        } else {
            json.writeValue(out, entity(entity, context()));
        }
    }

    private List<String> context() {
        return List.of(config.get().publicUrl().resolve(NgsiLd.CONTEXT_PATH).toString(), NgsiLd.CORE_CONTEXT);
    }

    private Object entity(Object model, List<String> context) {
        if (!(model instanceof NgsiLdRepresentable representable)) {
            throw new IllegalStateException(model.getClass() + " has no NGSI-LD representation");
        }
        return representable.toNgsiLd().toMap(context);
    }
}
