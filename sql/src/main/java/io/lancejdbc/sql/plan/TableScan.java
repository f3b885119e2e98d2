package io.lancejdbc.sql.plan;

import io.lancejdbc.sql.catalog.BoundTable;
import io.lancejdbc.sql.expr.Expr;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Reads columns of one pinned table version.
 *
 * @param table the resolved table
 * @param columns positions (in the table schema) of the columns read, in output order
 * @param pushedPredicates conjuncts pushed into Lance, over the FULL table schema (ColumnRef index = table column)
 * @param lanceFilter the Lance filter string rendered from {@code pushedPredicates}, or null when nothing is pushed
 * @param limit the number of rows Lance may stop after (offset included), or -1; set only when no residual predicate
 *     remains above the scan (Doris Lance Catalog manual, Predicate Pushdown; doris-semantics §3.1)
 */
public record TableScan(BoundTable table, List<Integer> columns, List<Expr> pushedPredicates, String lanceFilter,
        long limit) implements LogicalPlan {
    public TableScan {
        Objects.requireNonNull(table, "table");
        columns = List.copyOf(columns);
        pushedPredicates = List.copyOf(pushedPredicates);
    }

    /** A scan of every column of {@code table}, nothing pushed. */
    public static TableScan allColumns(BoundTable table) {
        List<Integer> cols = new ArrayList<>();
        for (int i = 0; i < table.schema().getFields().size(); i++) {
            cols.add(i);
        }
        return new TableScan(table, cols, List.of(), null, -1);
    }

    @Override
    public List<Field> output() {
        List<Field> out = new ArrayList<>(columns.size());
        List<Field> fields = table.schema().getFields();
        for (int c : columns) {
            out.add(fields.get(c));
        }
        return out;
    }

    @Override
    public List<LogicalPlan> inputs() {
        return List.of();
    }

    @Override
    public LogicalPlan withInputs(List<LogicalPlan> inputs) {
        return this;
    }
}
