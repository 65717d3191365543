package org.aitelemetry.prometheus;

import io.smallrye.mutiny.Uni;
import java.util.Optional;

/** Supplies the {@code Authorization} header of a source's requests. */
@FunctionalInterface
interface Credentials extends AutoCloseable {

    /** For sources that take no header: no auth, or a client certificate. */
    Credentials NONE = () -> Uni.createFrom().item(Optional.empty());

    /** The header value for the next request; empty when the source takes none. */
    Uni<Optional<String>> authorization();

    /**
     * Forgets the header value a 401 rejected, so that the next {@link #authorization()} gets a fresh one (a rotated
     * token file, a new OIDC token). Returns whether asking again can help.
     */
    default boolean renew(String rejected) {
        return false;
    }

    @Override
    default void close() {
    }
}
