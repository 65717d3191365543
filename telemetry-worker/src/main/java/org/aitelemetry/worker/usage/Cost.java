package org.aitelemetry.worker.usage;

/**
 * What some usage costs on the two bases a statement shows, energy included in both.
 *
 * @param allocation GPU-hours held, at the price per GPU-hour ({@code usage_rollup.cost})
 * @param usage      GPU-hours weighted by utilization, at the same price ({@code usage_rollup.usage_basis_cost})
 */
record Cost(double allocation, double usage) {

    static final Cost ZERO = new Cost(0, 0);

    Cost plus(Cost other) {
        return new Cost(allocation + other.allocation, usage + other.usage);
    }
}
