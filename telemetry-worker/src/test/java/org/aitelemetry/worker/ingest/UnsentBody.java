package org.aitelemetry.worker.ingest;

import io.restassured.RestAssured;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * An ingest request that declares a body and never sends it, for answers the server gives before reading a body (413
 * for a declared size over the limit, 503 when the body budget has no room, 401 for a bad token). The answer is
 * validated against the contract ({@link IngestContract}).
 */
public final class UnsentBody {

    private UnsentBody() {
    }

    /** What came back: the status line, the headers (names in lower case) and the body. */
    public record Answer(String statusLine, Map<String, String> headers, String body) {

        public int status() {
            return Integer.parseInt(statusLine.split(" ")[1]);
        }
    }

    /** Posts the head of a request that declares {@code bytes} of JSON, and reads the answer. */
    public static Answer post(String path, String token, int bytes) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", RestAssured.port)) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(head(path, token, bytes).getBytes(StandardCharsets.US_ASCII));
            Answer answer = read(socket.getInputStream());
            IngestContract.answered("POST", path, answer.status(), answer.headers(), answer.body());
            return answer;
        }
    }

    /** Sends the head of such a request and the start of its body, and keeps the connection open. */
    public static Socket hold(String path, String token, int bytes, String bodyStart) throws IOException {
        Socket socket = new Socket("127.0.0.1", RestAssured.port);
        socket.getOutputStream().write((head(path, token, bytes) + bodyStart).getBytes(StandardCharsets.US_ASCII));
        socket.getOutputStream().flush();
        return socket;
    }

    private static String head(String path, String token, int bytes) {
        return "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + token + "\r\n"
                + "Content-Type: application/json\r\nContent-Length: " + bytes + "\r\n\r\n";
    }

    private static Answer read(InputStream in) throws IOException {
        String statusLine = line(in);
        Map<String, String> headers = new LinkedHashMap<>();
        for (String header = line(in); !header.isEmpty(); header = line(in)) {
            int colon = header.indexOf(':');
            headers.put(header.substring(0, colon).trim().toLowerCase(Locale.ROOT), header.substring(colon + 1).trim());
        }
        int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
        return new Answer(statusLine, headers, new String(in.readNBytes(length), StandardCharsets.UTF_8));
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b = in.read(); b != -1 && b != '\n'; b = in.read()) {
            if (b != '\r') {
                line.write(b);
            }
        }
        return line.toString(StandardCharsets.US_ASCII);
    }
}
