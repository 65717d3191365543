#!/usr/bin/env bash
# Writes test-archive/: a miniature Debian archive (three suites; packages p, q and a ca-certificates with one
# self-signed certificate, real .debs made by dpkg-deb) signed by a throwaway key, for PackageCacheTest and
# JavaRuntimeBaseTest. Its InReleases are real gpg signatures, so gpgv verifies them against test-archive/keyring.gpg as
# it verifies Debian's against debian-archive-keyring.gpg. The private key is deleted; rerun this to change anything.
set -euo pipefail
cd "$(dirname "$0")"
rm -rf test-archive && mkdir -p test-archive && cd test-archive
export GNUPGHOME=$(mktemp -d)
trap 'rm -rf "$GNUPGHOME"' EXIT
gpg -q --batch --passphrase '' --quick-gen-key 'AI Telemetry test archive' rsa2048 sign never
gpg -q --export > keyring.gpg

deb() { # archive pool-path name version [file content]...
  local tree archive=$1 path=$2 name=$3 version=$4
  shift 4
  tree=$(mktemp -d) && chmod 0755 "$tree"
  mkdir -p "$tree/DEBIAN" "$archive/$(dirname "$path")"
  printf 'Package: %s\nVersion: %s\nArchitecture: amd64\nMaintainer: test <test@example.org>\nDescription: test\n' \
    "$name" "$version" > "$tree/DEBIAN/control"
  while [ $# -gt 0 ]; do
    mkdir -p "$tree/$(dirname "$1")" && printf '%s' "$2" > "$tree/$1"
    shift 2
  done
  SOURCE_DATE_EPOCH=0 dpkg-deb --root-owner-group -Zxz --build "$tree" "$archive/$path" >/dev/null
  rm -rf "$tree"
}
stanza() { # archive name version pool-path
  printf 'Package: %s\nVersion: %s\nArchitecture: amd64\nFilename: %s\nSize: %s\nSHA256: %s\n\n' "$2" "$3" "$4" \
    "$(stat -c %s "$1/$4")" "$(sha256sum "$1/$4" | cut -d' ' -f1)"
}
suite() { # archive codename valid-until stanzas
  local dir="$1/dists/$2"
  mkdir -p "$dir/main/binary-amd64"
  printf '%s' "$4" | xz -c > "$dir/main/binary-amd64/Packages.xz"
  {
    echo "Origin: AI Telemetry test"
    echo "Codename: $2"
    [ -z "$3" ] || echo "Valid-Until: $3"
    echo "SHA256:"
    printf ' %s %s main/binary-amd64/Packages.xz\n' "$(sha256sum "$dir/main/binary-amd64/Packages.xz" | cut -d' ' -f1)" \
      "$(stat -c %s "$dir/main/binary-amd64/Packages.xz")"
  } > "$dir/Release"
  gpg -q --batch --clearsign -o "$dir/InRelease" "$dir/Release"
  rm "$dir/Release"
}

certificate=$(openssl req -x509 -newkey rsa:2048 -nodes -keyout /dev/null -subj '/CN=AI Telemetry test CA' -days 36500 \
  2>/dev/null)
deb debian pool/main/c/ca-certificates/ca-certificates_1_all.deb ca-certificates 1 \
  usr/share/ca-certificates/mozilla/AI_Telemetry_test_CA.crt "$certificate"
deb debian pool/main/p/p/p_1.5_amd64.deb p 1.5 usr/share/p/version 1.5
deb debian pool/main/q/q/q_1_amd64.deb q 1 usr/share/q/version 1
deb debian-security pool/updates/main/p/p/p_2~deb13u1_amd64.deb p 2~deb13u1 usr/share/p/version 2~deb13u1
suite debian trixie '' "$(stanza debian ca-certificates 1 pool/main/c/ca-certificates/ca-certificates_1_all.deb
  stanza debian p 1.5 pool/main/p/p/p_1.5_amd64.deb; stanza debian q 1 pool/main/q/q/q_1_amd64.deb)"
suite debian trixie-updates '' ''
suite debian-security trixie-security "$(date -u -d 2099-01-01 '+%a, %d %b %Y %H:%M:%S UTC')" \
  "$(stanza debian-security p 2~deb13u1 pool/updates/main/p/p/p_2~deb13u1_amd64.deb)"
