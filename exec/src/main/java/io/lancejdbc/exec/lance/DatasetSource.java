package io.lancejdbc.exec.lance;

import java.util.Map;
import java.util.Objects;

/**
 * A dataset to open: its canonical URI and the Lance storage options (credentials, endpoint, region) to open it
 * with. The options take part in the identity of pooled handles, so two connections with different credentials
 * never share an open dataset.
 *
 * @param uri canonical dataset URI (see {@link DatasetUriNormalizer#normalize(String)}); normalized on construction
 * @param storageOptions Lance storage options, never null (may be empty); values may be secrets and are never
 *     printed
 */
public record DatasetSource(String uri, Map<String, String> storageOptions) {
    public DatasetSource {
        uri = DatasetUriNormalizer.normalize(Objects.requireNonNull(uri, "uri"));
        storageOptions = Map.copyOf(Objects.requireNonNull(storageOptions, "storageOptions"));
    }

    /** A local or anonymous dataset opened without storage options. */
    public static DatasetSource of(String uri) {
        return new DatasetSource(uri, Map.of());
    }

    /** Names the URI and the option keys only; values may be credentials. */
    @Override
    public String toString() {
        return "DatasetSource{" + uri + ", storageOptions=" + new java.util.TreeSet<>(storageOptions.keySet()) + "}";
    }
}
