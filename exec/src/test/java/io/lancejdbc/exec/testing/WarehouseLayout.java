package io.lancejdbc.exec.testing;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a warehouse fixture contains: its namespaces, the tables in each and where each table's dataset lives.
 * Namespace and table ids are lists of names ({@code []} = root namespace, {@code ["sales", "eu"]} = nested).
 *
 * @param root the warehouse root directory
 * @param namespaces every namespace (including the root {@code []}) mapped to the names of its tables, sorted by
 *     {@link String#compareTo} (so {@code MixedCase} before {@code all_types}); a namespace without tables maps to
 *     an empty list
 * @param tableLocations full table id ({@code namespace + [table]}) mapped to its dataset directory
 * @param rowCounts full table id mapped to its row count in the latest version
 * @param namespaceProperties namespace id mapped to the properties it was created with (only namespaces that have
 *     some)
 */
public record WarehouseLayout(Path root, Map<List<String>, List<String>> namespaces,
        Map<List<String>, Path> tableLocations, Map<List<String>, Long> rowCounts,
        Map<List<String>, Map<String, String>> namespaceProperties) {

    public WarehouseLayout {
        namespaces = Map.copyOf(namespaces);
        tableLocations = Map.copyOf(tableLocations);
        rowCounts = Map.copyOf(rowCounts);
        namespaceProperties = Map.copyOf(namespaceProperties);
    }

    /** The dataset directory of table {@code table} in {@code namespace}. */
    public Path tablePath(List<String> namespace, String table) {
        List<String> id = new ArrayList<>(namespace);
        id.add(table);
        Path p = tableLocations.get(id);
        if (p == null) {
            throw new IllegalArgumentException("no table " + id + " in warehouse " + root);
        }
        return p;
    }

    /** The child namespaces of {@code parent} (one level down), sorted by name. */
    public List<String> childNamespaces(List<String> parent) {
        TreeMap<String, Boolean> names = new TreeMap<>();
        for (List<String> ns : namespaces.keySet()) {
            if (ns.size() == parent.size() + 1 && ns.subList(0, parent.size()).equals(parent)) {
                names.put(ns.get(parent.size()), true);
            }
        }
        return List.copyOf(names.keySet());
    }
}
