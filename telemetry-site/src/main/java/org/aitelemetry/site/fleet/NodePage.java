package org.aitelemetry.site.fleet;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.aitelemetry.site.page.PageContext;
import org.aitelemetry.site.page.PageContext.Section;
import org.aitelemetry.site.page.PageProblem;
import org.aitelemetry.site.page.Pages;
import org.aitelemetry.site.security.Caller;
import org.aitelemetry.site.security.Roles;
import org.jboss.resteasy.reactive.RestPath;

/** A GPU node: its verdict, software and labels, and a card per GPU with its readings and verdict. */
@Path("/pages/nodes")
@RolesAllowed({Roles.ADMIN, Roles.MANAGER, Roles.RESEARCHER})
public class NodePage {

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance node(PageContext page, NodeView node, NodeAddress address,
                List<NodeGpuCard> gpus);
    }

    private final Pages pages;
    private final NodeQueries nodes;
    private final DeviceQueries devices;

    public NodePage(Pages pages, NodeQueries nodes, DeviceQueries devices) {
        this.pages = pages;
        this.nodes = nodes;
        this.devices = devices;
    }

    @GET
    @Path("/{id}")
    @Produces(MediaType.TEXT_HTML)
    public Uni<TemplateInstance> node(@RestPath String id) {
        long nodeId = PageProblem.id(id, "node");
        Caller caller = pages.caller();
        return Uni.combine().all().unis(nodes.byId(nodeId), nodes.addressOf(nodeId), devices.ofNode(nodeId))
                .with((node, address, cards) -> {
                    PageProblem.found(node, "node '" + id + "'");
                    return Templates.node(PageContext.of(caller, "Node " + node.cluster() + "/" + node.name(),
                            Section.FLEET), node, address, cards);
                });
    }
}
