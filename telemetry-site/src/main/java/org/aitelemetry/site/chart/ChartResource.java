package org.aitelemetry.site.chart;

import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;
import org.aitelemetry.site.api.ApiProblem;
import org.aitelemetry.site.page.Pages;
import org.aitelemetry.site.security.Roles;

/**
 * The pages' chart data: {@code GET /pages/charts/{chart}?<subject>=…&range=…}. Only the named charts of
 * {@link ChartName} exist, and only their parameters are accepted — a request carrying anything else (a {@code query},
 * say) is refused, so no PromQL ever comes from a browser (acceptance scenario 22). A project the caller is not a
 * member of is a 404, as in the API.
 */
@Path("/pages/charts")
@RolesAllowed({Roles.ADMIN, Roles.MANAGER, Roles.RESEARCHER})
public class ChartResource {

    private static final String RANGE = "range";
    private static final ChartRange DEFAULT_RANGE = ChartRange.DAY;

    private final ChartTargetQueries targets;
    private final ChartReader reader;
    private final Pages pages;

    public ChartResource(ChartTargetQueries targets, ChartReader reader, Pages pages) {
        this.targets = targets;
        this.reader = reader;
        this.pages = pages;
    }

    @GET
    @Path("/{chart}")
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<ChartData> chart(@PathParam("chart") String name, @Context UriInfo uri) {
        ChartName chart = ChartName.byId(name).orElseThrow(() -> ApiProblem.notFound("chart '" + name + "'"));
        MultivaluedMap<String, String> parameters = uri.getQueryParameters();
        onlyKnownParameters(chart, parameters);
        ChartRange range = parameters.containsKey(RANGE) ? ChartRange.parse(parameters.getFirst(RANGE))
                .orElseThrow(() -> ApiProblem.badParameter(RANGE, "must be one of 1h, 6h, 24h, 7d, 30d")) : DEFAULT_RANGE;
        return target(chart, parameters).flatMap(target -> {
            if (target == null) {
                throw ApiProblem.notFound(chart.subject().name().toLowerCase() + " '"
                        + parameters.getFirst(chart.subject().parameter()) + "'");
            }
            return reader.draw(chart, target, range);
        });
    }

    private Uni<ChartTarget> target(ChartName chart, MultivaluedMap<String, String> parameters) {
        String parameter = chart.subject().parameter();
        String value = parameter == null ? null : parameters.getFirst(parameter);
        if (parameter != null && (value == null || value.isBlank())) {
            throw ApiProblem.badParameter(parameter, "is required by chart '" + chart.id() + "'");
        }
        return switch (chart.subject()) {
            case FLEET -> targets.fleet();
            case CLUSTER -> targets.cluster(id(parameter, value));
            case DEVICE -> targets.device(value);
            case PROJECT -> targets.project(pages.caller(), id(parameter, value));
        };
    }

    private static void onlyKnownParameters(ChartName chart, MultivaluedMap<String, String> parameters) {
        List<String> allowed = chart.subject().parameter() == null ? List.of(RANGE)
                : List.of(RANGE, chart.subject().parameter());
        for (var entry : parameters.entrySet()) {
            if (!allowed.contains(entry.getKey())) {
                throw ApiProblem.badParameter(entry.getKey(), "is not accepted: chart '" + chart.id() + "' takes only " + allowed);
            }
            if (entry.getValue().size() > 1) {
                throw ApiProblem.badParameter(entry.getKey(), "is given more than once");
            }
        }
    }

    private static long id(String parameter, String value) {
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw ApiProblem.badParameter(parameter, "must be a whole number (an id)");
        }
    }
}
