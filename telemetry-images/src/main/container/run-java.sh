#!/bin/sh
# Starts the packaged app as the UBI OpenJDK images' run-java.sh does for what the manifests set: the options in
# JAVA_OPTS_APPEND (split at blanks), then the aot-jar from its own folder (its manifest's class path is relative).
cd /deployments || exit 1
# shellcheck disable=SC2086
exec java $JAVA_OPTS_APPEND -jar quarkus-run.jar "$@"
