package org.aitelemetry.worker.kube;

import io.quarkus.runtime.configuration.DurationConverter;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.time.Duration;
import java.util.Map;

/** {@link KubeConfig} from properties, parsed by SmallRye Config as at start, for tests without an application. */
final class KubeConfigs {

    private KubeConfigs() {
    }

    static KubeConfig of(Map<String, String> properties) {
        return new SmallRyeConfigBuilder().withMapping(KubeConfig.class)
                .withConverter(Duration.class, 200, new DurationConverter())
                .withSources(new PropertiesConfigSource(properties, "test", 100)).build()
                .getConfigMapping(KubeConfig.class);
    }
}
