package org.aitelemetry.deploy.check;

import java.util.List;
import org.aitelemetry.deploy.render.Manifests;

/** Every check over a rendered overlay; an empty list means the overlay is fit to apply. */
public class ManifestValidator {

    private final List<Check> checks;

    public ManifestValidator(ExternalObjects external) {
        this.checks = List.of(new KnownKinds(), new PinnedImages(), new NoPlaintextSecrets(), new RestrictedPods(),
                new HealthProbes(), new ManagementInterface(), new PodReferences(external), new ServiceReferences(),
                new SelectorReferences(), new RbacReferences(external), new OperatorReferences(external),
                new RouteTransport(), new EgressPolicies(), new WorkerPrivileges(), new NodeSignalPolicy());
    }

    public List<Finding> validate(Manifests manifests) {
        return checks.stream().flatMap(check -> check.check(manifests).stream()).toList();
    }
}
