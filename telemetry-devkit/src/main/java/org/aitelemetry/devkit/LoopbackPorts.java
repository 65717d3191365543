package org.aitelemetry.devkit;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Picks free TCP ports on 127.0.0.1 so parallel runs never collide on fixed ports. Ports come from below Linux's
 * ephemeral range (32768–60999): a port the kernel hands out for port 0 can, in the time between this check and the
 * component's own bind, be taken as the source port of any outgoing connection on the machine, which made a
 * component's start fail with "Address already in use" now and then.
 */
public final class LoopbackPorts {

    private static final int LOWEST = 20_000;
    private static final int HIGHEST = 32_000;
    private static final int ATTEMPTS = 200;

    private LoopbackPorts() {
    }

    public static int free() {
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            int port = ThreadLocalRandom.current().nextInt(LOWEST, HIGHEST);
            try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
                return socket.getLocalPort();
            } catch (IOException taken) {
                // In use: try another.
            }
        }
        throw new IllegalStateException("no free loopback port between " + LOWEST + " and " + HIGHEST
                + " after " + ATTEMPTS + " attempts");
    }
}
