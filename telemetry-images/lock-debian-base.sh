#!/usr/bin/env bash
# Pins the Java runtime base to the Debian 13 (trixie) amd64 packages the archive serves now: writes debian-base.lock
# (name, version, URL, SHA-256), each package at the newest version trixie, trixie-updates and trixie-security list,
# read as the build's fallback reads them (DebianArchive; DebianArchive.SUITES: keep the two alike): each suite's
# InRelease verified by gpgv against Debian's keyring and only its signed text read (Codename the suite's, Valid-Until
# not past), its main/binary-amd64/Packages.xz checked against the SHA-256 that text lists, Version, Filename and
# SHA256 taken from that index. Neither apt nor the host's release is involved: it runs on any Debian host (12 or 13)
# with curl, gpgv, xz-utils and a debian-archive-keyring that holds trixie's keys (bookworm's 2023.3+deb12u2 does),
# using dpkg only to order versions. Then commit the lock; the next build's base has these versions (its label
# org.aitelemetry.base.debian-packages lists them). Where the archive no longer serves a locked version, the build takes
# the current one from the same suites and warns; running this again pins it.
set -euo pipefail
cd "$(dirname "$0")"

# What the JVM of a headless server app loads (java, libjli, libjvm, libjava/libnio/libnet/libzip: libc, libm,
# libgcc_s, libstdc++, libz, as their ELF NEEDED entries say), dash for run-java.sh, and ca-certificates for the JDK's
# trust store. openjdk-25-jre-headless' other dependencies (ca-certificates-java, java-common, util-linux, lcms2, jpeg,
# nss, pcsclite; fonts, sound and cups recommended) serve package scripts, desktop and smart-card APIs the apps do not
# use.
packages=(libc6 libgcc-s1 libstdc++6 zlib1g dash ca-certificates openjdk-25-jre-headless)
suites=(debian/trixie debian/trixie-updates debian-security/trixie-security)
mirror=http://deb.debian.org
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
index=main/binary-amd64/Packages.xz

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "lock-debian-base.sh: $*" >&2; exit 1; }

# Each suite's entries of the wanted packages as "name version url sha256", in the order of $suites.
for suite in "${suites[@]}"; do
  archive=${suite%/*} codename=${suite#*/}
  dists=$mirror/$archive/dists/$codename
  dir=$work/$codename
  mkdir "$dir"
  curl -fsS -o "$dir/InRelease" "$dists/InRelease"
  gpgv --keyring "$keyring" --output "$dir/Release" "$dir/InRelease" 2>"$dir/gpgv.log" \
    || fail "gpgv refused $dists/InRelease: $(cat "$dir/gpgv.log")"
  grep -qx "Codename: $codename" "$dir/Release" || fail "$dists/InRelease is not signed for $codename"
  valid_until=$(sed -n 's/^Valid-Until: //p' "$dir/Release")
  if [ -n "$valid_until" ] && [ "$(date -d "$valid_until" +%s)" -lt "$(date +%s)" ]; then
    fail "$dists/InRelease expired $valid_until"
  fi
  sha256=$(awk -v file="$index" '/^[^ ]/ {section = $1} section == "SHA256:" && $3 == file {print $1}' "$dir/Release")
  [ -n "$sha256" ] || fail "$dists/InRelease lists no $index"
  curl -fsS -o "$dir/Packages.xz" "$dists/$index"
  echo "$sha256  $dir/Packages.xz" | sha256sum --quiet -c - || fail "$dists/$index is not the one InRelease lists"
  xz -dc "$dir/Packages.xz" | awk -v wanted="${packages[*]}" -v root="$mirror/$archive/" '
    BEGIN { RS = ""; FS = "\n"; split(wanted, list, " "); for (i in list) want[list[i]] = 1 }
    {
      delete field
      for (i = 1; i <= NF; i++)
        if (match($i, /^[A-Za-z0-9-]+: /)) field[substr($i, 1, RLENGTH - 2)] = substr($i, RLENGTH + 1)
      if (field["Package"] in want) print field["Package"], field["Version"], root field["Filename"], field["SHA256"]
    }' >> "$work/entries"
done

{
  echo "# The Java runtime base of the worker's and the site's images (telemetry-images/lock-debian-base.sh wrote it)."
  echo "# name version url sha256"
  for package in "${packages[@]}"; do
    newest=""
    while read -r _ version url sha256; do
      # The first suite keeps a version two suites list alike, as DebianArchive.current does.
      if [ -z "$newest" ] || dpkg --compare-versions "$version" gt "${newest%% *}"; then
        newest="$version $url $sha256"
      fi
    done < <(awk -v name="$package" '$1 == name' "$work/entries")
    [ -n "$newest" ] || fail "none of ${suites[*]} lists $package for amd64"
    echo "$package $newest"
  done
} > debian-base.lock.new
mv debian-base.lock.new debian-base.lock
cat debian-base.lock
