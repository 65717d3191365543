package org.aitelemetry.devkit.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.aitelemetry.devkit.fleet.ExpositionParser.Sample;

/** Reads a running simulator's pages as a scraper would, for assertions. */
final class SimulatorPages {

    private final HttpClient http = HttpClient.newHttpClient();
    private final FleetSimulator simulator;

    SimulatorPages(FleetSimulator simulator) {
        this.simulator = simulator;
    }

    /** The page's body; it must be served as text exposition format 0.0.4. */
    String get(String path) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(request(path), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(path).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("text/plain; version=0.0.4; charset=utf-8");
        return response.body();
    }

    /** The page's samples, read by the strict {@link ExpositionParser}. */
    List<Sample> samples(String path) throws IOException, InterruptedException {
        return ExpositionParser.parse(get(path));
    }

    int status(String path) throws IOException, InterruptedException {
        return http.send(request(path), HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    static List<Sample> named(List<Sample> samples, String name) {
        return samples.stream().filter(sample -> sample.name().equals(name)).toList();
    }

    private HttpRequest request(String path) {
        return HttpRequest.newBuilder(URI.create(simulator.url() + path)).build();
    }
}
