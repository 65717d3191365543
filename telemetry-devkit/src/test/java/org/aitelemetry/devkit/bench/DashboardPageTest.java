package org.aitelemetry.devkit.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The empty-table texts the benchmark looks for are the ones the site prints: in the page's template or in a template
 * it includes (those stand at the top of the templates folder).
 */
class DashboardPageTest {

    private static final Path TEMPLATES = Path.of("..", "telemetry-site", "src", "main", "resources", "templates");

    @Test
    void everyEmptyTableTextIsInTheSitesTemplates() throws IOException {
        assertThat(DashboardPage.FLEET.emptyTablesIn(templates("FleetPage/fleet.html"))).hasSize(2);
        assertThat(DashboardPage.PROJECT.emptyTablesIn(templates("ProjectPage/project.html"))).hasSize(3);
    }

    @Test
    void aPageWithRowsShowsNone() {
        assertThat(DashboardPage.PROJECT.emptyTablesIn("<table id=\"sessions\"><tr><td>OPEN</td></tr></table>"))
                .isEmpty();
        assertThat(DashboardPage.FLEET.emptyTablesIn("<td>Every GPU with a verdict is healthy.</td>"))
                .isEqualTo(List.of("Every GPU with a verdict is healthy"));
    }

    @Test
    void theProjectPageShowsTheProject() {
        assertThat(DashboardPage.FLEET.path(7)).isEqualTo("/pages/fleet");
        assertThat(DashboardPage.PROJECT.path(7)).isEqualTo("/pages/projects/7");
    }

    private static String templates(String page) throws IOException {
        StringBuilder text = new StringBuilder(Files.readString(TEMPLATES.resolve(page)));
        try (Stream<Path> includes = Files.list(TEMPLATES)) {
            for (Path include : includes.filter(path -> path.toString().endsWith(".html")).toList()) {
                text.append(Files.readString(include));
            }
        }
        return text.toString();
    }
}
