package io.lancejdbc.sql.bind;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.expr.ColumnRef;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The columns visible while binding expressions over one relation: each with the qualifier (table alias) it can be
 * addressed by. Name matching is exact first, then case-insensitive (Doris: column names are case-insensitive).
 */
public final class Scope {
    /** One visible column. */
    public record Column(String qualifier, String name, Field field, int index, boolean hiddenUnqualified) {
        public Column(String qualifier, String name, Field field, int index) {
            this(qualifier, name, field, index, false);
        }

        /** This column, no longer reachable without a qualifier (the right side of JOIN ... USING). */
        public Column hideUnqualified() {
            return new Column(qualifier, name, field, index, true);
        }
    }

    private final List<Column> columns;

    public Scope(List<Column> columns) {
        this.columns = List.copyOf(columns);
    }

    /** A scope over {@code fields} all addressable by {@code qualifier} (may be null). */
    public static Scope of(String qualifier, List<Field> fields) {
        List<Column> cols = new ArrayList<>();
        for (int i = 0; i < fields.size(); i++) {
            cols.add(new Column(qualifier, fields.get(i).getName(), fields.get(i), i));
        }
        return new Scope(cols);
    }

    /** The columns of {@code left} followed by those of {@code right} (indexes shifted). */
    public static Scope concat(Scope left, Scope right) {
        List<Column> cols = new ArrayList<>(left.columns);
        int shift = left.size();
        for (Column c : right.columns) {
            cols.add(new Column(c.qualifier(), c.name(), c.field(), c.index() + shift, c.hiddenUnqualified()));
        }
        return new Scope(cols);
    }

    public List<Column> columns() {
        return columns;
    }

    public int size() {
        return columns.size();
    }

    /** This scope with every column's field replaced by the matching field of {@code fields} (same order). */
    public Scope withFields(List<Field> fields) {
        List<Column> cols = new ArrayList<>();
        for (Column c : columns) {
            cols.add(new Column(c.qualifier(), c.name(), fields.get(c.index()), c.index(), c.hiddenUnqualified()));
        }
        return new Scope(cols);
    }

    /** True when some column has this qualifier (case-insensitive). */
    public boolean hasQualifier(String qualifier) {
        for (Column c : columns) {
            if (c.qualifier() != null && c.qualifier().equalsIgnoreCase(qualifier)) {
                return true;
            }
        }
        return false;
    }

    /** Columns under a qualifier, or all columns when {@code qualifier} is null. */
    public List<Column> columnsOf(String qualifier) {
        if (qualifier == null) {
            return columns.stream().filter(c -> !c.hiddenUnqualified()).collect(Collectors.toList());
        }
        return columns.stream().filter(c -> c.qualifier() != null && c.qualifier().equalsIgnoreCase(qualifier))
                .collect(Collectors.toList());
    }

    /**
     * Finds a column by optional qualifier and name, or null when none matches.
     *
     * @throws SqlError 42702 when the name is ambiguous
     */
    public Column find(String qualifier, String name) {
        List<Column> candidates = columnsOf(qualifier);
        Column exact = unique(candidates.stream().filter(c -> c.name().equals(name)).collect(Collectors.toList()),
                qualifier, name);
        if (exact != null) {
            return exact;
        }
        String lower = name.toLowerCase(Locale.ROOT);
        return unique(candidates.stream().filter(c -> c.name().toLowerCase(Locale.ROOT).equals(lower))
                .collect(Collectors.toList()), qualifier, name);
    }

    private static Column unique(List<Column> matches, String qualifier, String name) {
        if (matches.isEmpty()) {
            return null;
        }
        if (matches.size() > 1) {
            // The same underlying column reachable twice (e.g. through USING) is not ambiguous.
            Column first = matches.get(0);
            boolean same = matches.stream().allMatch(c -> c.index() == first.index());
            if (!same) {
                throw new SqlError(SqlState.AMBIGUOUS_COLUMN, "Column '" + (qualifier == null ? "" : qualifier + ".")
                        + name + "' is ambiguous; qualify it with a table name or alias ("
                        + matches.stream().map(c -> c.qualifier() == null ? "?" : c.qualifier()).distinct()
                        .collect(Collectors.joining(", ")) + ")");
            }
        }
        return matches.get(0);
    }

    /** A reference to {@code c}. */
    public static ColumnRef ref(Column c) {
        return new ColumnRef(c.index(), c.name(), c.field());
    }

    /** Column names for error messages. */
    public String describe() {
        return columns.stream().map(c -> c.qualifier() == null ? c.name() : c.qualifier() + "." + c.name())
                .collect(Collectors.joining(", "));
    }
}
