package io.lancejdbc.exec.catalog;

import io.lancejdbc.exec.lance.DatasetHandlePool;
import io.lancejdbc.exec.lance.DatasetSource;
import io.lancejdbc.exec.lance.FragmentScanReader;
import io.lancejdbc.exec.lance.ScanRequest;
import io.lancejdbc.exec.stream.BatchStream;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Reads the {@code __manifest} Lance table of a directory-namespace warehouse (columns {@code object_id},
 * {@code object_type}, {@code location}; docs/lance-core-notes.md §6) with the driver's own scan path, read-only.
 * lance-core's {@code DirectoryNamespace} is not used because it creates {@code __manifest} in the warehouse as soon
 * as it is initialized, which a reader must not do.
 */
final class NamespaceManifestReader {
    /** Directory name of the manifest table under the warehouse root. */
    static final String MANIFEST_DIRECTORY = "__manifest";
    /** Separator of levels in manifest object ids (fixed by the directory namespace, independent of the
     * connection's {@code lance.namespace.delimiter}). */
    static final String OBJECT_ID_DELIMITER = "$";

    private final DatasetHandlePool pool;
    private final FragmentScanReader reader;
    private final BufferAllocator allocator;

    NamespaceManifestReader(DatasetHandlePool pool, BufferAllocator allocator) {
        this.pool = pool;
        this.reader = new FragmentScanReader(pool);
        this.allocator = allocator;
    }

    /** The manifest's latest version (cached for the latest-version TTL by the pool). */
    long latestVersion(DatasetSource manifest) {
        return pool.latestVersion(manifest);
    }

    NamespaceManifest read(DatasetSource manifest, long version) {
        Set<List<String>> namespaces = new HashSet<>();
        Map<List<String>, Map<String, String>> tables = new HashMap<>();
        ScanRequest scan = ScanRequest.of(manifest, version)
                .withColumns(List.of("object_id", "object_type", "location"))
                .withFilter("object_type = 'namespace' OR object_type = 'table'");
        try (BatchStream stream = reader.scan(scan, allocator)) {
            for (VectorSchemaRoot next = stream.next(); next != null; next = stream.next()) {
                try (VectorSchemaRoot batch = next) {
                    VarCharVector ids = (VarCharVector) batch.getVector("object_id");
                    VarCharVector types = (VarCharVector) batch.getVector("object_type");
                    VarCharVector locations = (VarCharVector) batch.getVector("location");
                    for (int i = 0; i < batch.getRowCount(); i++) {
                        if (ids.isNull(i) || types.isNull(i)) {
                            continue;
                        }
                        List<String> id = split(ids.getObject(i).toString());
                        if (id.isEmpty()) {
                            continue;
                        }
                        String type = types.getObject(i).toString();
                        if (type.equals("namespace")) {
                            namespaces.add(id);
                        } else if (!locations.isNull(i)) {
                            List<String> ns = id.subList(0, id.size() - 1);
                            tables.computeIfAbsent(List.copyOf(ns), k -> new TreeMap<>())
                                    .put(id.get(id.size() - 1), locations.getObject(i).toString());
                        }
                    }
                }
            }
        }
        Map<List<String>, Map<String, String>> frozen = new HashMap<>();
        tables.forEach((k, v) -> frozen.put(k, Map.copyOf(v)));
        return new NamespaceManifest(version, namespaces, frozen);
    }

    private static List<String> split(String objectId) {
        List<String> levels = Arrays.asList(objectId.split(java.util.regex.Pattern.quote(OBJECT_ID_DELIMITER), -1));
        for (String l : levels) {
            if (l.isEmpty()) {
                return List.of();
            }
        }
        return List.copyOf(levels);
    }
}
