#!/bin/sh
# Fetches a client-credentials token of the Keycloak client gpu-probe and stores it in the Secret gpu-probe-token
# (key token), through the Kubernetes API with this pod's service-account token.
set -eu
sa=/var/run/secrets/kubernetes.io/serviceaccount
answer=$(curl -sS --fail --max-time 20 -d grant_type=client_credentials -d client_id=gpu-probe \
  --data-urlencode "client_secret@/etc/gpu-probe-client/client-secret" "$TOKEN_URL")
token=$(printf '%s' "$answer" | sed -n 's/.*"access_token":"\([^"]*\)".*/\1/p')
[ -n "$token" ] || { echo "no access_token in Keycloak's answer" >&2; exit 1; }
encoded=$(printf '%s' "$token" | base64 -w0)
curl -sS --fail --max-time 20 -o /dev/null -X PATCH --cacert "$sa/ca.crt" \
  -H "Authorization: Bearer $(cat "$sa/token")" -H 'Content-Type: application/merge-patch+json' \
  --data "{\"data\":{\"token\":\"$encoded\"}}" \
  "https://kubernetes.default.svc/api/v1/namespaces/$(cat "$sa/namespace")/secrets/gpu-probe-token"
echo "gpu-probe-token refreshed"
