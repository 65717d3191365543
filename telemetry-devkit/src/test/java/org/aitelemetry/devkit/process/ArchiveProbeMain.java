package org.aitelemetry.devkit.process;

/** A small program for {@link ClassDataArchiveTest} to record and map class data with. */
public final class ArchiveProbeMain {

    private ArchiveProbeMain() {
    }

    public static void main(String[] args) {
        System.out.println("probe ran");
    }
}
