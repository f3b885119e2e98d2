package io.lancejdbc.exec.catalog;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Maps Lance namespaces to JDBC schema names and back, as the Doris Lance Catalog names databases
 * (doris-semantics section 3.4, manual "Namespace Mapping"):
 * <ul>
 *   <li>the root namespace is the root database name ({@code lance.namespace.root_database}, default
 *       {@code default});</li>
 *   <li>levels are joined with {@code .}; inside a level {@code \} is written {@code \\} and {@code .} is written
 *       {@code \.} ({@code [company.analytics, raw]} is {@code company\.analytics.raw});</li>
 *   <li>a one-level namespace literally named like the root database is written with a leading backslash
 *       ({@code \default}).</li>
 * </ul>
 * Immutable and thread-safe.
 */
public final class SchemaNameCodec {
    private final String rootDatabase;

    /**
     * @param rootDatabase the schema name of the root namespace
     * @throws SqlError 22023 when it is blank
     */
    public SchemaNameCodec(String rootDatabase) {
        if (rootDatabase == null || rootDatabase.isBlank()) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE,
                    "Property 'lance.namespace.root_database' must be non-empty");
        }
        this.rootDatabase = rootDatabase;
    }

    /** The schema name of the root namespace. */
    public String rootDatabase() {
        return rootDatabase;
    }

    /** The schema name of a namespace path (relative to the connection's root). */
    public String encode(NamespacePath path) {
        Objects.requireNonNull(path, "path");
        if (path.isRoot()) {
            return rootDatabase;
        }
        StringBuilder sb = new StringBuilder();
        if (path.levels().size() == 1 && path.levels().get(0).equals(rootDatabase)) {
            sb.append('\\');
        }
        for (int i = 0; i < path.levels().size(); i++) {
            if (i > 0) {
                sb.append('.');
            }
            String level = path.levels().get(i);
            for (int j = 0; j < level.length(); j++) {
                char c = level.charAt(j);
                if (c == '\\' || c == '.') {
                    sb.append('\\');
                }
                sb.append(c);
            }
        }
        return sb.toString();
    }

    /**
     * The namespace path a schema name stands for.
     *
     * @throws SqlError 3F000 for an invalid escape ({@code Invalid escape in Lance namespace '<v>'}) or an empty
     *     level ({@code Empty Lance namespace component in '<v>'})
     */
    public NamespacePath decode(String schema) {
        Objects.requireNonNull(schema, "schema");
        if (schema.equals(rootDatabase)) {
            return NamespacePath.ROOT;
        }
        String body = schema;
        boolean rootNamedLevel = false;
        if (schema.length() > 1 && schema.charAt(0) == '\\' && schema.charAt(1) != '\\' && schema.charAt(1) != '.') {
            // "\default": the one-level namespace named like the root database.
            body = schema.substring(1);
            rootNamedLevel = true;
        }
        List<String> levels = new ArrayList<>();
        StringBuilder level = new StringBuilder();
        for (int i = 0; i < body.length(); i++) {
            char c = body.charAt(i);
            if (c == '\\') {
                if (i + 1 >= body.length() || (body.charAt(i + 1) != '\\' && body.charAt(i + 1) != '.')) {
                    throw invalidEscape(schema);
                }
                level.append(body.charAt(++i));
            } else if (c == '.') {
                levels.add(nonEmpty(level.toString(), schema));
                level.setLength(0);
            } else {
                level.append(c);
            }
        }
        levels.add(nonEmpty(level.toString(), schema));
        if (rootNamedLevel && !(levels.size() == 1 && levels.get(0).equals(rootDatabase))) {
            throw invalidEscape(schema);
        }
        return new NamespacePath(levels);
    }

    private static String nonEmpty(String level, String schema) {
        if (level.isEmpty()) {
            throw new SqlError(SqlState.SCHEMA_NOT_FOUND, "Empty Lance namespace component in '" + schema + "'");
        }
        return level;
    }

    private static SqlError invalidEscape(String schema) {
        return new SqlError(SqlState.SCHEMA_NOT_FOUND, "Invalid escape in Lance namespace '" + schema + "'");
    }
}
