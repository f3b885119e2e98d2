package io.lancejdbc.exec.testing.s3;

import io.lancejdbc.exec.testing.SecretCanary;
import java.net.URI;
import java.util.Properties;
import org.gaul.s3proxy.BlobStores;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * JUnit 5 extension giving tests one S3-compatible server per test JVM: S3Proxy 4.1 in this process, bound to
 * 127.0.0.1 on a free port, in-memory ({@code transient}) storage, SigV4 signatures checked.
 *
 * <p>Use {@code @ExtendWith(SharedS3Proxy.class)} and take an {@link S3TestServer} parameter in a
 * {@code @BeforeAll}, {@code @BeforeEach} or test method. The server starts with the first class that asks for it
 * (2–5 s cold) and stops when the JVM's test run ends (the root store closes it); S3Proxy's own extension restarts
 * per test, which would cost seconds per test.
 *
 * <p>Setting the system property {@code lancejdbc.test.s3.endpoint} (with {@code lancejdbc.test.s3.access_key} and
 * {@code lancejdbc.test.s3.secret_key}) points the same tests at an external S3-compatible server instead.
 */
public final class SharedS3Proxy implements BeforeAllCallback, ParameterResolver {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(SharedS3Proxy.class);

    @Override
    public void beforeAll(ExtensionContext context) {
        server(context);
    }

    @Override
    public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return parameterContext.getParameter().getType() == S3TestServer.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext)
            throws ParameterResolutionException {
        return server(extensionContext);
    }

    private static S3TestServer server(ExtensionContext context) {
        // The root store lives for the whole JUnit run in this JVM and closes AutoCloseable values at its end.
        return context.getRoot().getStore(NAMESPACE)
                .getOrComputeIfAbsent(S3TestServer.class, k -> start(), S3TestServer.class);
    }

    private static S3TestServer start() {
        String external = System.getProperty("lancejdbc.test.s3.endpoint");
        if (external != null && !external.isBlank()) {
            return new S3TestServer(URI.create(external), System.getProperty("lancejdbc.test.s3.access_key", ""),
                    System.getProperty("lancejdbc.test.s3.secret_key", ""), null);
        }
        // Fresh canary credentials per JVM (SecretCanary): a test asserting "the secret is not in the message" cannot
        // pass by luck, and SecretCanaryWatch fails any test whose output shows one.
        String accessKey = SecretCanary.credential("s3access");
        String secretKey = SecretCanary.credential("s3secret");
        Properties props = new Properties();
        props.setProperty("jclouds.identity", accessKey);
        props.setProperty("jclouds.credential", secretKey);
        BlobStore store = BlobStores.create("transient", props);
        S3Proxy proxy = S3Proxy.builder()
                .blobStore(store)
                .endpoint(URI.create("http://127.0.0.1:0"))
                .awsAuthentication(AuthenticationType.AWS_V4, accessKey, secretKey)
                .build();
        try {
            proxy.start();
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (!"STARTED".equals(proxy.getState())) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("S3Proxy did not start within 30 s, state " + proxy.getState());
                }
                Thread.sleep(10);
            }
        } catch (Exception e) {
            stopQuietly(proxy, e);
            throw new IllegalStateException("S3Proxy failed to start", e);
        }
        URI endpoint = URI.create("http://127.0.0.1:" + proxy.getPort());
        return new S3TestServer(endpoint, accessKey, secretKey, () -> {
            proxy.stop();
            store.close();
        });
    }

    private static void stopQuietly(S3Proxy proxy, Exception primary) {
        try {
            proxy.stop();
        } catch (Exception e) {
            primary.addSuppressed(e);
        }
    }
}
