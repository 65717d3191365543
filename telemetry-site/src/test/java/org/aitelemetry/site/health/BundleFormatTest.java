package org.aitelemetry.site.health;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.ws.rs.core.MediaType;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The evidence bundle comes as JSON unless the Accept header prefers Markdown. */
class BundleFormatTest {

    @ParameterizedTest(name = "Accept {0} → Markdown {1}")
    @CsvSource(delimiter = ';', value = {"*/*;false", "application/json;false", "text/markdown;true",
        "text/markdown,application/json;true", "application/json,text/markdown;false", "text/*;true",
        "text/html,text/markdown;true"})
    void theBundleIsMarkdownOnlyWhenPreferred(String accept, boolean markdown) {
        List<MediaType> types = Arrays.stream(accept.split(",")).map(MediaType::valueOf).toList();
        assertThat(DeviceHealthResource.prefersMarkdown(types)).isEqualTo(markdown);
    }
}
