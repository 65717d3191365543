package org.aitelemetry.model;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.vertx.VertxContextSupport;
import io.smallrye.mutiny.Uni;
import java.util.function.Supplier;

/** Runs reactive Panache work from a test thread on a Vert.x context, as Hibernate Reactive requires, and waits. */
public final class Transactions {

    private Transactions() {
    }

    public static <T> T inTransaction(Supplier<Uni<T>> work) throws Throwable {
        return VertxContextSupport.subscribeAndAwait(() -> Panache.withTransaction(work));
    }

    public static <T> T inSession(Supplier<Uni<T>> work) throws Throwable {
        return VertxContextSupport.subscribeAndAwait(() -> Panache.withSession(work));
    }
}
