package io.lancejdbc.sql.bind;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.engine.types.TypeSupport;
import io.lancejdbc.sql.expr.Call;
import io.lancejdbc.sql.expr.ColumnRef;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.parse.QualifiedNames;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.AllTableColumns;
import net.sf.jsqlparser.statement.select.GroupByElement;
import net.sf.jsqlparser.statement.select.SelectItem;

/**
 * A SELECT list being bound: its expressions and output names, in order, with {@code *} and {@code t.*} (and their
 * {@code EXCEPT (...)}) expanded. An item's name is its alias, else the column's name, else its source text. GROUP BY
 * keys may name a select-list position or alias (when no input column has that name).
 */
final class SelectList {
    final List<Expr> items = new ArrayList<>();
    final List<String> names = new ArrayList<>();

    /** Binds every item of {@code selectItems} over {@code scope}. */
    static SelectList bind(List<SelectItem<?>> selectItems, Scope scope, ExpressionBinder binder) {
        SelectList list = new SelectList();
        for (SelectItem<?> item : selectItems) {
            list.expand(item, scope, binder);
        }
        return list;
    }

    int size() {
        return items.size();
    }

    private void expand(SelectItem<?> item, Scope scope, ExpressionBinder binder) {
        Expression e = item.getExpression();
        if (e instanceof AllTableColumns) {
            AllTableColumns atc = (AllTableColumns) e;
            List<String> q = QualifiedNames.split(atc.getTable().getFullyQualifiedName());
            String qualifier = q.get(q.size() - 1);
            if (!scope.hasQualifier(qualifier)) {
                throw new SqlError(SqlState.TABLE_NOT_FOUND, "Unknown table '" + qualifier + "' in "
                        + QualifiedNames.sourceText(e));
            }
            addColumns(scope.columnsOf(qualifier), except(atc), QualifiedNames.sourceText(e));
            return;
        }
        if (e instanceof AllColumns) {
            if (scope.size() == 0) {
                throw new SqlError(SqlState.SYNTAX_ERROR, "SELECT * needs a FROM clause");
            }
            addColumns(scope.columnsOf(null), except((AllColumns) e), QualifiedNames.sourceText(e));
            return;
        }
        Expr bound = binder.bind(e);
        items.add(bound);
        if (item.getAlias() != null) {
            names.add(QualifiedNames.unquote(item.getAlias().getName()));
        } else if (bound instanceof ColumnRef) {
            names.add(((ColumnRef) bound).name());
        } else if (e instanceof Column && ((Column) e).getArrayConstructor() == null) {
            names.add(QualifiedNames.unquote(((Column) e).getColumnName()));
        } else {
            names.add(QualifiedNames.sourceText(e));
        }
    }

    private static Set<String> except(AllColumns all) {
        Set<String> out = new LinkedHashSet<>();
        if (all.getExceptColumns() != null) {
            for (Column c : all.getExceptColumns()) {
                out.add(QualifiedNames.unquote(c.getColumnName()).toLowerCase(Locale.ROOT));
            }
        }
        return out;
    }

    private void addColumns(List<Scope.Column> cols, Set<String> except, String text) {
        Set<String> unmatched = new LinkedHashSet<>(except);
        for (Scope.Column c : cols) {
            String lower = c.name().toLowerCase(Locale.ROOT);
            if (except.contains(lower)) {
                unmatched.remove(lower);
                continue;
            }
            if (!TypeSupport.isSupported(c.field())) {
                throw QueryBinder.unsupportedColumn(c.name());
            }
            items.add(Scope.ref(c));
            names.add(c.name());
        }
        if (!unmatched.isEmpty()) {
            throw new SqlError(SqlState.COLUMN_NOT_FOUND, "EXCEPT names unknown column(s) " + unmatched + " in " + text);
        }
    }

    /**
     * The GROUP BY keys, each an input expression, a select-list position or a select-list alias.
     *
     * @throws SqlError 42000 for GROUPING SETS / ROLLUP / CUBE, 42000 for a position outside the list, 42803 for a
     *     key that is an aggregate or window function
     */
    List<Expr> groupKeys(GroupByElement groupBy, Scope scope, ExpressionBinder keyBinder) {
        if (groupBy.getGroupingSets() != null && !groupBy.getGroupingSets().isEmpty()) {
            throw new SqlError(SqlState.UNSUPPORTED_SQL, "GROUPING SETS, ROLLUP and CUBE are not supported");
        }
        List<Expr> keys = new ArrayList<>();
        for (Object o : groupBy.getGroupByExpressionList()) {
            keys.add(groupKey((Expression) o, scope, keyBinder));
        }
        return keys;
    }

    private Expr groupKey(Expression e, Scope scope, ExpressionBinder binder) {
        if (e instanceof LongValue) {
            int ordinal = (int) ((LongValue) e).getValue();
            if (ordinal < 1 || ordinal > items.size()) {
                throw new SqlError(SqlState.SYNTAX_ERROR, "GROUP BY position " + ordinal + " is not in the select"
                        + " list (1.." + items.size() + ")");
            }
            return checkNoAggregate(items.get(ordinal - 1), "GROUP BY " + ordinal);
        }
        if (e instanceof Column && ((Column) e).getTable() == null) {
            String name = QualifiedNames.unquote(((Column) e).getColumnName());
            if (scope.find(null, name) == null) {
                for (int i = 0; i < names.size(); i++) {
                    if (names.get(i).equalsIgnoreCase(name)) {
                        return checkNoAggregate(items.get(i), "GROUP BY " + name);
                    }
                }
            }
        }
        return binder.bind(e);
    }

    private static Expr checkNoAggregate(Expr e, String where) {
        if (containsPlaceholder(e)) {
            throw new SqlError(SqlState.GROUPING_ERROR, where + " refers to an aggregate or window function");
        }
        return e;
    }

    /** {@code e} holds a binder placeholder ({@code $agg:i}, {@code $win:i}, {@code $outer:i}). */
    static boolean containsPlaceholder(Expr e) {
        if (e instanceof Call) {
            Call c = (Call) e;
            if (c.function().startsWith("$")) {
                return true;
            }
            for (Expr a : c.args()) {
                if (containsPlaceholder(a)) {
                    return true;
                }
            }
        }
        return false;
    }
}
