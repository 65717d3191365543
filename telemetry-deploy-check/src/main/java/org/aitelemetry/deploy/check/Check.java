package org.aitelemetry.deploy.check;

import java.util.List;
import org.aitelemetry.deploy.render.Manifests;

/** One rule over a rendered overlay. */
interface Check {

    List<Finding> check(Manifests manifests);
}
