package org.aitelemetry.devkit.otlp;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Marks an {@link OtlpReceiver} field of a test that {@link OtlpTestResource} fills with the running receiver. */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface InjectOtlp {
}
