package org.aitelemetry.devkit.keycloak;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Keycloak 26.7's own start lines (from a first start of a fresh checkout) name the phase the progress shows. */
class KeycloakStartPhaseTest {

    private static final String BUILDING = "JAVA_OPTS_KC_HEAP already set in environment; overriding default settings\n"
            + "Updating the configuration and installing your custom providers, if any. Please wait.\n";
    private static final String STARTING = "Running the server in development mode. DO NOT use this configuration in "
            + "production.\n";
    private static final String IMPORTING = "2026-11-25 02:05:29,721 INFO  [org.keycloak.exportimport.dir."
            + "DirImportProvider] (main) Importing from directory /kc/bin/../data/import\n";

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            ''                                    | starting
            BUILDING                              | building the server (first run only)
            BUILDING,STARTING                     | starting the server
            STARTING                              | starting the server
            BUILDING,STARTING,IMPORTING           | importing the realms
            STARTING,IMPORTING                    | importing the realms
            """)
    void theLatestPhaseLoggedIsTheCurrentOne(String logged, String phase) {
        StringBuilder log = new StringBuilder();
        for (String part : logged.split(",")) {
            log.append(switch (part) {
                case "BUILDING" -> BUILDING;
                case "STARTING" -> STARTING;
                case "IMPORTING" -> IMPORTING;
                default -> "";
            });
        }

        assertThat(KeycloakStartPhase.of(log.toString())).isEqualTo(phase);
    }
}
