package org.aitelemetry.model;

import static org.aitelemetry.model.Transactions.inTransaction;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.smallrye.mutiny.Uni;
import java.util.function.Supplier;

/** Asserts that a write is rejected by the named database constraint. */
public final class ConstraintAssertions {

    private ConstraintAssertions() {
    }

    public static void assertRejectedBy(String constraint, Supplier<Uni<?>> write) {
        Throwable failure = catchThrowable(() -> inTransaction(write::get));
        assertThat(failure).as("write violating %s", constraint).isNotNull();
        assertThat(messages(failure)).contains(constraint);
    }

    private static String messages(Throwable failure) {
        StringBuilder messages = new StringBuilder();
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            messages.append(cause.getMessage()).append('\n');
        }
        return messages.toString();
    }
}
