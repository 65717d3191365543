package org.aitelemetry.site.health;

import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import org.aitelemetry.site.api.ApiMediaTypes;
import org.aitelemetry.site.api.PageRequest;
import org.aitelemetry.site.api.QueryParams;
import org.aitelemetry.site.api.Rows;
import org.aitelemetry.site.security.Roles;
import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;

/**
 * {@code /api/v1/devices/{uuid}/health}: a GPU's current verdict with its evidence and advice, its verdicts from probe
 * runs newest first, and its evidence bundle for a ticket (JSON or Markdown, by Accept).
 */
@Path("/api/v1/devices/{uuid}/health")
@Produces(ApiMediaTypes.JSON)
@RolesAllowed({Roles.ADMIN, Roles.MANAGER, Roles.RESEARCHER})
public class DeviceHealthResource {

    static final int UUID_MAX = 64;
    private static final String DEVICE = "device";
    static final String MARKDOWN_UTF8 = ApiMediaTypes.MARKDOWN + ";charset=utf-8";

    private final DeviceHealthQueries health;
    private final HealthBundleQueries bundles;

    public DeviceHealthResource(DeviceHealthQueries health, HealthBundleQueries bundles) {
        this.health = health;
        this.bundles = bundles;
    }

    @GET
    public Uni<DeviceHealthPage> history(@RestPath String uuid, @RestQuery String page,
            @RestQuery String size, @RestQuery String from, @RestQuery String to) {
        return health.history(QueryParams.text("uuid", uuid, UUID_MAX), Rows.utc(QueryParams.time("from", from)),
                Rows.utc(QueryParams.time("to", to)), PageRequest.of(page, size))
                .map(history -> Rows.found(history, DEVICE));
    }

    /** JSON unless the caller prefers Markdown: {@code *}{@code /*} and JSON-first Accept headers get JSON. */
    @GET
    @Path("/bundle")
    @Produces({ApiMediaTypes.JSON, ApiMediaTypes.MARKDOWN})
    public Uni<Response> bundle(@RestPath String uuid, HttpHeaders headers) {
        boolean markdown = prefersMarkdown(headers.getAcceptableMediaTypes());
        return bundles.bundle(QueryParams.text("uuid", uuid, UUID_MAX)).map(bundle -> {
            HealthBundle found = Rows.found(bundle, DEVICE);
            return markdown ? Response.ok(found.markdown(), MARKDOWN_UTF8).build()
                    : Response.ok(found, ApiMediaTypes.JSON).build();
        });
    }

    /** The first acceptable type (highest quality first) decides; one naming neither format is skipped. */
    static boolean prefersMarkdown(List<MediaType> acceptable) {
        for (MediaType type : acceptable) {
            if (type.isWildcardType() || type.isCompatible(MediaType.APPLICATION_JSON_TYPE)) {
                return false;
            }
            if (type.isCompatible(MediaType.valueOf(ApiMediaTypes.MARKDOWN))) {
                return true;
            }
        }
        return false;
    }
}
