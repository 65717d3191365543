package org.aitelemetry.site.page;

import io.quarkus.qute.CompletedStage;
import io.quarkus.qute.EngineConfiguration;
import io.quarkus.qute.EvalContext;
import io.quarkus.qute.ValueResolver;
import java.util.Set;
import java.util.concurrent.CompletionStage;

/**
 * What the pages' template extensions ({@link Formats}, {@link Links}) answer for a missing value: Qute never calls an
 * extension method on null, and would fail the page instead, so {@code {gpu.reason.orDash}} or
 * {@code {device.powerWatts.fixed(0)}} print a dash here when there is no reading, and no missing URL is a link.
 */
@EngineConfiguration
public class MissingValueResolver implements ValueResolver {

    /** The extension methods of {@link Formats}. */
    private static final Set<String> FORMATS = Set.of("fixed", "percent", "kwh", "utc", "orDash");
    private static final String WEB_LINK = "isWebLink";

    @Override
    public boolean appliesTo(EvalContext context) {
        return context.getBase() == null
                && (FORMATS.contains(context.getName()) || WEB_LINK.equals(context.getName()));
    }

    @Override
    public CompletionStage<Object> resolve(EvalContext context) {
        return CompletedStage.of(WEB_LINK.equals(context.getName()) ? Boolean.FALSE : Formats.NONE);
    }
}
