package io.lancejdbc.exec.storage;

import java.net.URI;
import java.util.Objects;
import java.util.Optional;

/**
 * What the AWS SDK needs to list an S3-compatible store: derived from {@link StorageOptions} so that listing and
 * the Lance open use the same endpoint, region, addressing style and credentials.
 *
 * @param endpoint the endpoint override ({@code http://127.0.0.1:9000}), or empty for AWS itself
 * @param region the signing region, never null ({@code us-east-1} when none was given)
 * @param pathStyle true for {@code http://endpoint/bucket/key}, false for virtual-hosted
 *        {@code http://bucket.endpoint/key}
 * @param credentials static credentials, or empty to use the SDK's default credential chain (environment,
 *        system properties, profile, container and instance roles)
 */
public record S3ClientSettings(Optional<URI> endpoint, String region, boolean pathStyle,
                               Optional<Credentials> credentials) {

    public S3ClientSettings {
        Objects.requireNonNull(endpoint, "endpoint");
        Objects.requireNonNull(region, "region");
        Objects.requireNonNull(credentials, "credentials");
    }

    /** The endpoint as messages show it: the configured URL, or "AWS S3 (region ...)". */
    public String endpointForMessages() {
        return endpoint.map(URI::toString).orElse("AWS S3 (region " + region + ")");
    }

    /**
     * Static S3 credentials. {@link #toString()} never shows the secret or the token.
     *
     * @param accessKeyId not null
     * @param secretAccessKey not null
     * @param sessionToken the session token of temporary credentials, or empty
     */
    public record Credentials(String accessKeyId, String secretAccessKey, Optional<String> sessionToken) {
        public Credentials {
            Objects.requireNonNull(accessKeyId, "accessKeyId");
            Objects.requireNonNull(secretAccessKey, "secretAccessKey");
            Objects.requireNonNull(sessionToken, "sessionToken");
        }

        @Override
        public String toString() {
            return "Credentials{accessKeyId=****, secretAccessKey=****" + (sessionToken.isPresent()
                    ? ", sessionToken=****}" : "}");
        }
    }
}
