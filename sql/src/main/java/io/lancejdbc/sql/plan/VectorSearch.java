package io.lancejdbc.sql.plan;

import io.lancejdbc.sql.catalog.BoundTable;
import io.lancejdbc.sql.types.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * {@code vector_search(...)}: the Top-K rows of a table nearest to a query vector. Output: the table columns at
 * {@code columns}, then {@code _distance} (float32, not null; smaller is closer).
 */
public record VectorSearch(BoundTable table, VectorSearchSpec spec, List<Integer> columns) implements LogicalPlan {
    /** The generated distance column. */
    public static final String DISTANCE = "_distance";

    public VectorSearch {
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(spec, "spec");
        columns = List.copyOf(columns);
    }

    @Override
    public List<Field> output() {
        List<Field> out = new ArrayList<>();
        List<Field> fields = table.schema().getFields();
        for (int c : columns) {
            out.add(fields.get(c));
        }
        out.add(Types.field(DISTANCE, Types.FLOAT32, false));
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
