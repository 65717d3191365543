package org.aitelemetry.site.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.net.http.HttpResponse;
import org.aitelemetry.devkit.keycloak.DemoUser;
import org.aitelemetry.site.support.Fixture;
import org.aitelemetry.site.support.Html;
import org.aitelemetry.site.support.SitePageTest;
import org.aitelemetry.site.support.SiteTestProfile;
import org.junit.jupiter.api.Test;

/**
 * The MIG slice page, scoped as {@code GET /api/v1/slices/{id}}: the slice is inventory, who holds it (project, pod,
 * container) is shown only to the holder project's members and admins.
 */
@QuarkusTest
@TestProfile(SiteTestProfile.class)
class SlicePageTest extends SitePageTest {

    @Test
    void showsAMemberItsProjectsSliceWithHolderAndReadings() throws Exception {
        String facts = Html.element(page(DemoUser.ADA, "/pages/slices/" + Fixture.OWN_SLICE).body(), "facts");
        assertThat(facts).contains("<dd>1g.10gb</dd>").contains("<dd>1</dd>")
                .contains("<a href=\"/pages/devices/" + Fixture.DEVICE_MIG + "\">")
                .contains("<a href=\"/pages/nodes/102\">worker-gpu-0002</a> in "
                        + "<a href=\"/pages/clusters/10\">cluster-01</a>")
                .contains("<a href=\"/pages/projects/501\">cluster-01/nlp-001</a>")
                .contains("<dd id=\"pod\">nlp-notebook-0</dd>").contains("<dd>notebook</dd>")
                .contains("<dd id=\"engine-active\">42 %</dd>").contains("6000 MiB used, 3700 MiB free");
    }

    @Test
    void showsAnotherProjectsSliceWithoutItsHolderAsTheApiDoes() throws Exception {
        HttpResponse<String> other = page(DemoUser.ADA, "/pages/slices/" + Fixture.OTHER_SLICE);
        assertThat(other.statusCode()).isEqualTo(200);
        assertThat(Html.element(other.body(), "holder")).contains("shown to the holding project's members only");
        assertThat(Html.element(other.body(), "engine-active")).endsWith(">91 %");
        assertThat(other.body()).doesNotContain("vision-002").doesNotContain("vision-train-0")
                .doesNotContain("id=\"pod\"");
        String forAdmin = page(DemoUser.MARGARET, "/pages/slices/" + Fixture.OTHER_SLICE).body();
        assertThat(Html.element(forAdmin, "holder"))
                .contains("<a href=\"/pages/projects/502\">cluster-01/vision-002</a>");
        assertThat(Html.element(forAdmin, "pod")).endsWith(">vision-train-0");
    }

    @Test
    void anUnknownSliceIsANotFoundPage() throws Exception {
        for (String id : new String[] {"999999", "-1", "1g.10gb"}) {
            HttpResponse<String> missing = page(DemoUser.GRACE, "/pages/slices/" + id);
            assertThat(missing.statusCode()).isEqualTo(404);
            assertThat(Html.element(missing.body(), "problem")).contains("There is no MIG slice &#39;" + id + "&#39;");
        }
    }
}
