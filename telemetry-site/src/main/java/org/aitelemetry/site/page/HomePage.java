package org.aitelemetry.site.page;

import io.quarkus.security.Authenticated;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;
import java.net.URI;

/** The site's root: after the code-flow login, people land on the fleet overview. */
@Path("/")
public class HomePage {

    @GET
    @Authenticated
    public Response home() {
        return Response.seeOther(URI.create(PageContext.Section.FLEET.path())).build();
    }
}
