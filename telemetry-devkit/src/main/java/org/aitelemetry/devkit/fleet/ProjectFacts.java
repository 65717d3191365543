package org.aitelemetry.devkit.fleet;

/**
 * How many of each project health fact every cluster gets, placed on randomly chosen pods and projects.
 *
 * @param restartingPods  pods whose container keeps restarting (its restart counter grows every second of clock time)
 * @param terminatingPods pods stuck terminating (a deletion timestamp at the fleet's epoch)
 * @param fullVolumes     projects whose volume is 97 % full
 * @param vllmProjects    projects running a vLLM server
 */
public record ProjectFacts(int restartingPods, int terminatingPods, int fullVolumes, int vllmProjects) {

    public ProjectFacts {
        if (restartingPods < 0 || terminatingPods < 0 || fullVolumes < 0 || vllmProjects < 0) {
            throw new IllegalArgumentException("fact counts cannot be negative");
        }
    }
}
