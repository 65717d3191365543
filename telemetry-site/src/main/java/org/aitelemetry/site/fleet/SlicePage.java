package org.aitelemetry.site.fleet;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.aitelemetry.site.page.PageContext;
import org.aitelemetry.site.page.PageContext.Section;
import org.aitelemetry.site.page.PageProblem;
import org.aitelemetry.site.page.Pages;
import org.aitelemetry.site.security.Caller;
import org.aitelemetry.site.security.Roles;
import org.jboss.resteasy.reactive.RestPath;

/**
 * A MIG slice: its profile, GPU, readings and, as in the API ({@code GET /api/v1/slices/{id}}), who holds it only for
 * the holder project's members and admins; anyone else sees the slice without its holder.
 */
@Path("/pages/slices")
@RolesAllowed({Roles.ADMIN, Roles.MANAGER, Roles.RESEARCHER})
public class SlicePage {

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance slice(PageContext page, SliceView slice, NodeAddress address);
    }

    private final Pages pages;
    private final SliceQueries slices;
    private final NodeQueries nodes;

    public SlicePage(Pages pages, SliceQueries slices, NodeQueries nodes) {
        this.pages = pages;
        this.slices = slices;
        this.nodes = nodes;
    }

    @GET
    @Path("/{id}")
    @Produces(MediaType.TEXT_HTML)
    public Uni<TemplateInstance> slice(@RestPath String id) {
        long sliceId = PageProblem.id(id, "MIG slice");
        Caller caller = pages.caller();
        return slices.byId(caller, sliceId).flatMap(slice -> {
            PageProblem.found(slice, "MIG slice '" + id + "'");
            return nodes.addressOfDevice(slice.deviceUuid()).map(address -> Templates.slice(PageContext.of(caller,
                    "MIG slice " + slice.profile() + " on GPU " + slice.deviceUuid(), Section.FLEET), slice, address));
        });
    }
}
