package io.lancejdbc.exec.operator.join;

import io.lancejdbc.exec.operator.PhysicalOperator;
import io.lancejdbc.exec.plan.PhysicalPlanner;
import io.lancejdbc.exec.plan.PhysicalPlannerExtension;
import io.lancejdbc.exec.plan.RowEstimates;
import io.lancejdbc.sql.expr.Call;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.expr.ExprVisitors;
import io.lancejdbc.sql.expr.Functions;
import io.lancejdbc.sql.plan.Join;
import io.lancejdbc.sql.plan.JoinType;
import io.lancejdbc.sql.plan.LogicalPlan;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Plans logical joins: a hash join when the ON condition has equalities between the two sides (the equi-join keys;
 * the other conjuncts become the residual), else a nested-loop join. INNER and outer joins build the hash table
 * over the input estimated smaller ({@link RowEstimates}); SEMI, ANTI and SINGLE joins always build over the right.
 */
public final class JoinPlannerExtension implements PhysicalPlannerExtension {
    @Override
    public PhysicalOperator plan(LogicalPlan node, PhysicalPlanner planner) {
        if (!(node instanceof Join)) {
            return null;
        }
        Join j = (Join) node;
        JoinSpec spec = spec(j);
        return new JoinOperator(planner.plan(j.left()), planner.plan(j.right()), spec, j.output(),
                planner.maxMemoryBytes());
    }

    /** Splits the join condition into equi-join keys and a residual, and picks the build side. */
    static JoinSpec spec(Join j) {
        int leftWidth = j.left().output().size();
        List<Expr> leftKeys = new ArrayList<>();
        List<Expr> rightKeys = new ArrayList<>();
        List<Boolean> nullSafe = new ArrayList<>();
        List<Expr> residual = new ArrayList<>();
        JoinType type = j.type() == JoinType.CROSS ? JoinType.INNER : j.type();
        boolean nullAware = false;
        if (j.condition() != null) {
            List<Expr> conjuncts = ExprVisitors.conjuncts(j.condition());
            Expr[] notInKey = type == JoinType.ANTI && conjuncts.size() == 1 ? notInPattern(conjuncts.get(0),
                    leftWidth) : null;
            if (notInKey != null) {
                leftKeys.add(notInKey[0]);
                rightKeys.add(notInKey[1]);
                nullSafe.add(false);
                nullAware = true;
            } else {
                for (Expr c : conjuncts) {
                    Expr[] key = equiKey(c, leftWidth);
                    if (key == null) {
                        residual.add(c);
                    } else {
                        leftKeys.add(key[0]);
                        rightKeys.add(key[1]);
                        nullSafe.add(((Call) c).function().equals(Functions.NULL_SAFE_EQ));
                    }
                }
            }
        }
        boolean[] ns = new boolean[nullSafe.size()];
        for (int i = 0; i < ns.length; i++) {
            ns[i] = nullSafe.get(i);
        }
        boolean buildLeft = false;
        if (type == JoinType.INNER || type == JoinType.LEFT || type == JoinType.RIGHT || type == JoinType.FULL) {
            buildLeft = RowEstimates.of(j.left()) < RowEstimates.of(j.right());
        }
        return new JoinSpec(type, leftKeys, rightKeys, ns, ExprVisitors.and(residual), buildLeft, nullAware);
    }

    /**
     * {@code left = right} (or {@code <=>}) with one side over the left input only and the other over the right
     * input only, both of one type: {left key, right key (over the right input)}; else null.
     */
    static Expr[] equiKey(Expr c, int leftWidth) {
        if (!(c instanceof Call) || ExprVisitors.hasSubquery(c)) {
            return null;
        }
        Call call = (Call) c;
        if (!call.function().equals(Functions.EQ) && !call.function().equals(Functions.NULL_SAFE_EQ)) {
            return null;
        }
        return sides(call.arg(0), call.arg(1), leftWidth);
    }

    private static Expr[] sides(Expr a, Expr b, int leftWidth) {
        if (!a.type().getType().equals(b.type().getType())) {
            return null;
        }
        int sa = side(a, leftWidth);
        int sb = side(b, leftWidth);
        if (sa == 0 && sb == 1) {
            return new Expr[] {a, ExprVisitors.shift(b, -leftWidth)};
        }
        if (sa == 1 && sb == 0) {
            return new Expr[] {b, ExprVisitors.shift(a, -leftWidth)};
        }
        return null;
    }

    /** 0: only left columns, 1: only right columns, -1: none or both. */
    private static int side(Expr e, int leftWidth) {
        BitSet cols = ExprVisitors.columns(e);
        if (cols.isEmpty()) {
            return -1;
        }
        if (cols.previousSetBit(Integer.MAX_VALUE) < leftWidth) {
            return 0;
        }
        return cols.nextSetBit(0) >= leftWidth ? 1 : -1;
    }

    /**
     * The condition of {@code x NOT IN (subquery)} as an ANTI join: {@code x = y OR x IS NULL OR y IS NULL}, with
     * {@code x} over the left and {@code y} over the right input: {x, y (over the right input)}; else null.
     */
    static Expr[] notInPattern(Expr c, int leftWidth) {
        if (!(c instanceof Call) || !((Call) c).function().equals(Functions.OR) || ((Call) c).args().size() != 3) {
            return null;
        }
        List<Expr> args = ((Call) c).args();
        if (!(args.get(0) instanceof Call) || !((Call) args.get(0)).function().equals(Functions.EQ)) {
            return null;
        }
        Call eq = (Call) args.get(0);
        Expr[] key = sides(eq.arg(0), eq.arg(1), leftWidth);
        if (key == null) {
            return null;
        }
        Expr leftOperand = side(eq.arg(0), leftWidth) == 0 ? eq.arg(0) : eq.arg(1);
        Expr rightOperand = leftOperand == eq.arg(0) ? eq.arg(1) : eq.arg(0);
        if (!isNullOf(args.get(1), leftOperand) || !isNullOf(args.get(2), rightOperand)) {
            return null;
        }
        return key;
    }

    private static boolean isNullOf(Expr e, Expr operand) {
        return e instanceof Call && ((Call) e).function().equals(Functions.IS_NULL)
                && ((Call) e).arg(0).equals(operand);
    }

}
