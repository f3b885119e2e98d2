package io.lancejdbc.sql.bind;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.expr.Call;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.plan.SortKey;
import io.lancejdbc.sql.plan.WindowCall;
import io.lancejdbc.sql.plan.WindowFrame;
import java.util.ArrayList;
import java.util.List;
import net.sf.jsqlparser.expression.AnalyticExpression;
import net.sf.jsqlparser.expression.AnalyticType;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.WindowElement;
import net.sf.jsqlparser.expression.WindowOffset;
import net.sf.jsqlparser.statement.select.AllColumns;

/**
 * Window function calls {@code f(...) OVER (PARTITION BY ... ORDER BY ... frame)}, typed by {@link WindowFunctions}.
 * Without a frame clause the frame is the whole partition, or RANGE UNBOUNDED PRECEDING to CURRENT ROW when the
 * window is ordered (SQL:2011 7.11). A call binds to a placeholder {@code $win:i} that the query binder replaces by a
 * column of the Window node; it is allowed only in the SELECT list and ORDER BY.
 */
final class WindowCallBinder {
    private WindowCallBinder() {
    }

    /** {@code e} bound as a window call, or null when {@code e} is not an OVER expression. */
    static Expr bindOrNull(Expression e, ExpressionBinder b) {
        return e instanceof AnalyticExpression ? analytic((AnalyticExpression) e, b) : null;
    }

    private static Expr analytic(AnalyticExpression a, ExpressionBinder b) {
        if (a.getType() == AnalyticType.FILTER_ONLY || a.getType() == AnalyticType.WITHIN_GROUP) {
            throw new SqlError(SqlState.UNSUPPORTED_SQL, (a.getType() == AnalyticType.FILTER_ONLY
                    ? "Aggregate FILTER (WHERE ...) is not supported; use count(CASE WHEN cond THEN 1 END) or"
                    + " sum(CASE WHEN cond THEN x END)" : "WITHIN GROUP is not supported") + ": " + a);
        }
        if (b.windows == null) {
            throw new SqlError(SqlState.SYNTAX_ERROR, "Window function " + a + " is not allowed here (only in the"
                    + " SELECT list and ORDER BY)");
        }
        if (a.getWindowName() != null) {
            throw new SqlError(SqlState.UNSUPPORTED_SQL, "Named windows are not supported: " + a);
        }
        String name = FunctionRegistry.canonical(a.getName());
        // Window arguments may contain aggregates (SUM(SUM(x)) OVER ()), so bind them with the aggregate collector.
        ExpressionBinder argBinder = b.withoutWindows();
        List<Expr> args = new ArrayList<>();
        if (a.getExpression() != null && !(a.getExpression() instanceof AllColumns)) {
            args.add(argBinder.bind(a.getExpression()));
        }
        if (a.getOffset() != null) {
            args.add(argBinder.bind(a.getOffset()));
        }
        if (a.getDefaultValue() != null) {
            args.add(argBinder.bind(a.getDefaultValue()));
        }
        List<Expr> partition = new ArrayList<>();
        if (a.getPartitionExpressionList() != null) {
            for (Object o : a.getPartitionExpressionList()) {
                partition.add(argBinder.bind((Expression) o));
            }
        }
        List<SortKey> order = new ArrayList<>();
        if (a.getOrderByElements() != null) {
            for (net.sf.jsqlparser.statement.select.OrderByElement o : a.getOrderByElements()) {
                order.add(OrderLimitBinder.sortKey(argBinder.bind(o.getExpression()), o));
            }
        }
        WindowFrame frame = frame(a.getWindowElement(), !order.isEmpty());
        boolean star = a.isAllColumns() || a.getExpression() instanceof AllColumns;
        if (a.getExpression() instanceof AllColumns) {
            args.clear();
        }
        WindowCall call = WindowFunctions.type(name, args, star, a.isDistinct(), partition, order, frame);
        int index = b.windows.register(call);
        return new Call(ExpressionBinder.WIN_PREFIX + index, List.of(), call.type());
    }

    private static WindowFrame frame(WindowElement w, boolean ordered) {
        if (w == null) {
            return ordered ? WindowFrame.DEFAULT_ORDERED : WindowFrame.WHOLE_PARTITION;
        }
        boolean rows = w.getType() == WindowElement.Type.ROWS;
        WindowOffset start;
        WindowOffset end;
        if (w.getRange() != null) {
            start = w.getRange().getStart();
            end = w.getRange().getEnd();
        } else {
            start = w.getOffset();
            end = new WindowOffset();
            end.setType(WindowOffset.Type.CURRENT);
        }
        long[] s = offset(start, true);
        long[] e = offset(end, false);
        return new WindowFrame(rows, s[0] == 1, s[1], e[0] == 1, e[1]);
    }

    /** {unbounded?1:0, offset} where offset counts rows before (start) or after (end) the current row. */
    private static long[] offset(WindowOffset o, boolean start) {
        switch (o.getType()) {
            case CURRENT:
                return new long[] {0, 0};
            case PRECEDING:
                if (o.getExpression() == null) {
                    if (!start) {
                        throw new SqlError(SqlState.SYNTAX_ERROR, "A frame cannot end at UNBOUNDED PRECEDING");
                    }
                    return new long[] {1, 0};
                }
                return new long[] {0, (start ? 1 : -1) * frameAmount(o.getExpression())};
            case FOLLOWING:
                if (o.getExpression() == null) {
                    if (start) {
                        throw new SqlError(SqlState.SYNTAX_ERROR, "A frame cannot start at UNBOUNDED FOLLOWING");
                    }
                    return new long[] {1, 0};
                }
                return new long[] {0, (start ? -1 : 1) * frameAmount(o.getExpression())};
            default:
                if (o.getExpression() != null) {
                    // "ROWS 3 PRECEDING" shorthand.
                    return new long[] {0, (start ? 1 : -1) * frameAmount(o.getExpression())};
                }
                return new long[] {start ? 1 : 0, 0};
        }
    }

    private static long frameAmount(Expression e) {
        if (e instanceof LongValue) {
            return ((LongValue) e).getValue();
        }
        if (e instanceof net.sf.jsqlparser.expression.SignedExpression
                && ((net.sf.jsqlparser.expression.SignedExpression) e).getSign() == '-'
                && ((net.sf.jsqlparser.expression.SignedExpression) e).getExpression() instanceof LongValue) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Window frame offset must not be negative, got " + e
                    + "; write n PRECEDING or n FOLLOWING with n >= 0");
        }
        throw new SqlError(SqlState.UNSUPPORTED_SQL, "Window frame offsets must be integer constants: " + e);
    }
}
