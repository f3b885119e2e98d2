package io.lancejdbc.conformance.reliability;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;

/**
 * An HTTP/1.1 forwarder on 127.0.0.1 in front of a real server (S3Proxy, lance-core's REST namespace server) that
 * injects faults into the requests a {@link Rule} matches (issue 16 section 2): an error status with a body, a reset
 * connection, a stall, a truncated body, a changed body, malformed JSON. Requests no rule matches are forwarded
 * unchanged (with the same Host header, so SigV4 signatures stay valid). One request per connection: the proxy
 * answers with {@code Connection: close}, so clients open a new connection per request.
 */
final class FaultInjectingProxy implements AutoCloseable {
    /** What to do to a matching request. */
    enum Fault {
        /** Answer with {@link Rule#status} and {@link Rule#body} without asking the server. */
        STATUS,
        /** Close the connection with a TCP reset before answering. */
        RESET,
        /** Wait {@link Rule#stallMillis}, then forward (a stall longer than the client's patience is a hang). */
        STALL,
        /** Forward, then send the headers and only half of the body before closing. */
        TRUNCATE,
        /** Forward, then flip bytes in the middle of the body (the object changed under the reader). */
        CHANGE,
        /** Forward, then replace a JSON body by text that does not parse. */
        MALFORMED_JSON
    }

    /**
     * A fault for requests whose {@code METHOD path?query} matches {@code pattern}, for the next {@code times}
     * matches ({@code Integer.MAX_VALUE}: every one).
     */
    static final class Rule {
        final Pattern pattern;
        final Fault fault;
        final AtomicInteger remaining;
        int status = 500;
        String body = "";
        String contentType = "application/xml";
        long stallMillis;
        final AtomicInteger hits = new AtomicInteger();

        Rule(String regex, Fault fault, int times) {
            this.pattern = Pattern.compile(regex);
            this.fault = fault;
            this.remaining = new AtomicInteger(times);
        }

        static Rule status(String regex, int status, String body, int times) {
            Rule r = new Rule(regex, Fault.STATUS, times);
            r.status = status;
            r.body = body;
            r.contentType = body.startsWith("{") ? "application/json" : "application/xml";
            return r;
        }

        static Rule stall(String regex, long millis, int times) {
            Rule r = new Rule(regex, Fault.STALL, times);
            r.stallMillis = millis;
            return r;
        }

        /** An S3 error document, as S3 sends it. */
        static String s3Error(String code, String message) {
            return "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Error><Code>" + code + "</Code><Message>" + message
                    + "</Message><RequestId>FAULT</RequestId></Error>";
        }

        boolean take(String requestLine) {
            if (!pattern.matcher(requestLine).find()) {
                return false;
            }
            while (true) {
                int left = remaining.get();
                if (left <= 0) {
                    return false;
                }
                if (left == Integer.MAX_VALUE || remaining.compareAndSet(left, left - 1)) {
                    hits.incrementAndGet();
                    return true;
                }
            }
        }
    }

