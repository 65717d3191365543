package org.aitelemetry.worker;

/** The worker's metrics as Prometheus scrapes them from {@code /q/metrics} on the management interface. */
public final class WorkerMetrics {

    private WorkerMetrics() {
    }

    /** Sum of the samples of a metric whose label text contains {@code labels} (empty: all of them). */
    public static double value(String name, String labels) {
        String body = ManagementInterface.given().get("/q/metrics").then().statusCode(200).extract().asString();
        return body.lines().filter(line -> line.startsWith(name + "{") || line.startsWith(name + " "))
                .filter(line -> line.contains(labels))
                .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1))).sum();
    }
}
