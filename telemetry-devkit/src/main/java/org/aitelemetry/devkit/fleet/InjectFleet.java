package org.aitelemetry.devkit.fleet;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a test field that {@link FleetTestResource} fills: a {@link FleetSimulator} (its definition is the ground truth),
 * the {@link org.aitelemetry.devkit.prometheus.PrometheusComponent} scraping it, or the
 * {@link org.aitelemetry.devkit.prometheus.FaultyFront} before it, of the metric source {@link #source()}.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface InjectFleet {

    /**
     * The metric source whose parts the field takes: {@value FleetTestResource#SOURCE}, or with two hubs
     * {@value FleetTestResource#SECOND_SOURCE}.
     */
    String source() default FleetTestResource.SOURCE;
}
