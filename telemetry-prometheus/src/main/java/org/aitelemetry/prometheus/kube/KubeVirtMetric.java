package org.aitelemetry.prometheus.kube;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What KubeVirt publishes of its virtual machine instances (contracts.md §5), and how its launcher pods are named: a
 * VMI runs in the pod {@code virt-launcher-<vmi name>-<5 random characters>}, whose requests kube-state-metrics shows.
 */
public final class KubeVirtMetric {

    /** One series per VMI (value 1): {@code name}, {@code namespace}, {@code node}, {@code phase}, guest OS, … */
    public static final String VMI_INFO = "kubevirt_vmi_info";

    public static final String NAME = "name";
    /** Lower case: {@code running}, {@code scheduled}, … */
    public static final String PHASE = "phase";
    /** The VMI's launcher pod (newer KubeVirt releases). */
    public static final String VMI_POD = "vmi_pod";
    public static final String GUEST_OS_NAME = "guest_os_name";
    public static final String GUEST_OS_VERSION = "guest_os_version_id";
    public static final String INSTANCE_TYPE = "instance_type";
    /** What KubeVirt puts in a label the VM has no value for (its instance type, OS, workload, …). */
    public static final String NO_VALUE = "<none>";

    public static final String LAUNCHER_POD_PREFIX = "virt-launcher-";
    /** The launcher pod's container that holds the VM's devices. */
    public static final String COMPUTE_CONTAINER = "compute";

    /** Kubernetes' generated suffix: a dash and five characters of its safe alphabet. */
    private static final Pattern LAUNCHER_POD = Pattern.compile(
            Pattern.quote(LAUNCHER_POD_PREFIX) + "([a-z0-9]([-a-z0-9.]*[a-z0-9])?)-[bcdfghjklmnpqrstvwxz2456789]{5}");

    private KubeVirtMetric() {
    }

    /** The VMI a launcher pod runs, by the pod's name; empty for any other pod. */
    public static Optional<String> vmiOfLauncherPod(String pod) {
        Matcher matcher = LAUNCHER_POD.matcher(pod);
        return matcher.matches() ? Optional.of(matcher.group(1)) : Optional.empty();
    }
}
