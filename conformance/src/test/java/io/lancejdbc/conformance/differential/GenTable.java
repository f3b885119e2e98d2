package io.lancejdbc.conformance.differential;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * A table of {@link DiffTables} as the {@link QueryGenerator} sees it: every column with its generator type and its
 * values (so predicates can be drawn from the data and checked against it), and the low-cardinality expressions
 * that make good grouping and partitioning keys.
 *
 * @param name the table name
 * @param columns every column, in table order
 * @param rowCount the number of rows
 * @param groupKeys grouping keys (each a few distinct values over many rows)
 */
record GenTable(String name, List<Column> columns, int rowCount, List<Expr> groupKeys) {

    /**
     * One column.
     *
     * @param name the column name
     * @param type its generator type
     * @param wide whether integer values may leave the BIGINT range (uint64: lance-jdbc computes it as
     *     DECIMAL(20,0), so DuckDB's spelling widens it to HUGEINT instead of BIGINT)
     * @param field the Arrow field (for the element types of nested columns)
     * @param values the logical value of each row ({@code ArrowLogicalValues}; null for SQL NULL)
     */
    record Column(String name, GenType type, boolean wide, Field field, List<Object> values) {
        /** The column as an expression. */
        Expr ref() {
            return new Expr(name, duck(name), type, wide);
        }

        /** The column as an expression qualified with {@code alias}. */
        Expr ref(String alias) {
            return new Expr(alias + "." + name, duck(alias + "." + name), type, wide);
        }

        /**
         * DuckDB's spelling of the column: a nanosecond time or timestamp at microseconds, rounded toward the past,
         * which is how lance-jdbc reads it (D16; DuckDB's own casts round to the nearest microsecond, and reach
         * 24:00:00 for a TIME_NS late in the day).
         */
        private String duck(String ref) {
            if (!nanoseconds(field)) {
                return ref;
            }
            if (type == GenType.TIME) {
                return "(TIME '00:00:00' + to_microseconds(epoch_ns(" + ref + ") // 1000))";
            }
            return "make_timestamp((epoch_ns(" + ref + ") - ((epoch_ns(" + ref + ") % 1000) + 1000) % 1000) // 1000)";
        }

        /** Whether the column has a NULL. */
        boolean hasNull() {
            return values.stream().anyMatch(Objects::isNull);
        }

        /** Whether the column has a non-NULL value. */
        boolean hasValue() {
            return values.stream().anyMatch(Objects::nonNull);
        }
    }

    /** The table's columns with their values; {@code groupKeys} in both dialects. */
    static GenTable of(DiffTables.Table t, List<Expr> groupKeys) {
        List<Column> cols = new ArrayList<>();
        List<Field> fields = t.schema().getFields();
        for (int c = 0; c < fields.size(); c++) {
            Field f = fields.get(c);
            List<Object> values = new ArrayList<>(t.rows().size());
            for (List<Object> row : t.rows()) {
                values.add(row.get(c));
            }
            boolean wide = f.getType() instanceof ArrowType.Int i && !i.getIsSigned() && i.getBitWidth() == 64;
            if (nanoseconds(f)) {
                // What lance-jdbc computes with (D16): the values at microseconds.
                values.replaceAll(ValueOrder::literalValue);
            }
            cols.add(new Column(f.getName(), GenType.of(f), wide, f, java.util.Collections.unmodifiableList(values)));
        }
        return new GenTable(t.name(), List.copyOf(cols), t.rows().size(), List.copyOf(groupKeys));
    }

    /** Whether {@code f} is a time or timestamp of nanosecond unit. */
    static boolean nanoseconds(Field f) {
        return f.getType() instanceof ArrowType.Time t && t.getUnit() == TimeUnit.NANOSECOND
                || f.getType() instanceof ArrowType.Timestamp ts && ts.getUnit() == TimeUnit.NANOSECOND;
    }

    /** The column named {@code name}. @throws IllegalArgumentException when there is none */
    Column column(String columnName) {
        for (Column c : columns) {
            if (c.name().equals(columnName)) {
                return c;
            }
        }
        throw new IllegalArgumentException(name + " has no column " + columnName);
    }

    /** The columns of {@code type} that hold at least one value. */
    List<Column> columns(GenType type) {
        return columns.stream().filter(c -> c.type() == type && c.hasValue()).toList();
    }
}
