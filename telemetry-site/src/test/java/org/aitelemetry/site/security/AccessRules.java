package org.aitelemetry.site.security;

import java.util.Map;

/**
 * The authorization model (contracts.md §7, docs/security.md) per operation of the contract. Lists of project data
 * answer 200 to every role and are filtered: {@code AuthorizationMatrixTest} checks their content separately.
 */
final class AccessRules {

    private static final Map<String, AccessRule> RULES = Map.ofEntries(
            Map.entry("getNgsiLdContext", AccessRule.open()),
            Map.entry("getCaller", AccessRule.inventory()),
            Map.entry("listClusters", AccessRule.inventory()),
            Map.entry("getCluster", AccessRule.inventory()),
            Map.entry("listNodes", AccessRule.inventory()),
            Map.entry("getNode", AccessRule.inventory()),
            Map.entry("listGpuSkus", AccessRule.inventory()),
            Map.entry("getGpuSku", AccessRule.inventory()),
            Map.entry("listDevices", AccessRule.inventory()),
            Map.entry("getDevice", AccessRule.inventory()),
            Map.entry("listDeviceHealth", AccessRule.inventory()),
            Map.entry("getDeviceHealthBundle", AccessRule.inventory()),
            Map.entry("listSlices", AccessRule.inventory()),
            // Another project's slice is shown, without who uses it (checked apart).
            Map.entry("getSlice", AccessRule.inventory()),
            // Project data: lists hold the caller's projects' VMs only (checked apart).
            Map.entry("listVirtualMachines", AccessRule.inventory()),
            Map.entry("getVirtualMachine", AccessRule.projectScoped(200)),
            Map.entry("listProbeRuns", AccessRule.inventory()),
            Map.entry("getProbeRun", AccessRule.inventory()),
            Map.entry("listProjects", AccessRule.inventory()),
            Map.entry("listProjectGroups", AccessRule.inventory()),
            Map.entry("getProject", AccessRule.projectScoped(200)),
            Map.entry("getProjectUsage", AccessRule.projectScoped(200)),
            Map.entry("listSessions", AccessRule.inventory()),
            Map.entry("getSession", AccessRule.projectScoped(200)),
            Map.entry("getJobHealth", AccessRule.projectScoped(200)),
            Map.entry("listHealthChecks", AccessRule.inventory()),
            // A job's check: any member. Project-wide and node checks need more (checked apart).
            Map.entry("createHealthCheck", AccessRule.projectScoped(201)),
            Map.entry("getHealthCheck", AccessRule.projectScoped(200)),
            Map.entry("listStatements", AccessRule.inventory()),
            // Project statements here; managers' and the fleet's are checked apart (StatementApiTest).
            Map.entry("getStatement", AccessRule.projectScoped(200)),
            Map.entry("getStatementCsv", AccessRule.projectScoped(200)),
            Map.entry("getStatementHtml", AccessRule.projectScoped(200)));

    private AccessRules() {
    }

    /** The operation's rule, or null when nobody wrote one. */
    static AccessRule of(String operationId) {
        return RULES.get(operationId);
    }
}
