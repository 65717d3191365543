package org.aitelemetry.worker.allocation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.runtime.configuration.ConfigurationException;
import java.util.List;
import java.util.Optional;
import org.aitelemetry.worker.allocation.MetadataSource.Kind;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MetadataSourceTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            annotation:openshift.io/display-name | ANNOTATION | openshift.io/display-name | annotation_openshift_io_display_name
            annotation:cf_pi                     | ANNOTATION | cf_pi                     | annotation_cf_pi
            ' label:nerc.mghpcc.org/project '    | LABEL      | nerc.mghpcc.org/project   | label_nerc_mghpcc_org_project
            label:Institution                    | LABEL      | Institution               | label_Institution
            """)
    void sourcesAreReadAsKubeStateMetricsPublishesThem(String setting, Kind kind, String name, String label) {
        assertThat(MetadataSource.parse(setting)).isEqualTo(new MetadataSource(kind, name, label));
    }

    @ParameterizedTest(name = "''{0}''")
    @CsvSource(delimiter = '|', textBlock = """
            cf_pi
            annotations:cf_pi
            annotation:
            'annotation:has space'
            annotation:-leading-dash
            'label:a"b'
            """)
    void otherSpellingsAreRefused(String setting) {
        assertThatThrownBy(() -> MetadataSource.parse(setting)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'" + setting + "'").hasMessageContaining("'annotation:<key>' or 'label:<key>'");
    }

    @ParameterizedTest(name = "''{0}''")
    @CsvSource({"cf_pi", "annotation:x y"})
    void aMisspeltSettingNamesItsProperty(String setting) {
        assertThatThrownBy(() -> new ProjectMetadataMapping(new MetadataSettings(List.of(), List.of(), List.of(),
                Optional.empty(), Optional.of(List.of(setting)), Optional.empty())))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageStartingWith("telemetry.projects.metadata.institution: '" + setting + "'");
    }

    @ParameterizedTest(name = "{0} is cut to {1} characters")
    @CsvSource({"TITLE, 200", "PI, 253", "ALLOCATION_ID, 128"})
    void valuesAreCutToTheirColumn(ProjectField field, int length) {
        assertThat(field.stored("x".repeat(1000))).hasSize(length);
        assertThat(field.stored("  ")).isNull();
        assertThat(field.stored(" kept ")).isEqualTo("kept");
    }
}
