package org.aitelemetry.images.debian;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A suite's Packages index (dists/SUITE/main/binary-amd64/Packages): one stanza per package version, "Field: value"
 * lines, stanzas separated by a blank line. Only Package, Version, Filename and SHA256 matter here; where one index
 * lists a package more than once, the newest version wins.
 */
public final class PackagesIndex {

    private PackagesIndex() {
    }

    /** The package's entry, its URL resolved against the archive's root (Filename is relative to it). */
    public static Optional<DebianPackage> find(InputStream index, String name, URI archiveRoot) throws IOException {
        BufferedReader lines = new BufferedReader(new InputStreamReader(index, StandardCharsets.UTF_8));
        DebianPackage newest = null;
        Map<String, String> stanza = new HashMap<>();
        for (String line = lines.readLine(); ; line = lines.readLine()) {
            if (line == null || line.isBlank()) {
                DebianPackage entry = name.equals(stanza.get("Package")) ? entry(stanza, archiveRoot) : null;
                if (entry != null && (newest == null || DebianVersion.compare(entry.version(), newest.version()) > 0)) {
                    newest = entry;
                }
                stanza.clear();
                if (line == null) {
                    return Optional.ofNullable(newest);
                }
            } else if (!Character.isWhitespace(line.charAt(0)) && line.indexOf(':') > 0) {
                int colon = line.indexOf(':');
                stanza.put(line.substring(0, colon), line.substring(colon + 1).strip());
            }
        }
    }

    private static DebianPackage entry(Map<String, String> stanza, URI archiveRoot) throws IOException {
        String version = stanza.get("Version");
        String filename = stanza.get("Filename");
        String sha256 = stanza.get("SHA256");
        if (version == null || filename == null || sha256 == null || !sha256.matches("[0-9a-f]{64}")
                || filename.startsWith("/") || filename.contains("..")) {
            throw new IOException("the index's entry of " + stanza.get("Package") + " lacks a Version, a Filename in "
                    + "the pool or a SHA256: " + stanza);
        }
        return new DebianPackage(stanza.get("Package"), version, archiveRoot.resolve(filename), sha256);
    }
}
