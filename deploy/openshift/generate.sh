#!/usr/bin/env bash
# Regenerates the manifests made from other files of the repository: base/alerting/prometheusrule.yaml (from
# alertmanager/rules/) and keycloak/realm-import.yaml (from keycloak/). The deploy check fails until they match.
set -euo pipefail
cd "$(dirname "$0")/../.."

module=telemetry-deploy-check
./mvnw -B -q -pl "$module" compile dependency:build-classpath -Dmdep.outputFile=target/generate.classpath
java -cp "$module/target/classes:$(cat "$module/target/generate.classpath")" \
  org.aitelemetry.deploy.generate.GenerateManifests .
