#!/usr/bin/env bash
# Pins the Java runtime base to the Debian 12 packages apt offers now: writes debian-base.lock (name, version, URL,
# SHA-256 as apt verified it against the archive's signed index). Run on Debian 12 (bookworm) amd64 with
# bookworm, bookworm-updates and bookworm-security in apt's sources, then commit the lock; the next build's base has
# these versions (its label org.aitelemetry.base.debian-packages lists them). Where the archive no longer serves a
# locked version, the build takes the current one from these suites' signed indexes and warns (DebianArchive.SUITES:
# keep the two alike); running this again pins it.
set -euo pipefail
cd "$(dirname "$0")"

# What the JVM of a headless server app loads (java, libjvm, libjava/libnio/libnet/libzip: libc, libm, libgcc_s,
# libstdc++, libz), dash for run-java.sh, and ca-certificates for the JDK's trust store. openjdk-17-jre-headless'
# other dependencies (fonts, sound, cups, pcsclite, nss) serve only desktop and smart-card APIs the apps do not use.
packages=(libc6 libgcc-s1 libstdc++6 zlib1g dash ca-certificates openjdk-17-jre-headless)

. /etc/os-release
if [ "${VERSION_CODENAME:-}" != bookworm ] || [ "$(dpkg --print-architecture)" != amd64 ]; then
  echo "lock-debian-base.sh pins Debian 12 (bookworm) amd64 packages; this is ${PRETTY_NAME:-unknown}" >&2
  exit 1
fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update -qq

{
  echo "# The Java runtime base of the worker's and the site's images (telemetry-images/lock-debian-base.sh wrote it)."
  echo "# name version url sha256"
  for package in "${packages[@]}"; do
    version=$(apt-cache policy "$package" | awk '/Candidate:/ {print $2}')
    apt-get download --print-uris "$package=$version" | while read -r url _ _ sha; do
      echo "$package $version ${url//\'/} ${sha#SHA256:}"
    done
  done
} > debian-base.lock.new
mv debian-base.lock.new debian-base.lock
cat debian-base.lock
