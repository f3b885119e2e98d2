package io.lancejdbc.exec.tvf;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.engine.config.EngineProperty;
import io.lancejdbc.exec.storage.StorageLocation;
import io.lancejdbc.exec.storage.StorageOptions;
import io.lancejdbc.exec.tvf.glob.GlobPattern;
import java.net.URI;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Which S3 endpoints and buckets {@code s3()} may read: {@code lance.s3.allowed_endpoints} and
 * {@code lance.s3.allowed_buckets} (issue 10 §2: on a server, a client must not make the server fetch from
 * arbitrary hosts).
 *
 * <ul>
 *   <li>Unset: no restriction (an embedded engine reads what the application's credentials reach).</li>
 *   <li>{@code lance.s3.allowed_endpoints}: comma-separated endpoints {@code scheme://host[:port]} a call's
 *       effective endpoint (its {@code s3.endpoint}, a {@code lance.storage.aws_endpoint}, or the connection's) must
 *       equal, compared without case, path or trailing slash; the word {@code aws} stands for no endpoint (the AWS
 *       SDK's own for the region). While endpoints are restricted, a call's {@code lance.storage.*} options that
 *       name another host ({@code *proxy*}, {@code *metadata*}, {@code *url*}, {@code *uri*}) are refused.</li>
 *   <li>{@code lance.s3.allowed_buckets}: comma-separated bucket names; every bucket a call reads (its
 *       {@code uri}, every {@code uris} element) must be one of them.</li>
 *   <li>Set but empty: {@code s3()} reads no endpoint (or no bucket), so it is disabled.</li>
 * </ul>
 * Refusals are 42501 and name the endpoint or bucket and the property to set. The warehouse itself (the
 * operator's {@code warehouse} and {@code s3.*} properties) is not checked. A query cannot set these properties
 * ({@link FileTvfArguments} accepts no {@code lance.s3.*} argument); a server takes them from its operator.
 */
public final class S3AccessPolicy {
    /** The name of "no endpoint": the AWS SDK's default endpoint for the region. */
    public static final String AWS = "aws";

    private static final Pattern OTHER_HOST_OPTION = Pattern.compile("(?i).*(proxy|metadata|url|uri).*");

    /** Normalized endpoints, or null when unrestricted. */
    private final Set<String> endpoints;
    /** Bucket names, or null when unrestricted. */
    private final Set<String> buckets;

    private S3AccessPolicy(Set<String> endpoints, Set<String> buckets) {
        this.endpoints = endpoints;
        this.buckets = buckets;
    }

    /**
     * The policy the connection (or server) properties set.
     *
     * @throws SqlError 22023 for an endpoint entry that is not {@code aws} or an http(s) URL
     */
    public static S3AccessPolicy fromProperties(Map<String, String> properties) {
        String e = properties.get(EngineProperty.S3_ALLOWED_ENDPOINTS.key());
        String b = properties.get(EngineProperty.S3_ALLOWED_BUCKETS.key());
        Set<String> endpoints = null;
        if (e != null) {
            endpoints = new LinkedHashSet<>();
            for (String entry : e.split(",")) {
                String s = entry.strip();
                if (!s.isEmpty()) {
                    endpoints.add(s.equalsIgnoreCase(AWS) ? AWS : normalize(s, true));
                }
            }
        }
        Set<String> bucketSet = null;
        if (b != null) {
            bucketSet = new LinkedHashSet<>();
            for (String entry : b.split(",")) {
                if (!entry.isBlank()) {
                    bucketSet.add(entry.strip());
                }
            }
        }
        return new S3AccessPolicy(endpoints, bucketSet);
    }

    /** True when either list is set. */
    public boolean isRestricted() {
        return endpoints != null || buckets != null;
    }

    /**
     * Checks one {@code s3()} call before anything is listed or opened.
     *
     * @throws SqlError 42501 naming the endpoint, bucket or storage option that is not allowed
     */
    public void check(FileTvfCall call) {
        if (call.scheme() != io.lancejdbc.exec.storage.StorageScheme.S3 || !isRestricted()) {
            return;
        }
        StorageOptions storage = call.storage();
        if (endpoints != null) {
            for (String key : storage.lanceOptions().keySet()) {
                if (OTHER_HOST_OPTION.matcher(key).matches() && !key.equalsIgnoreCase("aws_endpoint")
                        && !key.equalsIgnoreCase("aws_endpoint_url") && !key.equalsIgnoreCase("endpoint_url")) {
                    throw new SqlError(SqlState.INSUFFICIENT_PRIVILEGE, "s3() may not set the storage option '"
                            + key + "' on this engine: " + EngineProperty.S3_ALLOWED_ENDPOINTS.key()
                            + " limits the hosts it reaches");
                }
            }
            Optional<URI> endpoint = storage.s3ClientSettings().endpoint();
            String name = endpoint.map(u -> normalize(u.toString(), false)).orElse(AWS);
            if (!endpoints.contains(name)) {
                throw new SqlError(SqlState.INSUFFICIENT_PRIVILEGE, "s3() may not read from endpoint '" + name
                        + "' on this engine: " + EngineProperty.S3_ALLOWED_ENDPOINTS.key() + " allows "
                        + (endpoints.isEmpty() ? "none" : String.join(", ", endpoints))
                        + "; add it to that property (a server: --property "
                        + EngineProperty.S3_ALLOWED_ENDPOINTS.key() + "=...)");
            }
        }
        if (buckets != null) {
            if (call.location().isPresent()) {
                checkBucket(call.location().get());
            }
            for (GlobPattern p : call.patterns()) {
                checkBucket(p.root());
            }
        }
    }

    private void checkBucket(StorageLocation location) {
        if (!buckets.contains(location.bucket())) {
            throw new SqlError(SqlState.INSUFFICIENT_PRIVILEGE, "s3() may not read bucket '" + location.bucket()
                    + "' on this engine: " + EngineProperty.S3_ALLOWED_BUCKETS.key() + " allows "
                    + (buckets.isEmpty() ? "none" : String.join(", ", buckets))
                    + "; add it to that property (a server: --property " + EngineProperty.S3_ALLOWED_BUCKETS.key()
                    + "=...)");
        }
    }

    /** {@code scheme://host[:port]}, lower case; never user info, path or query (they are not compared). */
    private static String normalize(String endpoint, boolean configured) {
        URI uri;
        try {
            uri = new URI(endpoint.strip());
        } catch (java.net.URISyntaxException e) {
            uri = null;
        }
        if (uri == null || uri.getScheme() == null || uri.getHost() == null
                || !(uri.getScheme().equalsIgnoreCase("http") || uri.getScheme().equalsIgnoreCase("https"))) {
            if (configured) {
                throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Invalid "
                        + EngineProperty.S3_ALLOWED_ENDPOINTS.key() + " entry: write http(s)://host[:port] or "
                        + AWS);
            }
            return "(unparsable endpoint)";
        }
        return uri.getScheme().toLowerCase(Locale.ROOT) + "://" + uri.getHost().toLowerCase(Locale.ROOT)
                + (uri.getPort() >= 0 ? ":" + uri.getPort() : "");
    }
}
