package org.aitelemetry.site.fleet;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.aitelemetry.site.api.ApiMediaTypes;
import org.aitelemetry.site.health.HealthBundle;
import org.aitelemetry.site.health.HealthBundleQueries;
import org.aitelemetry.site.page.PageContext;
import org.aitelemetry.site.page.PageContext.Section;
import org.aitelemetry.site.page.PageProblem;
import org.aitelemetry.site.page.Pages;
import org.aitelemetry.site.security.Caller;
import org.aitelemetry.site.security.Roles;
import org.jboss.resteasy.reactive.RestPath;

/**
 * A GPU: facts and latest readings, charts of its metrics, probe tests against baselines, verdicts, the caller's
 * usage sessions on it with their traces, its MIG slices, and its evidence bundle as JSON or Markdown.
 */
@Path("/pages/devices")
@RolesAllowed({Roles.ADMIN, Roles.MANAGER, Roles.RESEARCHER})
public class DevicePage {

    /** The contract's limit on a device UUID: a longer one names no GPU. */
    private static final int UUID_MAX_LENGTH = 64;

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance device(PageContext page, DeviceOverview overview);
    }

    private final Pages pages;
    private final DeviceOverviewService overviews;
    private final HealthBundleQueries bundles;

    public DevicePage(Pages pages, DeviceOverviewService overviews, HealthBundleQueries bundles) {
        this.pages = pages;
        this.overviews = overviews;
        this.bundles = bundles;
    }

    @GET
    @Path("/{uuid}")
    @Produces(MediaType.TEXT_HTML)
    public Uni<TemplateInstance> device(@RestPath String uuid) {
        known(uuid);
        Caller caller = pages.caller();
        return overviews.overview(caller, uuid).map(overview -> {
            PageProblem.found(overview, "GPU '" + uuid + "'");
            return Templates.device(PageContext.of(caller, "GPU " + uuid, Section.FLEET), overview);
        });
    }

    /**
     * The GPU's evidence bundle for a ticket, as the API serves it: pages link here because the API takes bearer
     * tokens only, not the page session.
     */
    @GET
    @Path("/{uuid}/bundle.json")
    @Produces(ApiMediaTypes.JSON)
    public Uni<HealthBundle> bundle(@RestPath String uuid) {
        known(uuid);
        return bundles.bundle(uuid).map(bundle -> PageProblem.found(bundle, "GPU '" + uuid + "'"));
    }

    @GET
    @Path("/{uuid}/bundle.md")
    @Produces(ApiMediaTypes.MARKDOWN + ";charset=utf-8")
    public Uni<String> bundleMarkdown(@RestPath String uuid) {
        return bundle(uuid).map(HealthBundle::markdown);
    }

    private static void known(String uuid) {
        if (uuid.length() > UUID_MAX_LENGTH) {
            throw PageProblem.notFound("GPU '" + uuid + "'");
        }
    }
}
