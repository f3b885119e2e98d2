package io.lancejdbc.exec.testing.s3;

import io.lancejdbc.exec.testing.SecretCanary;
import java.io.InputStream;
import java.net.URI;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.gaul.s3proxy.BlobStores;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.gaul.s3proxy.blobstore.ForwardingBlobStore;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.services.s3.model.CopyObjectRequest;
import software.amazon.awssdk.services.s3.model.CopyObjectResponse;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.HeadObjectRequest;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Request;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;
import software.amazon.awssdk.services.s3.model.PutObjectResponse;

/**
 * A dedicated in-process S3Proxy (127.0.0.1, free port, {@code transient} storage, SigV4 checked) whose blob
 * store counts the requests it serves, by kind, from every client alike (the AWS SDK lister and lance-core's
 * native object store). Used to measure what a file TVF call costs in S3 requests.
 *
 * <p>Kinds: {@code LIST_DELIMITED} (ListObjectsV2 with a delimiter: directory listings such as the glob
 * expansion's), {@code LIST} (ListObjectsV2 without one, e.g. Lance listing {@code _versions/}), {@code GET},
 * {@code HEAD}, {@code PUT}, {@code COPY}. A hook sees every ListObjectsV2 request before it is served (tests
 * cancel a query in the middle of a listing with it). Start one per test class; {@link #close()} stops it.
 */
public final class CountingS3Proxy implements AutoCloseable {
    private final Map<String, AtomicLong> counts = new ConcurrentHashMap<>();
    private volatile Consumer<ListObjectsV2Request> listHook = r -> { };
    private final S3TestServer server;

    private CountingS3Proxy() {
        String accessKey = SecretCanary.credential("s3access");
        String secretKey = SecretCanary.credential("s3secret");
        Properties props = new Properties();
        props.setProperty("jclouds.identity", accessKey);
        props.setProperty("jclouds.credential", secretKey);
        BlobStore store = new Counting(BlobStores.create("transient", props));
        S3Proxy proxy = S3Proxy.builder().blobStore(store).endpoint(URI.create("http://127.0.0.1:0"))
                .awsAuthentication(AuthenticationType.AWS_V4, accessKey, secretKey).build();
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
            throw new IllegalStateException("S3Proxy failed to start", e);
        }
        this.server = new S3TestServer(URI.create("http://127.0.0.1:" + proxy.getPort()), accessKey, secretKey, () -> {
            proxy.stop();
            store.close();
        });
    }

    /** Starts a server. */
    public static CountingS3Proxy start() {
        return new CountingS3Proxy();
    }

    /** The endpoint, credentials and fixture client of this server. */
    public S3TestServer server() {
        return server;
    }

    /** Requests served since the last {@link #reset()}, by kind, sorted by kind. */
    public Map<String, Long> counts() {
        Map<String, Long> out = new TreeMap<>();
        counts.forEach((k, v) -> out.put(k, v.get()));
        return out;
    }

    /** Requests of one kind since the last {@link #reset()}. */
    public long count(String kind) {
        AtomicLong n = counts.get(kind);
        return n == null ? 0 : n.get();
    }

    /** Requests of every kind since the last {@link #reset()}. */
    public long total() {
        return counts.values().stream().mapToLong(AtomicLong::get).sum();
    }

    public void reset() {
        counts.clear();
    }

    /** Runs {@code hook} on the server thread before each ListObjectsV2 request is served. */
    public void onList(Consumer<ListObjectsV2Request> hook) {
        this.listHook = hook;
    }

    private void record(String kind) {
        counts.computeIfAbsent(kind, k -> new AtomicLong()).incrementAndGet();
    }

    @Override
    public void close() throws Exception {
        server.close();
    }

    /** Counts the operations S3Proxy's handler calls once per request. */
    private final class Counting extends ForwardingBlobStore {
        Counting(BlobStore delegate) {
            super(delegate);
        }

        @Override
        public ListObjectsV2Response list(ListObjectsV2Request request) {
            record(request.delimiter() == null || request.delimiter().isEmpty() ? "LIST" : "LIST_DELIMITED");
            listHook.accept(request);
            return super.list(request);
        }

        @Override
        public ResponseInputStream<GetObjectResponse> getBlob(GetObjectRequest request) {
            record("GET");
            return super.getBlob(request);
        }

        @Override
        public HeadObjectResponse blobMetadata(HeadObjectRequest request) {
            record("HEAD");
            return super.blobMetadata(request);
        }

        @Override
        public PutObjectResponse putBlob(PutObjectRequest request, InputStream data) {
            record("PUT");
            return super.putBlob(request, data);
        }

        @Override
        public CopyObjectResponse copyBlob(CopyObjectRequest request) {
            record("COPY");
            return super.copyBlob(request);
        }
    }
}
