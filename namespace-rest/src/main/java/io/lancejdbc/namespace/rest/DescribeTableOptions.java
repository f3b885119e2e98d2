package io.lancejdbc.namespace.rest;

import java.util.Optional;
import java.util.OptionalLong;

/**
 * What to ask DescribeTable for (lance-namespace spec, {@code DescribeTableRequest} and the REST query parameters).
 *
 * @param version the dataset version to describe, or empty for the latest
 * @param loadDetailedMetadata true to send {@code load_detailed_metadata=true}: the service opens the dataset and
 *     must return {@code version} (and schema and stats, which this client ignores); false leaves it to the service
 * @param vendCredentials {@code vend_credentials} in the body: true asks for temporary storage credentials in
 *     {@code storage_options}, false asks for none, empty leaves it to the service
 */
public record DescribeTableOptions(OptionalLong version, boolean loadDetailedMetadata,
        Optional<Boolean> vendCredentials) {

    private static final DescribeTableOptions LATEST =
            new DescribeTableOptions(OptionalLong.empty(), false, Optional.empty());

    public DescribeTableOptions {
        if (version.isPresent() && version.getAsLong() < 0) {
            throw new IllegalArgumentException("A dataset version is 0 or more, got " + version.getAsLong());
        }
    }

    /** The latest version, no detailed metadata, credentials as the service decides. */
    public static DescribeTableOptions latest() {
        return LATEST;
    }

    /** These options for dataset version {@code version} (0 or more). */
    public DescribeTableOptions withVersion(long version) {
        return new DescribeTableOptions(OptionalLong.of(version), loadDetailedMetadata, vendCredentials);
    }

    /** These options with {@code load_detailed_metadata=true}, which makes the service report the version. */
    public DescribeTableOptions withDetailedMetadata() {
        return new DescribeTableOptions(version, true, vendCredentials);
    }

    /** These options with {@code vend_credentials} set. */
    public DescribeTableOptions withVendCredentials(boolean vend) {
        return new DescribeTableOptions(version, loadDetailedMetadata, Optional.of(vend));
    }
}
