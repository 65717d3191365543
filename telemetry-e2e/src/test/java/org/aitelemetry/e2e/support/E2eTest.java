package org.aitelemetry.e2e.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A test class against the whole platform: its tests may take the running {@link org.aitelemetry.devkit.launcher.Platform},
 * a {@link SiteApi} or a fresh {@link SiteBrowser} as parameters (see {@link E2eExtension}).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(E2eExtension.class)
public @interface E2eTest {
}
