#!/bin/sh
# Starts the packaged app as the UBI OpenJDK images' run-java.sh does for what the manifests set: the options in
# JAVA_OPTS_APPEND (split at blanks), then the aot-jar from its own folder (its manifest's class path is relative).
# app.aot, where the build recorded one (docs/operations.md, "The AOT cache"), is the app's AOT cache for this image's
# JDK: the JVM maps it instead of loading and linking the app's classes, and starts with the training run's profiles.
# A JVM that cannot use it starts without it. AOT_CACHE=none leaves it out; -XX:AOTMode=off would also turn off the
# JDK's own class-data archive, and the classes it holds would then fill the metaspace the Deployment caps.
cd /deployments || exit 1
AOT_CACHE_OPTION=
if [ "${AOT_CACHE:-}" != none ] && [ -f app.aot ]; then
  AOT_CACHE_OPTION=-XX:AOTCache=app.aot
fi
# shellcheck disable=SC2086
exec java $AOT_CACHE_OPTION $JAVA_OPTS_APPEND -jar quarkus-run.jar "$@"
