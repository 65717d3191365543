package org.aitelemetry.site.health;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.aitelemetry.site.api.ApiProblem;
import org.aitelemetry.site.page.PageContext;
import org.aitelemetry.site.page.PageContext.Section;
import org.aitelemetry.site.page.PageProblem;
import org.aitelemetry.site.page.Pages;
import org.aitelemetry.site.security.Roles;
import org.jboss.resteasy.reactive.RestQuery;

/**
 * Job health: a person names a job's namespace and its pods' name prefix (the job name) and sees whether any of the
 * GPUs or nodes it runs on is unhealthy, worst first. The same lookup and scope as {@code GET /api/v1/job-health}.
 */
@Path("/pages/job-health")
@RolesAllowed({Roles.ADMIN, Roles.MANAGER, Roles.RESEARCHER})
public class JobHealthPage {

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance jobHealth(PageContext page, String cluster, String namespace, String podPrefix,
                JobHealthView job);
    }

    private final Pages pages;
    private final JobHealthService jobs;

    public JobHealthPage(Pages pages, JobHealthService jobs) {
        this.pages = pages;
        this.jobs = jobs;
    }

    @GET
    @Produces(MediaType.TEXT_HTML)
    public Uni<TemplateInstance> jobHealth(@RestQuery String cluster, @RestQuery String namespace,
            @RestQuery String podPrefix) {
        PageContext page = pages.context("Job health", Section.JOB_HEALTH);
        if (isBlank(cluster) && isBlank(namespace) && isBlank(podPrefix)) {
            return Uni.createFrom().item(Templates.jobHealth(page, null, null, null, null));
        }
        return jobs.lookup(pages.caller(), cluster, namespace, List.of(), podPrefix)
                .map(job -> Templates.jobHealth(page, cluster, namespace, podPrefix, job))
                .onFailure(ApiProblem.class).transform(problem -> PageProblem.of((ApiProblem) problem));
    }

    private static boolean isBlank(String text) {
        return text == null || text.isBlank();
    }
}
