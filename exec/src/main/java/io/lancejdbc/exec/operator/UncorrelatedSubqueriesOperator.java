package io.lancejdbc.exec.operator;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.exec.expr.ValueAccess;
import io.lancejdbc.exec.stream.BatchStream;
import io.lancejdbc.sql.expr.SubqueryExpr;
import io.lancejdbc.sql.plan.LogicalPlan;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A query with uncorrelated subqueries: each subquery is a planned child operator, run to completion (SCALAR: its
 * first 2 rows, EXISTS: its first row, IN: all rows, at most {@value #MAX_IN_ROWS}) once per execution before the
 * main plan opens; the main plan's expressions then compile each subquery to its values. Children: the main plan,
 * then the subqueries in the order they were found.
 */
public final class UncorrelatedSubqueriesOperator implements PhysicalOperator {
    /** The most rows an IN subquery may return (more is refused: a join is the right plan for that). */
    public static final int MAX_IN_ROWS = 10_000_000;

    private final PhysicalOperator main;
    private final List<SubqueryExpr> subqueries;
    private final List<PhysicalOperator> plans;

    /**
     * @param subqueries the uncorrelated subqueries of {@code main}'s expressions
     * @param plans their planned operators, each already limited to the rows its kind reads
     */
    public UncorrelatedSubqueriesOperator(PhysicalOperator main, List<SubqueryExpr> subqueries,
            List<PhysicalOperator> plans) {
        if (subqueries.size() != plans.size() || subqueries.isEmpty()) {
            throw new IllegalArgumentException("one plan per subquery, at least one");
        }
        this.main = main;
        this.subqueries = List.copyOf(subqueries);
        this.plans = List.copyOf(plans);
    }

    /** The rows a subquery of {@code kind} reads: 2 to detect a SCALAR with too many, 1 for EXISTS, -1 for all. */
    public static long rowsRead(SubqueryExpr.Kind kind) {
        return kind == SubqueryExpr.Kind.SCALAR ? 2 : kind == SubqueryExpr.Kind.EXISTS ? 1 : -1;
    }

    @Override
    public Schema schema() {
        return main.schema();
    }

    @Override
    public List<PhysicalOperator> children() {
        List<PhysicalOperator> out = new ArrayList<>();
        out.add(main);
        out.addAll(plans);
        return out;
    }

    @Override
    public String name() {
        return "UNCORRELATED_SUBQUERIES";
    }

    @Override
    public List<String> details() {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < subqueries.size(); i++) {
            SubqueryExpr s = subqueries.get(i);
            out.add("subquery " + (i + 1) + ": " + s.kind() + " " + s.sql() + ", run once before the main plan");
        }
        return out;
    }

    @Override
    public BatchStream open(ExecContext ctx) {
        Map<LogicalPlan, List<Object>> values = new IdentityHashMap<>();
        for (int i = 0; i < subqueries.size(); i++) {
            values.put(subqueries.get(i).plan(), firstColumn(plans.get(i), ctx));
        }
        ExecContext inner = ctx.withCompiler(ctx.compiler().withSubqueryValues(values::get));
        return inner.open(main);
    }

    private static List<Object> firstColumn(PhysicalOperator op, ExecContext ctx) {
        List<Object> out = new ArrayList<>();
        try (BatchStream s = ctx.open(op)) {
            VectorSchemaRoot b;
            while ((b = s.next()) != null) {
                try (VectorSchemaRoot batch = b) {
                    ValueAccess.Getter g = ValueAccess.getter(batch.getVector(0));
                    for (int i = 0; i < batch.getRowCount(); i++) {
                        out.add(g.get(i));
                    }
                }
                if (out.size() > MAX_IN_ROWS) {
                    throw new SqlError(SqlState.OUT_OF_MEMORY, "An IN subquery returned more than 10,000,000 rows;"
                            + " rewrite it as a JOIN");
                }
            }
        }
        return out;
    }
}
