package org.aitelemetry.site.health;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Text from the fleet or the probe cannot form markup in a Markdown ticket, nor break out of its table cell. */
class MarkdownTextTest {

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiter = '¦', value = {
        "gemm_bf16 at 61% of the baseline¦gemm\\_bf16 at 61% of the baseline",
        "<script>alert(1)</script>¦&lt;script&gt;alert\\(1\\)&lt;/script&gt;",
        "<img src=x onerror=alert(1)>¦&lt;img src=x onerror=alert\\(1\\)&gt;",
        "a | b¦a \\| b",
        "[click](https://evil.example)¦\\[click\\]\\(https\\://evil.example\\)",
        "![img](x)¦\\!\\[img\\]\\(x\\)",
        "**bold** _it_ `code` ~strike~¦\\*\\*bold\\*\\* \\_it\\_ \\`code\\` \\~strike\\~",
        "see www.evil.example¦see www\\.evil.example",
        "# heading¦\\# heading",
        "back\\slash¦back\\\\slash",
        "\"quoted\" & more¦&quot;quoted&quot; &amp; more",
        "  ¦–",
    })
    void escapesUntrustedText(String text, String escaped) {
        assertThat(MarkdownText.of(text)).isEqualTo(escaped);
    }

    @Test
    void keepsACellOnOneLine() {
        assertThat(MarkdownText.of("line one\nline two")).isEqualTo("line one line two");
        assertThat(MarkdownText.of("a\r\n\r\nb")).isEqualTo("a b");
        assertThat(MarkdownText.of("a\u2028b")).isEqualTo("a b");
    }

    @Test
    void printsNumbersAsTheyAreAndStructuresAsEscapedJson() {
        assertThat(MarkdownText.of(null)).isEqualTo("–");
        assertThat(MarkdownText.of(790.1)).isEqualTo("790.1");
        assertThat(MarkdownText.of(Map.of("xids", List.of(79)))).isEqualTo("\\{\"xids\"\\:\\[79\\]\\}"
                .replace("\"", "&quot;"));
        assertThat(MarkdownText.row("a|b", 1)).isEqualTo("| a\\|b | 1 |\n");
    }
}
