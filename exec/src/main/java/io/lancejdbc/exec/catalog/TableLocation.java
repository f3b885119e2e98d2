package io.lancejdbc.exec.catalog;

import io.lancejdbc.exec.lance.DatasetSource;
import java.util.Map;
import java.util.Objects;

/**
 * Where a catalog table's dataset lives and how to open it.
 *
 * @param namespace the table's namespace
 * @param name the table name
 * @param uri the dataset root URI (file:///..., s3://bucket/key)
 * @param storageOptions Lance storage options for opening it (connection defaults merged with vended credentials);
 *     secret values inside must never be printed
 * @param expiresAtMillis when vended credentials expire (epoch milliseconds), or 0 when they do not
 */
public record TableLocation(
        NamespacePath namespace, String name, String uri, Map<String, String> storageOptions, long expiresAtMillis) {
    public TableLocation {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(uri, "uri");
        storageOptions = Map.copyOf(storageOptions);
    }

    /** The Lance dataset this location opens, with its storage options. */
    public DatasetSource datasetSource() {
        return new DatasetSource(uri, storageOptions);
    }

    /** Does not print storage options (they may hold credentials). */
    @Override
    public String toString() {
        return "TableLocation{" + namespace.levels() + "." + name + " at " + uri + "}";
    }
}
