package org.aitelemetry.devkit.http;

import io.quarkus.test.common.http.TestHTTPResourceManager;
import java.net.URI;

/**
 * Where a {@code @QuarkusTest}'s application serves its management interface (health, metrics): its own port, chosen
 * at start ({@code %test.quarkus.management.test-port=0}), never the application port RestAssured is set to.
 */
public final class TestManagementInterface {

    private TestManagementInterface() {
    }

    /** The management interface's root, e.g. {@code http://127.0.0.1:41234}; paths as usual, e.g. /q/health/ready. */
    public static URI root() {
        URI uri = URI.create(TestHTTPResourceManager.getManagementUri());
        return URI.create(uri.getScheme() + "://" + uri.getAuthority());
    }
}
