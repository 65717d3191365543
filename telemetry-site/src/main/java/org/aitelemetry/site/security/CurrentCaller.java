package org.aitelemetry.site.security;

import io.quarkus.security.identity.SecurityIdentity;
import jakarta.enterprise.context.RequestScoped;
import java.util.Set;
import java.util.stream.Collectors;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * The {@link Caller} of the current request, built once from its verified token: roles from {@code realm_access.roles}
 * (as quarkus-oidc mapped them), projects from the {@code groups} claim of full Keycloak group paths, the e-mail
 * address from {@code email} if {@code email_verified}. Users and service accounts are treated alike. Request-scoped,
 * so singletons such as resources may hold it.
 */
@RequestScoped
public class CurrentCaller {

    private static final Set<String> TELEMETRY_ROLES = Set.of(Roles.ADMIN, Roles.MANAGER, Roles.RESEARCHER);

    private final SecurityIdentity identity;
    private final JsonWebToken token;
    private Caller caller;

    public CurrentCaller(SecurityIdentity identity, JsonWebToken token) {
        this.identity = identity;
        this.token = token;
    }

    public Caller get() {
        if (caller == null) {
            Set<String> roles = identity.getRoles().stream().filter(TELEMETRY_ROLES::contains)
                    .collect(Collectors.toUnmodifiableSet());
            caller = new Caller(token.getSubject(), token.getClaim("preferred_username"), roles, projects(),
                    verifiedEmail(token.getClaim("email"), token.getClaim("email_verified")));
        }
        return caller;
    }

    /**
     * The {@code email} claim when {@code email_verified} is true: an address nobody verified is whatever its owner
     * typed, and a manager's statements are found by address.
     */
    static String verifiedEmail(Object email, Object verified) {
        // A boolean claim arrives as Boolean or as JSON true, depending on how the token was parsed.
        boolean isVerified = Boolean.TRUE.equals(verified) || "true".equals(String.valueOf(verified));
        String address = email instanceof String text ? text.strip() : "";
        return isVerified && !address.isEmpty() ? address : null;
    }

    private Set<ProjectKey> projects() {
        Set<String> paths = token.getGroups();
        if (paths == null) {
            return Set.of();
        }
        return paths.stream().flatMap(path -> ProjectKey.fromGroupPath(path).stream())
                .collect(Collectors.toUnmodifiableSet());
    }
}
