package org.aitelemetry.images.debian;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A suite's InRelease, verified by gpgv against Debian's archive keyring: only the text the signature covers is read
 * (gpgv's output, not the file, so nothing added around the signed block counts). It names the suite (Codename), how
 * long it may be trusted (Valid-Until: an old index replayed would offer versions since fixed) and the SHA-256 and
 * size of each index file of the suite.
 */
public final class SignedRelease {

    /** Where Debian installs its archive keys (package debian-archive-keyring; bin/setup-debian ensures it). */
    public static final Path DEBIAN_KEYRING = Path.of("/usr/share/keyrings/debian-archive-keyring.gpg");
    private static final DateTimeFormatter RELEASE_DATE = DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss z",
            Locale.ENGLISH);

    /** An index file's hash and size, as the release lists it. */
    public record IndexFile(String sha256, long size) {
    }

    private final Map<String, String> fields;
    private final Map<String, IndexFile> sha256;

    private SignedRelease(Map<String, String> fields, Map<String, IndexFile> sha256) {
        this.fields = fields;
        this.sha256 = sha256;
    }

    /** Checks the signature with gpgv; refuses a file gpgv does not verify, with gpgv's own words. */
    public static SignedRelease verify(Path inRelease, Path keyring) throws IOException, InterruptedException {
        Path signed = inRelease.resolveSibling(inRelease.getFileName() + ".verified");
        Files.deleteIfExists(signed);
        Process gpgv;
        try {
            ProcessBuilder command = new ProcessBuilder("gpgv", "--keyring", keyring.toAbsolutePath().toString(),
                    "--output", signed.toString(), inRelease.toString()).redirectErrorStream(true);
            command.environment().put("LC_ALL", "C"); // gpgv's reason in the build's log, in one language
            gpgv = command.start();
        } catch (IOException e) {
            throw new IOException("gpgv verifies Debian's signed index; bin/setup-debian installs it", e);
        }
        String report = new String(gpgv.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (gpgv.waitFor() != 0) {
            Files.deleteIfExists(signed);
            throw new IOException("gpgv did not verify " + inRelease + " against " + keyring + ": " + report);
        }
        return parse(Files.readString(signed));
    }

    static SignedRelease parse(String text) {
        Map<String, String> fields = new HashMap<>();
        Map<String, IndexFile> sha256 = new HashMap<>();
        String section = "";
        for (String line : text.split("\n")) {
            if (line.startsWith(" ") && section.equals("SHA256")) {
                String[] hashSizeName = line.strip().split("\\s+");
                if (hashSizeName.length == 3) {
                    sha256.put(hashSizeName[2], new IndexFile(hashSizeName[0], Long.parseLong(hashSizeName[1])));
                }
            } else if (!line.startsWith(" ") && line.indexOf(':') > 0) {
                section = line.substring(0, line.indexOf(':'));
                fields.put(section, line.substring(line.indexOf(':') + 1).strip());
            }
        }
        return new SignedRelease(fields, sha256);
    }

    public String codename() {
        return fields.getOrDefault("Codename", "");
    }

    public Optional<Instant> validUntil() {
        return Optional.ofNullable(fields.get("Valid-Until"))
                .map(date -> ZonedDateTime.parse(date, RELEASE_DATE).toInstant());
    }

    /** The hash and size of an index file, by its path below the suite (main/binary-amd64/Packages.xz). */
    public Optional<IndexFile> indexFile(String path) {
        return Optional.ofNullable(sha256.get(path));
    }
}
