package org.aitelemetry.worker;

import io.restassured.RestAssured;
import io.restassured.specification.RequestSpecification;
import java.net.URI;
import org.aitelemetry.devkit.http.TestManagementInterface;

/** The worker's management interface in tests: health and metrics are served there, never on the application port. */
public final class ManagementInterface {

    private ManagementInterface() {
    }

    /** A RestAssured request to the management interface: paths as on the application port, e.g. /q/health/ready. */
    public static RequestSpecification given() {
        URI root = TestManagementInterface.root();
        return RestAssured.given().baseUri(root.toString()).port(root.getPort());
    }
}
