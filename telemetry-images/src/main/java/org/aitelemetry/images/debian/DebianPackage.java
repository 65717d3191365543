package org.aitelemetry.images.debian;

import java.net.URI;

/**
 * A Debian package at an exact version, where the archive serves it and its SHA-256: a line of debian-base.lock, or
 * the entry of an archive's signed index that replaces a locked version the archive no longer serves.
 */
public record DebianPackage(String name, String version, URI url, String sha256) {

    /** "name=version", as apt-get and the base image's label spell it. */
    public String pin() {
        return name + "=" + version;
    }
}
