package org.aitelemetry.site.project;

/** Width of the usage buckets; the constants are named as in the contract and double as date_trunc fields. */
public enum Granularity {
    hour,
    day
}
