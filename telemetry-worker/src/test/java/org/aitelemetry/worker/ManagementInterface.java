package org.aitelemetry.worker;

import io.quarkus.test.common.http.TestHTTPResourceManager;
import io.restassured.RestAssured;
import io.restassured.specification.RequestSpecification;
import java.net.URI;

/** The worker's management interface in tests: health and metrics are served there, never on the application port. */
public final class ManagementInterface {

    private ManagementInterface() {
    }

    /** The management interface's root, e.g. {@code http://127.0.0.1:41234}. */
    public static URI root() {
        URI uri = URI.create(TestHTTPResourceManager.getManagementUri());
        return URI.create(uri.getScheme() + "://" + uri.getAuthority());
    }

    /** A RestAssured request to the management interface: paths as on the application port, e.g. /q/health/ready. */
    public static RequestSpecification given() {
        return RestAssured.given().baseUri(root().toString()).port(root().getPort());
    }
}
