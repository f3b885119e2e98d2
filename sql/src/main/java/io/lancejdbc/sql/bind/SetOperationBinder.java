package io.lancejdbc.sql.bind;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.bind.QueryBinder.Bound;
import io.lancejdbc.sql.expr.ColumnRef;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.plan.LogicalPlan;
import io.lancejdbc.sql.plan.Project;
import io.lancejdbc.sql.plan.SetOperation;
import io.lancejdbc.sql.types.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import net.sf.jsqlparser.statement.select.ExceptOp;
import net.sf.jsqlparser.statement.select.IntersectOp;
import net.sf.jsqlparser.statement.select.MinusOp;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SetOperationList;
import net.sf.jsqlparser.statement.select.UnionOp;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * UNION, INTERSECT and EXCEPT (MINUS), with or without ALL. INTERSECT binds tighter than UNION and EXCEPT
 * (SQL:2011 7.13); operators of one level go left to right. Each output column takes the common type of its inputs
 * ({@link TypeCoercion#commonType}, an all-NULL column becomes INT), the name of the left input's column, and is
 * nullable when either input's is.
 */
final class SetOperationBinder {
    private final QueryBinder queries;

    SetOperationBinder(QueryBinder queries) {
        this.queries = queries;
    }

    Bound bind(SetOperationList s, CteScope ctes) {
        List<Select> selects = s.getSelects();
        List<LogicalPlan> operands = new ArrayList<>();
        operands.add(queries.bindSelect(selects.get(0), ctes).plan());
        List<SetOperation.Kind> kinds = new ArrayList<>();
        List<Boolean> alls = new ArrayList<>();
        for (int i = 1; i < selects.size(); i++) {
            operands.add(queries.bindSelect(selects.get(i), ctes).plan());
            net.sf.jsqlparser.statement.select.SetOperation op = s.getOperations().get(i - 1);
            if (op instanceof UnionOp) {
                kinds.add(SetOperation.Kind.UNION);
                alls.add(((UnionOp) op).isAll());
            } else if (op instanceof IntersectOp) {
                kinds.add(SetOperation.Kind.INTERSECT);
                alls.add(op.toString().toUpperCase(Locale.ROOT).contains("ALL"));
            } else if (op instanceof ExceptOp || op instanceof MinusOp) {
                kinds.add(SetOperation.Kind.EXCEPT);
                alls.add(op.toString().toUpperCase(Locale.ROOT).contains("ALL"));
            } else {
                throw new SqlError(SqlState.UNSUPPORTED_SQL, "Set operation " + op + " is not supported");
            }
        }
        for (int i = 0; i < kinds.size(); ) {
            if (kinds.get(i) == SetOperation.Kind.INTERSECT) {
                operands.set(i, setOperation(kinds.get(i), alls.get(i), operands.get(i), operands.get(i + 1)));
                operands.remove(i + 1);
                kinds.remove(i);
                alls.remove(i);
            } else {
                i++;
            }
        }
        LogicalPlan acc = operands.get(0);
        for (int i = 0; i < kinds.size(); i++) {
            acc = setOperation(kinds.get(i), alls.get(i), acc, operands.get(i + 1));
        }
        return queries.orderLimit.orderAndLimit(new Bound(acc, Scope.of(null, acc.output())), s.getOrderByElements(),
                s.getLimit(), s.getOffset(), s.getFetch());
    }

    /**
     * One set operation over two bound inputs, each cast to the unified column types where it differs.
     *
     * @throws SqlError 42000 when the inputs' column counts differ, 42804 when a column pair has no common type
     */
    static LogicalPlan setOperation(SetOperation.Kind kind, boolean all, LogicalPlan left, LogicalPlan right) {
        List<Field> l = left.output();
        List<Field> r = right.output();
        if (l.size() != r.size()) {
            throw new SqlError(SqlState.SYNTAX_ERROR, kind + " inputs have different column counts: " + l.size()
                    + " and " + r.size());
        }
        List<Field> out = new ArrayList<>();
        List<ArrowType> types = new ArrayList<>();
        for (int i = 0; i < l.size(); i++) {
            ArrowType t = TypeCoercion.commonType(l.get(i).getType(), r.get(i).getType(), kind + " column " + (i + 1));
            if (Types.isNull(t)) {
                t = Types.INT32;
            }
            types.add(t);
            Field template = l.get(i).getType().equals(t) ? l.get(i) : r.get(i).getType().equals(t) ? r.get(i)
                    : Types.of(t, true);
            out.add(Types.rename(Types.withNullable(Types.withoutMetadata(template),
                    l.get(i).isNullable() || r.get(i).isNullable()), l.get(i).getName()));
        }
        return new SetOperation(kind, all, List.of(castTo(left, types), castTo(right, types)), out);
    }

    private static LogicalPlan castTo(LogicalPlan p, List<ArrowType> types) {
        List<Field> out = p.output();
        boolean same = true;
        for (int i = 0; i < out.size(); i++) {
            same &= out.get(i).getType().equals(types.get(i));
        }
        if (same) {
            return p;
        }
        List<Expr> exprs = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (int i = 0; i < out.size(); i++) {
            exprs.add(TypeCoercion.coerce(new ColumnRef(i, out.get(i).getName(), out.get(i)), types.get(i)));
            names.add(out.get(i).getName());
        }
        return new Project(p, exprs, names);
    }
}
