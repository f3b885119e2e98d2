package io.lancejdbc.exec.catalog;

import java.util.List;

/**
 * A Lance namespace relative to the connection's root (which is {@code lance.namespace.parent}, or the warehouse
 * root). The empty path is the root namespace, shown as the schema {@code default}.
 *
 * @param levels the namespace levels from the top, never null; empty for the root
 */
public record NamespacePath(List<String> levels) {
    /** The root namespace. */
    public static final NamespacePath ROOT = new NamespacePath(List.of());

    public NamespacePath {
        levels = List.copyOf(levels);
        for (String level : levels) {
            if (level.isEmpty()) {
                throw new IllegalArgumentException("namespace levels must not be empty: " + levels);
            }
        }
    }

    public boolean isRoot() {
        return levels.isEmpty();
    }

    /** This path with {@code level} appended. */
    public NamespacePath child(String level) {
        java.util.ArrayList<String> l = new java.util.ArrayList<>(levels);
        l.add(level);
        return new NamespacePath(l);
    }
}
