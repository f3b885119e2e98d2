package io.lancejdbc.exec.catalog;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The namespaces and tables a Lance directory namespace records in its {@code __manifest} table (V2 layout), at one
 * manifest version. Object ids are split at {@code $}; every id is absolute (from the warehouse root).
 *
 * @param version the {@code __manifest} dataset version this was read from
 * @param namespaces every namespace id, e.g. {@code [ns1]}, {@code [ns1, sub]}
 * @param tables namespace id to table name to table location (relative to the warehouse root, e.g.
 *     {@code 79c32b0e_ns1$t1} or {@code root_tbl.lance}, or an absolute URI)
 */
record NamespaceManifest(long version, Set<List<String>> namespaces, Map<List<String>, Map<String, String>> tables) {
    static final NamespaceManifest EMPTY = new NamespaceManifest(0, Set.of(), Map.of());

    NamespaceManifest {
        namespaces = Set.copyOf(namespaces);
        tables = Map.copyOf(tables);
    }
}
