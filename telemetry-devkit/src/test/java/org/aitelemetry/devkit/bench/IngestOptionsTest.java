package org.aitelemetry.devkit.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class IngestOptionsTest {

    @Test
    void defaultsAreTheDocumentedRun() {
        assertThat(IngestOptions.parse(new String[0]))
                .isEqualTo(new IngestOptions(10, 20, 8, 1, 99, 0.2, 200, 50, 5, 60, 0, 1));
    }

    @Test
    void readsEveryOption() {
        IngestOptions options = IngestOptions.parse(new String[] {"--smoke", "--seconds", "7", "--senders", "4",
                "--batch", "1-16", "--duplicates", "0.5", "--nodes", "40", "--open", "8", "--rate", "5000",
                "--replicas", "2"});

        assertThat(options).isEqualTo(new IngestOptions(2, 7, 4, 1, 16, 0.5, 40, 8, 1, 10, 5000, 2));
        assertThat(IngestOptions.parse(new String[] {"--batch", "50"}).batchMax()).isEqualTo(50);
    }

    @Test
    void refusesWhatCannotRun() {
        assertThatThrownBy(() -> IngestOptions.parse(new String[] {"--batch", "9-3"})).hasMessageContaining("MIN-MAX");
        assertThatThrownBy(() -> IngestOptions.parse(new String[] {"--duplicates", "1"})).hasMessageContaining("below 1");
        assertThatThrownBy(() -> IngestOptions.parse(new String[] {"--senders", "9", "--nodes", "8"}))
                .hasMessageContaining("each sender owns its nodes");
        assertThatThrownBy(() -> IngestOptions.parse(new String[] {"--senders", "2", "--replicas", "3"}))
                .hasMessageContaining("each replica gets its senders");
        assertThatThrownBy(() -> IngestOptions.parse(new String[] {"--seconds"})).hasMessageContaining("needs a value");
        assertThatThrownBy(() -> IngestOptions.parse(new String[] {"--fast"})).hasMessageContaining("unknown option");
    }
}
