package org.aitelemetry.worker.health;

import java.util.List;

/**
 * What an operator should do about a verdict, and the evidence kinds that call for it.
 *
 * @param action  one of {@link Remediation#ACTIONS}
 */
public record Advice(String action, String summary, List<String> because) {

    public Advice {
        because = List.copyOf(because);
    }
}
