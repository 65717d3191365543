package org.aitelemetry.prometheus;

import io.vertx.core.AsyncResult;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.streams.WriteStream;
import java.io.IOException;
import java.util.Optional;
import org.aitelemetry.prometheus.ResponseStreamParser.Envelope;

/**
 * Where the HTTP client writes an answer's body: each chunk goes straight into the parser, so no whole body is ever
 * buffered. A body that stops being the API's JSON (a proxy's HTML page, a cut) is noted and the rest of it discarded;
 * the status code then decides what the answer means. A result the parser or the sink refuses for good fails the
 * answer once the body has ended, not the connection.
 */
final class StreamingBody<S extends SeriesSink> implements WriteStream<Buffer> {

    private final S sink;
    private final ResponseStreamParser parser;
    private IOException unreadable;
    private RuntimeException refused;

    StreamingBody(S sink) {
        this.sink = sink;
        this.parser = new ResponseStreamParser(sink);
    }

    S sink() {
        return sink;
    }

    /**
     * The parsed envelope; empty when the body is not the API's JSON or was cut short. A result type no caller reads
     * throws {@link IllegalStateException}.
     */
    Optional<Envelope> envelope() {
        if (refused != null) {
            throw refused;
        }
        if (unreadable != null) {
            return Optional.empty();
        }
        try {
            return Optional.of(parser.finish());
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    @Override
    public Future<Void> write(Buffer chunk) {
        if (unreadable == null && refused == null) {
            try {
                parser.feed(chunk.getBytes());
            } catch (IOException e) {
                unreadable = e;
            } catch (RuntimeException e) {
                refused = e;
            }
        }
        return Future.succeededFuture();
    }

    @Override
    public void write(Buffer chunk, Handler<AsyncResult<Void>> handler) {
        handler.handle(write(chunk));
    }

    @Override
    public void end(Handler<AsyncResult<Void>> handler) {
        handler.handle(Future.succeededFuture());
    }

    @Override
    public WriteStream<Buffer> exceptionHandler(Handler<Throwable> handler) {
        return this;
    }

    @Override
    public WriteStream<Buffer> setWriteQueueMaxSize(int maxSize) {
        return this;
    }

    /** Never full: each chunk is parsed before {@code write} returns. */
    @Override
    public boolean writeQueueFull() {
        return false;
    }

    @Override
    public WriteStream<Buffer> drainHandler(Handler<Void> handler) {
        return this;
    }
}
