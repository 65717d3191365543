package org.aitelemetry.site.vm;

/** Ids of what fixture-vms.sql adds to the common fixture for the virtual machine tests. */
public final class VirtualMachineFixture {

    /** cluster-01/nlp-001's nlp-jupyter-vm: 2 H100s, running; 6 GPU-hours and 24.00 in the last 30 days. */
    public static final long OWN_VM = 8001;
    /** cluster-01/nlp-001's nlp-a10-vm: 1 GPU the catalogue does not know, scheduling, no node; no hours. */
    public static final long OWN_UNCATALOGUED_VM = 8002;
    /** cluster-01/vision-002's vision-win-vm: 1 H100, no KubeVirt metrics; 1 GPU-hour and 4.00 in the last 30 days. */
    public static final long OTHER_VM = 8003;
    /** cluster-02/nlp-001's nlp-batch-vm (the twin namespace): 2 A100s, MISSING. */
    public static final long TWIN_VM = 8004;

    private VirtualMachineFixture() {
    }
}
