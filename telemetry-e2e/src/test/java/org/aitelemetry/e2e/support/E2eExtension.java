package org.aitelemetry.e2e.support;

import java.util.function.Supplier;
import org.aitelemetry.devkit.launcher.Platform;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Hands tests what they need. One platform and one Chromium per test JVM, kept in the root store, which closes them
 * when the run ends (a platform start takes most of the run's time); a {@link SiteBrowser} per test, kept in the
 * test's store, which closes its browser context after the test.
 */
public final class E2eExtension implements ParameterResolver {

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(E2eExtension.class);

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        return type == Platform.class || type == SiteApi.class || type == SiteBrowser.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        RunningPlatform running = shared(context, RunningPlatform.class, RunningPlatform::start);
        if (type == Platform.class) {
            return running.platform();
        }
        if (type == SiteApi.class) {
            return running.api();
        }
        Chromium chromium = shared(context, Chromium.class, Chromium::launch);
        return context.getStore(NAMESPACE).computeIfAbsent(SiteBrowser.class,
                key -> new SiteBrowser(chromium.newContext(), running.platform()), SiteBrowser.class);
    }

    private static <T> T shared(ExtensionContext context, Class<T> type, Supplier<T> start) {
        return context.getRoot().getStore(NAMESPACE).computeIfAbsent(type, key -> start.get(), type);
    }
}
