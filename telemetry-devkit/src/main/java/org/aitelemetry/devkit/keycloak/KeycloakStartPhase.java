package org.aitelemetry.devkit.keycloak;

import java.util.List;

/** What a starting Keycloak is doing, from the lines its start has logged so far (Keycloak 26's wording). */
final class KeycloakStartPhase {

    private record Marker(String logLine, String phase) {
    }

    /** Latest phase first: the first marker found in the log names the current phase. */
    private static final List<Marker> MARKERS = List.of(
            new Marker("Importing from directory", "importing the realms"),
            new Marker("Running the server in development mode", "starting the server"),
            new Marker("Updating the configuration", "building the server (first run only)"));

    private KeycloakStartPhase() {
    }

    static String of(String logOfThisStart) {
        return MARKERS.stream()
                .filter(marker -> logOfThisStart.contains(marker.logLine()))
                .map(Marker::phase)
                .findFirst()
                .orElse("starting");
    }
}
