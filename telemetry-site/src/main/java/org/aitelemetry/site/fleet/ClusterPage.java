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
import org.aitelemetry.site.page.Pager;
import org.aitelemetry.site.page.Pages;
import org.aitelemetry.site.page.TableQuery;
import org.aitelemetry.site.security.Caller;
import org.aitelemetry.site.security.Roles;
import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;

/** A cluster: its sync facts, utilization and power charts, and its nodes, searchable by name and paged. */
@Path("/pages/clusters")
@RolesAllowed({Roles.ADMIN, Roles.MANAGER, Roles.RESEARCHER})
public class ClusterPage {

    static final int NODES_PER_PAGE = 50;
    /** Kubernetes node names are at most 253 characters, so a longer search cannot match. */
    private static final int MAX_SEARCH = 253;

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance cluster(PageContext page, ClusterView cluster, List<GpuModelCount> models,
                List<ClusterNodeRow> nodes, TableQuery query, Pager pager);
    }

    private final Pages pages;
    private final ClusterQueries clusters;

    public ClusterPage(Pages pages, ClusterQueries clusters) {
        this.pages = pages;
        this.clusters = clusters;
    }

    @GET
    @Path("/{id}")
    @Produces(MediaType.TEXT_HTML)
    public Uni<TemplateInstance> cluster(@RestPath String id, @RestQuery String q, @RestQuery String page) {
        long clusterId = PageProblem.id(id, "cluster");
        TableQuery query = TableQuery.parse(q, page, MAX_SEARCH);
        Caller caller = pages.caller();
        return Uni.combine().all().unis(clusters.byId(clusterId), clusters.modelCounts(clusterId),
                clusters.nodes(clusterId, query.search(), query.request(NODES_PER_PAGE)))
                .with((cluster, models, nodePage) -> {
                    PageProblem.found(cluster, "cluster '" + id + "'");
                    PageContext frame = PageContext.of(caller, "Cluster " + cluster.name(), Section.FLEET);
                    return Templates.cluster(frame, cluster, models, nodePage.items(), query,
                            Pager.of(nodePage.page(), "/pages/clusters/" + clusterId, query));
                });
    }
}
