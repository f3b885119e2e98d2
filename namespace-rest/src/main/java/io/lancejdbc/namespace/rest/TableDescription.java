package io.lancejdbc.namespace.rest;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The answer of DescribeTable: where the dataset lives and how to open it (lance-namespace spec,
 * {@code DescribeTableResponse}).
 *
 * @param id the table id as requested (namespace levels, then the table name); never null
 * @param location the dataset location, e.g. {@code s3://bucket/warehouse/t.lance} or {@code file:///...}; never null
 * @param tableUri the complete URI of the table ({@code table_uri}); present when the service returned one
 * @param version the dataset version described; present when the service returned one (always with
 *     {@link DescribeTableOptions#withDetailedMetadata()})
 * @param storageOptions options for opening the dataset, possibly with vended temporary credentials and the
 *     {@code expires_at_millis} key, exactly as the service sent them (numbers and booleans as text); never null.
 *     The values may be secrets: {@link #toString()} shows the keys only.
 * @param expiresAtMillis when the vended credentials expire, epoch milliseconds: {@code storage_options.expires_at_millis},
 *     else a top-level {@code expires_at_millis}; empty when the service gave neither
 * @param managedVersioning true when the service manages the table's versions ({@code managed_versioning}); such
 *     tables must be read through the namespace version operations, not Lance's own version files
 * @param onlyDeclared {@code is_only_declared}: true when the table is declared but has no data yet; empty when the
 *     service did not say
 * @param properties the table properties the namespace stores; empty when none; never null
 */
public record TableDescription(List<String> id, String location, Optional<String> tableUri, OptionalLong version,
        Map<String, String> storageOptions, OptionalLong expiresAtMillis, boolean managedVersioning,
        Optional<Boolean> onlyDeclared, Map<String, String> properties) {

    /** The storage option key of the credential expiry (spec, {@code DescribeTableResponse.storage_options}). */
    public static final String EXPIRES_AT_MILLIS = "expires_at_millis";

    public TableDescription {
        id = List.copyOf(id);
        Objects.requireNonNull(location, "location");
        Objects.requireNonNull(tableUri, "tableUri");
        Objects.requireNonNull(version, "version");
        storageOptions = Map.copyOf(storageOptions);
        Objects.requireNonNull(expiresAtMillis, "expiresAtMillis");
        Objects.requireNonNull(onlyDeclared, "onlyDeclared");
        properties = Map.copyOf(properties);
    }

    /** Shows the storage option keys but never their values, which may be credentials. */
    @Override
    public String toString() {
        return "TableDescription{id=" + id + ", location=" + location + ", tableUri=" + tableUri.orElse(null)
                + ", version=" + (version.isPresent() ? version.getAsLong() : null)
                + ", storageOptionKeys=" + new java.util.TreeSet<>(storageOptions.keySet())
                + ", expiresAtMillis=" + (expiresAtMillis.isPresent() ? expiresAtMillis.getAsLong() : null)
                + ", managedVersioning=" + managedVersioning + ", onlyDeclared=" + onlyDeclared.orElse(null)
                + ", properties=" + properties + "}";
    }
}
