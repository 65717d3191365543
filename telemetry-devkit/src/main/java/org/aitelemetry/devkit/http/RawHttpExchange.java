package org.aitelemetry.devkit.http;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;

/**
 * One HTTP/1.1 request sent byte for byte as written: the request target is not normalised or re-encoded (as
 * {@code java.net.http} and RestAssured would do with {@code ..} or {@code %2e}), and the connection may come from a
 * chosen loopback address (127.0.0.2 stands in for a proxy), which {@code java.net.http} cannot do on Java 17.
 *
 * @param status     the answer's status code
 * @param headerText the answer's header lines, as received
 * @param body       the answer's body, as received (chunked framing included)
 */
public record RawHttpExchange(int status, String headerText, String body) {

    private static final int TIMEOUT_MILLIS = 10_000;

    /** Sends {@code GET target} to {@code server} from {@code from}, with the extra {@code headers}. */
    public static RawHttpExchange get(URI server, String target, InetAddress from, Map<String, String> headers)
            throws IOException {
        StringBuilder request = new StringBuilder("GET ").append(target).append(" HTTP/1.1\r\n")
                .append("Host: ").append(server.getHost()).append(':').append(server.getPort()).append("\r\n");
        headers.forEach((name, value) -> request.append(name).append(": ").append(value).append("\r\n"));
        request.append("Connection: close\r\n\r\n");
        try (Socket socket = new Socket()) {
            socket.setSoTimeout(TIMEOUT_MILLIS);
            socket.bind(new InetSocketAddress(from, 0));
            socket.connect(new InetSocketAddress(server.getHost(), server.getPort()), TIMEOUT_MILLIS);
            OutputStream out = socket.getOutputStream();
            out.write(request.toString().getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            return parse(new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1));
        }
    }

    /** Sends {@code GET target} to {@code server} from 127.0.0.1, with no extra headers. */
    public static RawHttpExchange get(URI server, String target) throws IOException {
        return get(server, target, InetAddress.getLoopbackAddress(), Map.of());
    }

    /** The first value of a header, its name compared without case. */
    public Optional<String> header(String name) {
        return headerText.lines().skip(1).filter(line -> line.regionMatches(true, 0, name + ":", 0, name.length() + 1))
                .map(line -> line.substring(name.length() + 1).strip()).findFirst();
    }

    private static RawHttpExchange parse(String response) {
        int endOfHeaders = response.indexOf("\r\n\r\n");
        if (!response.startsWith("HTTP/1.") || endOfHeaders < 0) {
            throw new IllegalStateException("not an HTTP/1.x answer: " + response);
        }
        String head = response.substring(0, endOfHeaders);
        return new RawHttpExchange(Integer.parseInt(head.substring(9, 12)), head, response.substring(endOfHeaders + 4));
    }
}
