package org.aitelemetry.worker.probe;

import io.restassured.RestAssured;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/** Declares a body over the limit and reads the answer before sending it, as the server refuses it unread. */
final class OversizedBody {

    private OversizedBody() {
    }

    /** The status line of the answer. */
    static String status(String path, String token, int bytes) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", RestAssured.port)) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(("POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    + "Authorization: Bearer " + token + "\r\n"
                    + "Content-Type: application/json\r\nContent-Length: " + bytes + "\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            return new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII))
                    .readLine();
        }
    }
}
