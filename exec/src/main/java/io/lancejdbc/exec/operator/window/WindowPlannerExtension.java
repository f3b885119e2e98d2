package io.lancejdbc.exec.operator.window;

import io.lancejdbc.exec.operator.PhysicalOperator;
import io.lancejdbc.exec.plan.PhysicalPlanner;
import io.lancejdbc.exec.plan.PhysicalPlannerExtension;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.plan.LogicalPlan;
import io.lancejdbc.sql.plan.Window;
import io.lancejdbc.sql.plan.WindowCall;
import io.lancejdbc.sql.plan.WindowFrame;
import org.apache.arrow.vector.types.pojo.ArrowType;

/** Plans logical window nodes as {@link WindowOperator}s, rejecting frames the operator cannot compute. */
public final class WindowPlannerExtension implements PhysicalPlannerExtension {
    @Override
    public PhysicalOperator plan(LogicalPlan node, PhysicalPlanner planner) {
        if (!(node instanceof Window)) {
            return null;
        }
        Window w = (Window) node;
        for (WindowCall c : w.calls()) {
            check(c);
        }
        return new WindowOperator(planner.plan(w.input()), w.calls(), w.output(), planner.maxMemoryBytes());
    }

    /**
     * @throws SqlError 42000 for RANGE frames with an offset over no, several, or a non-numeric ORDER BY key
     */
    static void check(WindowCall c) {
        WindowFrame f = c.frame();
        boolean offsets = !f.rows() && (!f.startUnbounded() && f.startOffset() != 0
                || !f.endUnbounded() && f.endOffset() != 0);
        boolean framed = !isRanking(c.function());
        if (!offsets || !framed) {
            return;
        }
        if (c.orderBy().size() != 1) {
            throw new SqlError(SqlState.UNSUPPORTED_SQL, "RANGE with an offset needs exactly one ORDER BY key"
                    + " in " + WindowOperator.describe(c) + "; use ROWS");
        }
        ArrowType t = c.orderBy().get(0).expr().type().getType();
        if (!(t instanceof ArrowType.Int || t instanceof ArrowType.FloatingPoint || t instanceof ArrowType.Decimal)) {
            throw new SqlError(SqlState.UNSUPPORTED_SQL, "RANGE with an offset needs a numeric ORDER BY key in "
                    + WindowOperator.describe(c) + "; use ROWS");
        }
    }

    private static boolean isRanking(String fn) {
        switch (fn) {
            case "row_number":
            case "rank":
            case "dense_rank":
            case "percent_rank":
            case "cume_dist":
            case "ntile":
            case "lag":
            case "lead":
                return true;
            default:
                return false;
        }
    }
}
