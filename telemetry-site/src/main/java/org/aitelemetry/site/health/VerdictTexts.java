package org.aitelemetry.site.health;

import io.quarkus.qute.TemplateExtension;
import org.aitelemetry.model.fleet.TaintState;

/** Lets pages print what a verdict or a taint state means, as {@code {gpu.health.verdictMeaning}}. */
@TemplateExtension
public final class VerdictTexts {

    private VerdictTexts() {
    }

    static String verdictMeaning(String verdict) {
        return VerdictMeaning.of(verdict);
    }

    static String taintMeaning(String taintState) {
        return TaintState.meaningOf(taintState);
    }
}
