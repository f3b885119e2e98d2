package io.lancejdbc.exec.storage;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3ClientBuilder;
import software.amazon.awssdk.services.s3.model.CommonPrefix;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Request;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.S3Object;
import software.amazon.awssdk.utils.SdkAutoCloseable;

/**
 * {@link DirectoryLister} over S3 and S3-compatible stores: one ListObjectsV2 request (delimiter {@code /}) per
 * page, through the AWS SDK v2 sync client on the Apache HTTP client.
 *
 * <p>The Apache client is chosen explicitly: the SDK's default sync client (apache5) needs httpclient5 5.6 while
 * lance-core brings 5.2, and the async netty client would mix netty versions with Arrow's (see
 * shared/notes/s3-testing.md). Request checksums are only sent when an operation requires them, which
 * S3-compatible servers handle best.
 */
public final class S3DirectoryLister implements DirectoryLister {
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);

    private final S3Client client;
    private final SdkAutoCloseable ownedCredentials;
    private final S3ClientSettings settings;
    private final AtomicBoolean closed = new AtomicBoolean();

    private S3DirectoryLister(S3Client client, SdkAutoCloseable ownedCredentials, S3ClientSettings settings) {
        this.client = client;
        this.ownedCredentials = ownedCredentials;
        this.settings = settings;
    }

    /**
     * Builds a lister with its own SDK client; static credentials when {@code settings} has them, else the SDK's
     * default credential chain (resolved at the first request).
     */
    public static S3DirectoryLister create(S3ClientSettings settings) {
        Objects.requireNonNull(settings, "settings");
        AwsCredentialsProvider credentials;
        SdkAutoCloseable owned = null;
        if (settings.credentials().isPresent()) {
            S3ClientSettings.Credentials c = settings.credentials().get();
            credentials = StaticCredentialsProvider.create(c.sessionToken().isPresent()
                    ? AwsSessionCredentials.create(c.accessKeyId(), c.secretAccessKey(), c.sessionToken().get())
                    : AwsBasicCredentials.create(c.accessKeyId(), c.secretAccessKey()));
        } else {
            DefaultCredentialsProvider chain = DefaultCredentialsProvider.builder().build();
            credentials = chain;
            owned = chain;
        }
        S3ClientBuilder builder = S3Client.builder()
                .httpClientBuilder(ApacheHttpClient.builder().connectionTimeout(CONNECT_TIMEOUT))
                .region(Region.of(settings.region()))
                .forcePathStyle(settings.pathStyle())
                .credentialsProvider(credentials)
                .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
                .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED);
        settings.endpoint().ifPresent(builder::endpointOverride);
        return new S3DirectoryLister(builder.build(), owned, settings);
    }

    @Override
    public StorageScheme scheme() {
        return StorageScheme.S3;
    }

    @Override
    public ListingPage listPage(StorageLocation directory, String pageToken, int pageSize, Duration timeout) {
        if (directory.scheme() != StorageScheme.S3) {
            throw new IllegalArgumentException("not an S3 location: " + directory);
        }
        if (pageSize < 1 || pageSize > 1000) {
            throw new IllegalArgumentException("pageSize must be 1..1000: " + pageSize);
        }
        if (closed.get()) {
            throw new IllegalStateException("lister is closed");
        }
        String prefix = directory.directoryPrefix();
        ListObjectsV2Request request = ListObjectsV2Request.builder()
                .bucket(directory.bucket())
                .prefix(prefix)
                .delimiter("/")
                .maxKeys(pageSize)
                .continuationToken(pageToken)
                .overrideConfiguration(o -> o.apiCallTimeout(timeout))
                .build();
        ListObjectsV2Response response;
        try {
            response = client.listObjectsV2(request);
        } catch (SdkException e) {
            throw S3Errors.forListing(e, directory, settings, timeout);
        }
        List<String> dirs = new ArrayList<>(response.commonPrefixes().size());
        for (CommonPrefix p : response.commonPrefixes()) {
            String name = p.prefix().substring(prefix.length());
            dirs.add(name.endsWith("/") ? name.substring(0, name.length() - 1) : name);
        }
        List<String> files = new ArrayList<>(response.contents().size());
        for (S3Object o : response.contents()) {
            String name = o.key().substring(prefix.length());
            if (!name.isEmpty()) {
                files.add(name);
            }
        }
        boolean more = Boolean.TRUE.equals(response.isTruncated()) && response.nextContinuationToken() != null;
        return new ListingPage(dirs, files, more ? response.nextContinuationToken() : null);
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            try {
                client.close();
            } finally {
                if (ownedCredentials != null) {
                    ownedCredentials.close();
                }
            }
        }
    }

    @Override
    public String toString() {
        return "S3DirectoryLister{" + settings.endpointForMessages() + "}";
    }
}
