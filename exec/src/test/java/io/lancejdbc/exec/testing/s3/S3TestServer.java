package io.lancejdbc.exec.testing.s3;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * An S3-compatible endpoint for tests: S3Proxy started in this JVM by {@link SharedS3Proxy}, or an external server
 * named by system properties. Gives the connection properties a driver or engine test passes on, and an AWS SDK
 * client for building fixtures.
 *
 * <p>Buckets are shared by every test class in the JVM; each class creates its own bucket with
 * {@link #createBucket(String)} so that classes never see each other's objects.
 */
public final class S3TestServer implements AutoCloseable {
    /** Region S3Proxy signs with; SigV4 signatures include it. */
    public static final String REGION = "us-east-1";

    private final URI endpoint;
    private final String accessKey;
    private final String secretKey;
    private final AutoCloseable server;
    private final S3Client client;

    S3TestServer(URI endpoint, String accessKey, String secretKey, AutoCloseable server) {
        this.endpoint = Objects.requireNonNull(endpoint, "endpoint");
        this.accessKey = Objects.requireNonNull(accessKey, "accessKey");
        this.secretKey = Objects.requireNonNull(secretKey, "secretKey");
        this.server = server;
        this.client = S3Client.builder()
                .httpClientBuilder(ApacheHttpClient.builder().maxConnections(16))
                .endpointOverride(endpoint)
                .region(Region.of(REGION))
                .forcePathStyle(true)
                // Plain signed bodies instead of aws-chunked uploads with CRC trailers: fixtures of thousands of
                // small objects go faster, and the listing code under test never uploads.
                .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(accessKey, secretKey)))
                .build();
    }

    /** Base URL of the server, e.g. {@code http://127.0.0.1:41234}. */
    public URI endpoint() {
        return endpoint;
    }

    public String accessKey() {
        return accessKey;
    }

    /** The secret key the server checks SigV4 signatures with; tests assert it never shows in messages. */
    public String secretKey() {
        return secretKey;
    }

    /**
     * Connection properties (the {@code s3.*} names of {@code EngineProperty}) that reach this server with valid
     * credentials and path-style requests.
     */
    public Map<String, String> connectionProperties() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("s3.endpoint", endpoint.toString());
        p.put("s3.access_key", accessKey);
        p.put("s3.secret_key", secretKey);
        p.put("s3.region", REGION);
        p.put("use_path_style", "true");
        return p;
    }

    /** An SDK client with valid credentials, owned by this server (do not close it). */
    public S3Client client() {
        return client;
    }

    /**
     * Creates {@code prefix} plus a random suffix as a new bucket and returns its name (lower case, at most 63
     * characters, as S3 bucket names must be).
     */
    public String createBucket(String prefix) {
        String name = (prefix + "-" + Long.toHexString(System.nanoTime())).toLowerCase(java.util.Locale.ROOT);
        if (name.length() > 63) {
            name = name.substring(name.length() - 63);
        }
        String bucket = name;
        client.createBucket(b -> b.bucket(bucket));
        return bucket;
    }

    /** Puts a small object under each key, on 8 threads (fixtures of thousands of keys). */
    public void putObjects(String bucket, List<String> keys) {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> futures = new ArrayList<>(keys.size());
            for (String key : keys) {
                futures.add(pool.submit(() -> putObject(bucket, key)));
            }
            for (Future<?> f : futures) {
                f.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while writing fixtures", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("writing a fixture object failed", e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    /** Puts one small object. */
    public void putObject(String bucket, String key) {
        try {
            client.putObject(b -> b.bucket(bucket).key(key), RequestBody.fromString("x"));
        } catch (RuntimeException e) {
            throw new IllegalStateException("putting s3://" + bucket + "/" + key + " failed", e);
        }
    }

    @Override
    public void close() throws Exception {
        client.close();
        if (server != null) {
            server.close();
        }
    }

    @Override
    public String toString() {
        return "S3TestServer{" + endpoint + "}";
    }
}
