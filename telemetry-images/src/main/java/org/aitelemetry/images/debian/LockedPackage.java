package org.aitelemetry.images.debian;

import java.net.URI;

/** One line of debian-base.lock: a Debian package at an exact version, where the archive serves it, its SHA-256. */
public record LockedPackage(String name, String version, URI url, String sha256) {

    /** "name=version", as apt-get and the base image's label spell it. */
    public String pin() {
        return name + "=" + version;
    }
}
