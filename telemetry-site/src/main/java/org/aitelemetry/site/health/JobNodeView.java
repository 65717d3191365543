package org.aitelemetry.site.health;

/** A node a job's GPUs are on, with its health and how many of the job's GPUs it holds (schema {@code JobNode}). */
public record JobNodeView(String name, String health, String reason, int gpus) {
}
