package org.aitelemetry.site.page;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * Answers a {@link PageProblem} with an HTML page in the site's frame. Only pages throw it, so the API's refusals keep
 * their problem documents ({@link org.aitelemetry.site.api.ProblemMappers}).
 */
public class PageProblemMapper {

    @CheckedTemplate(basePath = "")
    static class Templates {
        static native TemplateInstance problem(PageContext page, PageProblem problem);
    }

    private final Pages pages;

    public PageProblemMapper(Pages pages) {
        this.pages = pages;
    }

    @ServerExceptionMapper
    public Response page(PageProblem problem) {
        PageContext page = pages.context(problem.title(), null);
        return Response.status(problem.status()).type(MediaType.TEXT_HTML_TYPE.withCharset("UTF-8"))
                .entity(Templates.problem(page, problem).render()).build();
    }
}