    private final ServerSocket server;
    private final InetSocketAddress upstream;
    private final ExecutorService pool = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "fault-proxy");
        t.setDaemon(true);
        return t;
    });
    private final List<Rule> rules = new CopyOnWriteArrayList<>();
    private final List<Socket> open = new CopyOnWriteArrayList<>();
    private final AtomicLong requests = new AtomicLong();
    /** Bumped by {@link #clear()}: stalled requests wake up and are forwarded. */
    private final Object wake = new Object();
    private long generation;
    private volatile boolean closed;

    FaultInjectingProxy(int upstreamPort) throws IOException {
        this.upstream = new InetSocketAddress(InetAddress.getLoopbackAddress(), upstreamPort);
        this.server = new ServerSocket(0, 128, InetAddress.getLoopbackAddress());
        pool.execute(this::acceptLoop);
    }

    int port() {
        return server.getLocalPort();
    }

    /** Adds a rule (the first matching rule with matches left applies) and returns it, to read its hits. */
    Rule add(Rule rule) {
        rules.add(rule);
        return rule;
    }

    /** Removes every rule: requests pass unchanged again. */
    void clear() {
        rules.clear();
        synchronized (wake) {
            generation++;
            wake.notifyAll();
        }
    }

    private void stall(long millis) throws InterruptedException {
        long end = System.nanoTime() + millis * 1_000_000L;
        synchronized (wake) {
            long seen = generation;
            long left;
            while (generation == seen && (left = (end - System.nanoTime()) / 1_000_000L) > 0) {
                wake.wait(left);
            }
        }
    }

    long requests() {
        return requests.get();
    }

    private void acceptLoop() {
        while (!closed) {
            try {
                Socket client = server.accept();
                open.add(client);
                pool.execute(() -> serve(client));
            } catch (IOException e) {
                if (!closed) {
                    throw new IllegalStateException("the fault proxy stopped accepting", e);
                }
            }
        }
    }

    private void serve(Socket client) {
        try (client) {
            client.setSoTimeout(120_000);
            InputStream in = client.getInputStream();
            Request request = Request.read(in);
            if (request == null) {
                return;
            }
            requests.incrementAndGet();
            Rule rule = null;
            for (Rule r : rules) {
                if (r.take(request.line)) {
                    rule = r;
                    break;
                }
            }
            OutputStream out = client.getOutputStream();
            if (rule != null && rule.fault == Fault.STATUS) {
                byte[] body = rule.body.getBytes(StandardCharsets.UTF_8);
                out.write(("HTTP/1.1 " + rule.status + " Fault\r\nContent-Type: " + rule.contentType
                        + "\r\nContent-Length: " + body.length + "\r\nConnection: close\r\n\r\n")
                        .getBytes(StandardCharsets.ISO_8859_1));
                out.write(body);
                out.flush();
                return;
            }
            if (rule != null && rule.fault == Fault.RESET) {
                client.setSoLinger(true, 0);
                return;
            }
            if (rule != null && rule.fault == Fault.STALL) {
                stall(rule.stallMillis);
            }
            byte[] response = forward(request);
            if (rule != null && rule.fault != Fault.STALL) {
                response = damage(response, rule.fault);
                if (rule.fault == Fault.TRUNCATE) {
                    out.write(response);
                    out.flush();
                    client.setSoLinger(true, 0);
                    return;
                }
            }
            out.write(response);
            out.flush();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (SocketException e) {
            // The client went away (its own timeout, a cancel): nothing to answer.
        } catch (IOException e) {
            if (!closed) {
                throw new java.io.UncheckedIOException("the fault proxy failed to forward a request", e);
            }
        } finally {
            open.remove(client);
        }
    }

    private byte[] forward(Request request) throws IOException {
        try (Socket up = new Socket()) {
            up.connect(upstream, 10_000);
            up.setSoTimeout(120_000);
            OutputStream o = up.getOutputStream();
            o.write(request.head(true));
            o.write(request.body);
            o.flush();
            return up.getInputStream().readAllBytes();
        }
    }

    /** The response with its body damaged as {@code fault} says. */
    private static byte[] damage(byte[] response, Fault fault) {
        int headEnd = indexOf(response, "\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1)) + 4;
        if (headEnd < 4) {
            return response;
        }
        int bodyLength = response.length - headEnd;
        switch (fault) {
            case TRUNCATE -> {
                byte[] out = new byte[headEnd + bodyLength / 2];
                System.arraycopy(response, 0, out, 0, out.length);
                return out;
            }
            case CHANGE -> {
                byte[] out = response.clone();
                for (int i = headEnd + bodyLength / 3; i < headEnd + 2 * bodyLength / 3; i += 7) {
                    out[i] = (byte) (out[i] ^ 0x5A);
                }
                return out;
            }
            case MALFORMED_JSON -> {
                String head = new String(response, 0, headEnd, StandardCharsets.ISO_8859_1);
                byte[] body = "{\"namespaces\": [\"unterminated".getBytes(StandardCharsets.UTF_8);
                head = head.replaceAll("(?i)content-length: *\\d+", "Content-Length: " + body.length)
                        .replaceAll("(?i)transfer-encoding: *chunked\\r\\n", "");
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                out.writeBytes(head.getBytes(StandardCharsets.ISO_8859_1));
                out.writeBytes(body);
                return out.toByteArray();
            }
            default -> {
                return response;
            }
        }
    }

    private static int indexOf(byte[] data, byte[] what) {
        outer:
        for (int i = 0; i + what.length <= data.length; i++) {
            for (int j = 0; j < what.length; j++) {
                if (data[i + j] != what[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    @Override
    public void close() throws IOException {
        closed = true;
        server.close();
        for (Socket s : open) {
            s.close();
        }
        pool.shutdownNow();
    }

    /** One HTTP/1.1 request: the request line, the header lines and the body (Content-Length or chunked). */
    private static final class Request {
        final String line;
        final List<String> headers;
        final byte[] body;

        private Request(String line, List<String> headers, byte[] body) {
            this.line = line;
            this.headers = headers;
            this.body = body;
        }

        static Request read(InputStream in) throws IOException {
            String line = readLine(in);
            if (line == null || line.isEmpty()) {
                return null;
            }
            List<String> headers = new ArrayList<>();
            long length = 0;
            boolean chunked = false;
            for (String h = readLine(in); h != null && !h.isEmpty(); h = readLine(in)) {
                headers.add(h);
                String lower = h.toLowerCase(Locale.ROOT);
                if (lower.startsWith("content-length:")) {
                    length = Long.parseLong(h.substring(15).trim());
                } else if (lower.startsWith("transfer-encoding:") && lower.contains("chunked")) {
                    chunked = true;
                }
            }
            byte[] body;
            if (chunked) {
                ByteArrayOutputStream raw = new ByteArrayOutputStream();
                while (true) {
                    String size = readLine(in);
                    raw.writeBytes((size + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
                    int n = Integer.parseInt(size.split(";")[0].trim(), 16);
                    raw.writeBytes(in.readNBytes(n + 2));
                    if (n == 0) {
                        break;
                    }
                }
                body = raw.toByteArray();
            } else {
                body = in.readNBytes((int) length);
            }
            // "GET /bucket/key?query HTTP/1.1" -> "GET /bucket/key?query" for the rules.
            String shown = line.substring(0, Math.max(line.lastIndexOf(' '), 0));
            return new Request(shown, headers, body);
        }

        byte[] head(boolean close) {
            StringBuilder sb = new StringBuilder(line).append(" HTTP/1.1\r\n");
            for (String h : headers) {
                String lower = h.toLowerCase(Locale.ROOT);
                if (close && (lower.startsWith("connection:") || lower.startsWith("keep-alive:"))) {
                    continue;
                }
                sb.append(h).append("\r\n");
            }
            if (close) {
                sb.append("Connection: close\r\n");
            }
            return sb.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1);
        }

        private static String readLine(InputStream in) throws IOException {
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            int c;
            while ((c = in.read()) >= 0) {
                if (c == '\n') {
                    byte[] b = line.toByteArray();
                    int n = b.length > 0 && b[b.length - 1] == '\r' ? b.length - 1 : b.length;
                    return new String(b, 0, n, StandardCharsets.ISO_8859_1);
                }
                line.write(c);
            }
            return line.size() == 0 ? null : line.toString(StandardCharsets.ISO_8859_1);
        }
    }
}
