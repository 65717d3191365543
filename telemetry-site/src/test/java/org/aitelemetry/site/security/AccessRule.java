package org.aitelemetry.site.security;

import org.aitelemetry.site.security.AuthorizationMatrixTest.Role;
import org.aitelemetry.site.support.Calls.Target;

/** What an operation allows each role, on the caller's own project and on another. */
interface AccessRule {

    int expectedStatus(Role role, Target target);

    /** Fleet inventory and the caller's own view: every telemetry role, whatever the project. */
    static AccessRule inventory() {
        return (role, target) -> role == Role.NO_ROLE ? 403 : 200;
    }

    /** Public: even without a token. */
    static AccessRule open() {
        return (role, target) -> 200;
    }

    /** A project's object: members and admins get {@code success}; others 404, as if it did not exist. */
    static AccessRule projectScoped(int success) {
        return (role, target) -> {
            if (role == Role.NO_ROLE) {
                return 403;
            }
            return target == Target.OWN || role == Role.ADMIN ? success : 404;
        };
    }
}
