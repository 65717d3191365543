package org.aitelemetry.deploy.check;

import org.aitelemetry.deploy.render.KubeObject;

/** One thing wrong with one object. */
public record Finding(String object, String message) {

    static Finding of(KubeObject object, String message) {
        return new Finding(object.id(), message);
    }

    @Override
    public String toString() {
        return object + ": " + message;
    }
}
