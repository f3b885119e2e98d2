package io.lancejdbc.sql.expr;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.function.Function;

/** Structural helpers over expression trees: column usage, remapping, substitution, conjunct splitting. */
public final class ExprVisitors {
    private ExprVisitors() {
    }

    /** Adds the input column positions {@code e} references to {@code out}. */
    public static void columns(Expr e, BitSet out) {
        if (e instanceof ColumnRef) {
            out.set(((ColumnRef) e).index());
        } else if (e instanceof Call) {
            for (Expr a : ((Call) e).args()) {
                columns(a, out);
            }
        } else if (e instanceof SubqueryExpr) {
            SubqueryExpr s = (SubqueryExpr) e;
            if (s.operand() != null) {
                columns(s.operand(), out);
            }
            if (s.correlation() != null) {
                for (Expr a : s.correlation().outerArgs()) {
                    columns(a, out);
                }
            }
        }
    }

    /** The input column positions {@code e} references. */
    public static BitSet columns(Expr e) {
        BitSet b = new BitSet();
        columns(e, b);
        return b;
    }

    /** {@code e} with every column reference replaced by {@code f(ref)}. */
    public static Expr replaceColumns(Expr e, Function<ColumnRef, Expr> f) {
        if (e instanceof ColumnRef) {
            return f.apply((ColumnRef) e);
        }
        if (e instanceof Call) {
            Call c = (Call) e;
            List<Expr> args = new ArrayList<>(c.args().size());
            boolean changed = false;
            for (Expr a : c.args()) {
                Expr r = replaceColumns(a, f);
                changed |= r != a;
                args.add(r);
            }
            return changed ? new Call(c.function(), args, c.type()) : c;
        }
        if (e instanceof SubqueryExpr) {
            SubqueryExpr s = (SubqueryExpr) e;
            if (s.operand() == null && s.correlation() == null) {
                return s;
            }
            Expr operand = s.operand() == null ? null : replaceColumns(s.operand(), f);
            SubqueryExpr.Correlation c = s.correlation();
            if (c != null) {
                List<Expr> args = new ArrayList<>();
                for (Expr a : c.outerArgs()) {
                    args.add(replaceColumns(a, f));
                }
                c = c.withOuterArgs(args);
            }
            return new SubqueryExpr(s.kind(), s.plan(), operand, s.type(), c);
        }
        return e;
    }

    /** {@code e} with column positions remapped through {@code mapping} (old index → new index). */
    public static Expr remap(Expr e, int[] mapping) {
        return replaceColumns(e, c -> {
            int n = mapping[c.index()];
            if (n < 0) {
                throw new IllegalStateException("column " + c.name() + " was pruned but is still referenced");
            }
            return n == c.index() ? c : new ColumnRef(n, c.name(), c.type());
        });
    }

    /** {@code e} with column positions shifted by {@code delta}. */
    public static Expr shift(Expr e, int delta) {
        if (delta == 0) {
            return e;
        }
        return replaceColumns(e, c -> new ColumnRef(c.index() + delta, c.name(), c.type()));
    }

    /** The top-level AND operands of {@code e} (e itself when it is not an AND). */
    public static List<Expr> conjuncts(Expr e) {
        List<Expr> out = new ArrayList<>();
        if (e instanceof Call && ((Call) e).function().equals(Functions.AND)) {
            for (Expr a : ((Call) e).args()) {
                out.addAll(conjuncts(a));
            }
        } else {
            out.add(e);
        }
        return out;
    }

    /** True when {@code e} contains a correlated subquery. */
    public static boolean hasCorrelatedSubquery(Expr e) {
        if (e instanceof SubqueryExpr) {
            SubqueryExpr s = (SubqueryExpr) e;
            return s.correlated() || s.operand() != null && hasCorrelatedSubquery(s.operand());
        }
        if (e instanceof Call) {
            for (Expr a : ((Call) e).args()) {
                if (hasCorrelatedSubquery(a)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** True when {@code e} contains a subquery. */
    public static boolean hasSubquery(Expr e) {
        if (e instanceof SubqueryExpr) {
            return true;
        }
        if (e instanceof Call) {
            for (Expr a : ((Call) e).args()) {
                if (hasSubquery(a)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The AND of {@code conjuncts} (null when empty, the single conjunct when one). */
    public static Expr and(List<Expr> conjuncts) {
        if (conjuncts.isEmpty()) {
            return null;
        }
        if (conjuncts.size() == 1) {
            return conjuncts.get(0);
        }
        boolean nullable = conjuncts.stream().anyMatch(c -> c.type().isNullable());
        return new Call(Functions.AND, conjuncts, io.lancejdbc.sql.types.Types.of(io.lancejdbc.sql.types.Types.BOOL,
                nullable));
    }
}
