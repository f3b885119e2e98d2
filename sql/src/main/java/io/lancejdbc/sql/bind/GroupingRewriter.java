package io.lancejdbc.sql.bind;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.expr.Call;
import io.lancejdbc.sql.expr.ColumnRef;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.expr.SubqueryExpr;
import io.lancejdbc.sql.plan.SortKey;
import io.lancejdbc.sql.plan.WindowCall;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Maps expressions over an aggregate's input to references into its output (group keys first, then the aggregates
 * in the order {@link AggregateCollector} registered them). A column that is neither a group key nor inside an
 * aggregate is a grouping error (42803).
 */
final class GroupingRewriter {
    private final List<Expr> keys;
    private final List<Field> output;

    GroupingRewriter(List<Expr> keys, List<Field> output) {
        this.keys = keys;
        this.output = output;
    }

    Expr rewrite(Expr e) {
        int k = keys.indexOf(e);
        if (k >= 0) {
            return new ColumnRef(k, output.get(k).getName(), output.get(k));
        }
        if (e instanceof Call) {
            Call c = (Call) e;
            if (c.function().startsWith(ExpressionBinder.AGG_PREFIX)) {
                int i = keys.size() + Integer.parseInt(c.function().substring(ExpressionBinder.AGG_PREFIX.length()));
                return new ColumnRef(i, output.get(i).getName(), output.get(i));
            }
            if (c.function().startsWith(ExpressionBinder.WIN_PREFIX)) {
                return c;
            }
            List<Expr> args = new ArrayList<>();
            for (Expr a : c.args()) {
                args.add(rewrite(a));
            }
            return new Call(c.function(), args, c.type());
        }
        if (e instanceof ColumnRef) {
            throw new SqlError(SqlState.GROUPING_ERROR, "Column '" + ((ColumnRef) e).name() + "' must appear in"
                    + " GROUP BY or be used in an aggregate function");
        }
        if (e instanceof SubqueryExpr) {
            SubqueryExpr s = (SubqueryExpr) e;
            SubqueryExpr.Correlation c = s.correlation();
            if (c != null) {
                List<Expr> args = new ArrayList<>();
                for (Expr a : c.outerArgs()) {
                    args.add(rewrite(a));
                }
                c = c.withOuterArgs(args);
            }
            return s.operand() == null && c == null ? s
                    : new SubqueryExpr(s.kind(), s.plan(), s.operand() == null ? null : rewrite(s.operand()),
                            s.type(), c);
        }
        return e;
    }

    WindowCall rewrite(WindowCall w) {
        List<Expr> args = new ArrayList<>();
        for (Expr a : w.args()) {
            args.add(rewrite(a));
        }
        List<Expr> partition = new ArrayList<>();
        for (Expr p : w.partitionBy()) {
            partition.add(rewrite(p));
        }
        List<SortKey> order = new ArrayList<>();
        for (SortKey s : w.orderBy()) {
            order.add(new SortKey(rewrite(s.expr()), s.ascending(), s.nullsFirst()));
        }
        return new WindowCall(w.function(), args, partition, order, w.frame(), w.type());
    }
}
