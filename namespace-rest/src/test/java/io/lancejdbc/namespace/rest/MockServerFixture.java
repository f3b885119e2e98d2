package io.lancejdbc.namespace.rest;

import java.time.Duration;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/** A fresh MockWebServer per test plus helpers to script answers and build clients pointed at it. */
abstract class MockServerFixture {
    protected MockWebServer server;
    private RestNamespaceClient client;

    @BeforeEach
    void startServer() throws Exception {
        server = new MockWebServer();
        server.start();
    }

    @AfterEach
    void stopServer() {
        if (client != null) {
            client.close();
        }
        server.close();
    }

    /** The server's root as a base URI, without a trailing slash. */
    protected String baseUri() {
        String url = server.url("/").toString();
        return url.substring(0, url.length() - 1);
    }

    /** A config builder for the server with fast retries, so retry tests take milliseconds. */
    protected RestNamespaceConfig.Builder config() {
        return RestNamespaceConfig.builder(baseUri()).retryBackoff(Duration.ofMillis(1), Duration.ofMillis(5));
    }

    protected RestNamespaceClient client(RestNamespaceConfig.Builder config) {
        if (client != null) {
            client.close();
        }
        client = RestNamespaceClient.create(config.build());
        return client;
    }

    protected RestNamespaceClient client() {
        return client(config());
    }

    protected void answer(int code, String jsonBody) {
        server.enqueue(new MockResponse.Builder().code(code).addHeader("Content-Type", "application/json")
                .body(jsonBody).build());
    }

    protected void answer(MockResponse response) {
        server.enqueue(response);
    }

    protected RecordedRequest take() throws InterruptedException {
        RecordedRequest r = server.takeRequest(5, java.util.concurrent.TimeUnit.SECONDS);
        if (r == null) {
            throw new AssertionError("the client sent no request");
        }
        return r;
    }

    protected static String bodyOf(RecordedRequest request) {
        return request.getBody() == null ? "" : request.getBody().utf8();
    }
}
