package io.lancejdbc.sql.bind;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.expr.Call;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.expr.Functions;
import io.lancejdbc.sql.expr.Literal;
import io.lancejdbc.sql.expr.SubqueryExpr;
import io.lancejdbc.sql.parse.QualifiedNames;
import io.lancejdbc.sql.plan.AggregateCall;
import io.lancejdbc.sql.plan.LogicalPlan;
import io.lancejdbc.sql.plan.SortKey;
import io.lancejdbc.sql.plan.WindowCall;
import io.lancejdbc.sql.plan.WindowFrame;
import io.lancejdbc.sql.types.Types;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import net.sf.jsqlparser.expression.AnalyticExpression;
import net.sf.jsqlparser.expression.AnalyticType;
import net.sf.jsqlparser.expression.ArrayConstructor;
import net.sf.jsqlparser.expression.ArrayExpression;
import net.sf.jsqlparser.expression.BinaryExpression;
import net.sf.jsqlparser.expression.BooleanValue;
import net.sf.jsqlparser.expression.CaseExpression;
import net.sf.jsqlparser.expression.CastExpression;
import net.sf.jsqlparser.expression.DateValue;
import net.sf.jsqlparser.expression.DoubleValue;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.ExtractExpression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.HexValue;
import net.sf.jsqlparser.expression.IntervalExpression;
import net.sf.jsqlparser.expression.JdbcParameter;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.MySQLGroupConcat;
import net.sf.jsqlparser.expression.NotExpression;
import net.sf.jsqlparser.expression.NullValue;
import net.sf.jsqlparser.expression.Parenthesis;
import net.sf.jsqlparser.expression.SignedExpression;
import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.expression.TimeKeyExpression;
import net.sf.jsqlparser.expression.TimestampValue;
import net.sf.jsqlparser.expression.TrimFunction;
import net.sf.jsqlparser.expression.WhenClause;
import net.sf.jsqlparser.expression.WindowElement;
import net.sf.jsqlparser.expression.WindowOffset;
import net.sf.jsqlparser.expression.operators.arithmetic.Addition;
import net.sf.jsqlparser.expression.operators.arithmetic.Concat;
import net.sf.jsqlparser.expression.operators.arithmetic.Division;
import net.sf.jsqlparser.expression.operators.arithmetic.IntegerDivision;
import net.sf.jsqlparser.expression.operators.arithmetic.Modulo;
import net.sf.jsqlparser.expression.operators.arithmetic.Multiplication;
import net.sf.jsqlparser.expression.operators.arithmetic.Subtraction;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.expression.operators.conditional.OrExpression;
import net.sf.jsqlparser.expression.operators.conditional.XorExpression;
import net.sf.jsqlparser.expression.operators.relational.Between;
import net.sf.jsqlparser.expression.operators.relational.ComparisonOperator;
import net.sf.jsqlparser.expression.operators.relational.CosineSimilarity;
import net.sf.jsqlparser.expression.operators.relational.EqualsTo;
import net.sf.jsqlparser.expression.operators.relational.ExistsExpression;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.expression.operators.relational.GreaterThan;
import net.sf.jsqlparser.expression.operators.relational.GreaterThanEquals;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.expression.operators.relational.IsBooleanExpression;
import net.sf.jsqlparser.expression.operators.relational.IsDistinctExpression;
import net.sf.jsqlparser.expression.operators.relational.IsNullExpression;
import net.sf.jsqlparser.expression.operators.relational.LikeExpression;
import net.sf.jsqlparser.expression.operators.relational.MinorThan;
import net.sf.jsqlparser.expression.operators.relational.MinorThanEquals;
import net.sf.jsqlparser.expression.operators.relational.NotEqualsTo;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.Select;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Binds one JSqlParser expression to a typed {@link Expr} over a {@link Scope}. Aggregate and window function calls
 * are allowed only when the corresponding collector is given; they bind to placeholders
 * ({@code $agg:i}, {@code $win:i}) that the query binder later replaces by column references.
 */
final class ExpressionBinder {
    static final String AGG_PREFIX = "$agg:";
    static final String WIN_PREFIX = "$win:";

    private final BindContext ctx;
    private final Scope scope;
    private final AggregateCollector aggregates;
    private final WindowCollector windows;
    private final QueryBinder queries;
    /**
     * AST nodes bound as another expression (the IN rotation below). The parsed tree itself is never changed: a
     * prepared statement, and the session's parse cache, bind one tree many times, possibly from several threads.
     */
    private final Map<Expression, Expression> substitutions = new IdentityHashMap<>();

    ExpressionBinder(BindContext ctx, Scope scope, AggregateCollector aggregates, WindowCollector windows,
            QueryBinder queries) {
        this.ctx = ctx;
        this.scope = scope;
        this.aggregates = aggregates;
        this.windows = windows;
        this.queries = queries;
    }

    /** A binder over the same scope that rejects aggregates and window functions. */
    ExpressionBinder plain() {
        return new ExpressionBinder(ctx, scope, null, null, queries);
    }

    Expr bind(Expression e) {
        Expression substitute = substitutions.get(e);
        if (substitute != null) {
            return bind(substitute);
        }
        if (e instanceof Parenthesis) {
            return bind(((Parenthesis) e).getExpression());
        }
        if (e instanceof net.sf.jsqlparser.expression.RowGetExpression) {
            // (expr).field: a field of a struct-valued expression, e.g. (phones[1]).number.
            net.sf.jsqlparser.expression.RowGetExpression g = (net.sf.jsqlparser.expression.RowGetExpression) e;
            Expr result = bind(g.getExpression());
            for (String part : QualifiedNames.split(g.getColumnName())) {
                result = Operators.field(result, part);
            }
            return result;
        }
        if (e instanceof ParenthesedExpressionList) {
            ParenthesedExpressionList<?> l = (ParenthesedExpressionList<?>) e;
            if (l.size() == 1) {
                return bind((Expression) l.get(0));
            }
            throw new SqlError(SqlState.UNSUPPORTED_SQL, "Row values " + e + " are not supported");
        }
        if (e instanceof Column) {
            return column((Column) e);
        }
        if (e instanceof LongValue) {
            return longValue((LongValue) e);
        }
        if (e instanceof DoubleValue) {
            return decimalOrDouble(e.toString());
        }
        if (e instanceof StringValue) {
            return Literal.ofString(((StringValue) e).getNotExcapedValue());
        }
        if (e instanceof NullValue) {
            return Literal.nullOf(Types.NULL);
        }
        if (e instanceof BooleanValue) {
            return Literal.ofBoolean(((BooleanValue) e).getValue());
        }
        if (e instanceof HexValue) {
            // JSqlParser keeps the whitespace that follows the literal in some positions ("X'01' <= b").
            String h = ((HexValue) e).getValue().strip();
            String digits = h.replaceAll("(?i)^x'|'$|^0x", "");
            try {
                return new Literal(HexFormat.of().parseHex(digits), Types.of(Types.BINARY, false));
            } catch (IllegalArgumentException ex) {
                throw new SqlError(SqlState.SYNTAX_ERROR, "Invalid hexadecimal literal " + h);
            }
        }
        if (e instanceof DateValue) {
            return new Literal(((DateValue) e).getValue().toLocalDate(), Types.of(Types.DATE, false));
        }
        if (e instanceof TimestampValue) {
            return new Literal(((TimestampValue) e).getValue().toLocalDateTime(), Types.of(Types.TIMESTAMP_US, false));
        }
        if (e instanceof JdbcParameter) {
            Integer idx = ((JdbcParameter) e).getIndex();
            return ctx.parameter(idx == null ? 0 : idx - 1);
        }
        if (e instanceof SignedExpression) {
            SignedExpression s = (SignedExpression) e;
            Expr inner = bind(s.getExpression());
            if (s.getSign() == '-') {
                return Operators.negate(inner);
            }
            if (s.getSign() == '+') {
                return inner;
            }
            throw new SqlError(SqlState.UNSUPPORTED_SQL, "Operator " + s.getSign() + " is not supported");
        }
        if (e instanceof AndExpression) {
            return Operators.logical(Functions.AND, List.of(bind(((BinaryExpression) e).getLeftExpression()),
                    bind(((BinaryExpression) e).getRightExpression())));
        }
        if (e instanceof OrExpression) {
            return Operators.logical(Functions.OR, List.of(bind(((BinaryExpression) e).getLeftExpression()),
                    bind(((BinaryExpression) e).getRightExpression())));
        }
        if (e instanceof XorExpression) {
            Expr l = bind(((BinaryExpression) e).getLeftExpression());
            Expr r = bind(((BinaryExpression) e).getRightExpression());
            return Operators.compare(Functions.NE, TypeCoercion.coerce(l, Types.BOOL), TypeCoercion.coerce(r, Types.BOOL));
        }
        if (e instanceof NotExpression) {
            return Operators.not(bind(((NotExpression) e).getExpression()));
        }
        if (e instanceof InExpression) {
            return in((InExpression) e);
        }
        if (e instanceof CosineSimilarity) {
            // JSqlParser 5.3 reads "<=>" as its cosine-similarity operator; in our (Doris/MySQL) dialect it is
            // null-safe equality.
            BinaryExpression b = (BinaryExpression) e;
            return Operators.compare(Functions.NULL_SAFE_EQ, bind(b.getLeftExpression()), bind(b.getRightExpression()));
        }
        if (e instanceof ComparisonOperator) {
            return comparison((ComparisonOperator) e);
        }
        if (e instanceof IsNullExpression) {
            IsNullExpression n = (IsNullExpression) e;
            return Operators.isNull(bind(n.getLeftExpression()), n.isNot());
        }
        if (e instanceof IsBooleanExpression) {
            IsBooleanExpression b = (IsBooleanExpression) e;
            Expr v = bind(b.getLeftExpression());
            TypeCoercion.requireBoolean(v, "IS TRUE/FALSE operand");
            // x IS TRUE is never NULL: it is (x <=> TRUE).
            Expr r = Operators.compare(Functions.NULL_SAFE_EQ, TypeCoercion.coerce(v, Types.BOOL),
                    Literal.ofBoolean(b.isTrue()));
            return b.isNot() ? Operators.not(r) : r;
        }
        if (e instanceof IsDistinctExpression) {
            IsDistinctExpression d = (IsDistinctExpression) e;
            Expr eq = Operators.compare(Functions.NULL_SAFE_EQ, bind(d.getLeftExpression()),
                    bind(d.getRightExpression()));
            return d.isNot() ? eq : Operators.not(eq);
        }
        if (e instanceof Between) {
            Between b = (Between) e;
            Expr v = bind(b.getLeftExpression());
            Expr lo = Operators.compare(Functions.GE, v, bind(b.getBetweenExpressionStart()));
            Expr hi = Operators.compare(Functions.LE, v, bind(b.getBetweenExpressionEnd()));
            Expr both = Operators.logical(Functions.AND, List.of(lo, hi));
            return b.isNot() ? Operators.not(both) : both;
        }
        if (e instanceof LikeExpression) {
            return like((LikeExpression) e);
        }
        if (e instanceof Addition) {
            return arithmetic(Functions.ADD, (BinaryExpression) e);
        }
        if (e instanceof Subtraction) {
            return arithmetic(Functions.SUBTRACT, (BinaryExpression) e);
        }
        if (e instanceof Multiplication) {
            return arithmetic(Functions.MULTIPLY, (BinaryExpression) e);
        }
        if (e instanceof Division) {
            return arithmetic(Functions.DIVIDE, (BinaryExpression) e);
        }
        if (e instanceof IntegerDivision) {
            BinaryExpression b = (BinaryExpression) e;
            return Operators.integerDivide(bind(b.getLeftExpression()), bind(b.getRightExpression()));
        }
        if (e instanceof Modulo) {
            return arithmetic(Functions.MODULO, (BinaryExpression) e);
        }
        if (e instanceof Concat) {
            BinaryExpression b = (BinaryExpression) e;
            Expr l = bind(b.getLeftExpression());
            Expr r = bind(b.getRightExpression());
            Expr call = FunctionRegistry.scalar("concat", List.of(l, r));
            // Unlike concat(), || yields NULL when an operand is NULL.
            return new Call(Functions.CONCAT_OP, ((Call) call).args(), call.type());
        }
        if (e instanceof CaseExpression) {
            return caseExpr((CaseExpression) e);
        }
        if (e instanceof CastExpression) {
            return cast((CastExpression) e);
        }
        if (e instanceof TimeKeyExpression) {
            String k = ((TimeKeyExpression) e).getStringValue().toUpperCase(Locale.ROOT).replace("()", "");
            switch (k) {
                case "CURRENT_DATE":
                    return new Literal(LocalDate.now(ctx.clock), Types.of(Types.DATE, false));
                case "CURRENT_TIMESTAMP":
                case "NOW":
                case "LOCALTIMESTAMP":
                    return new Literal(LocalDateTime.now(ctx.clock).withNano(
                            LocalDateTime.now(ctx.clock).getNano() / 1000 * 1000), Types.of(Types.TIMESTAMP_US, false));
                case "CURRENT_TIME":
                    return new Literal(java.time.LocalTime.now(ctx.clock), Types.of(Types.TIME_US, false));
                default:
                    throw new SqlError(SqlState.UNSUPPORTED_SQL, k + " is not supported");
            }
        }
        if (e instanceof ExtractExpression) {
            ExtractExpression x = (ExtractExpression) e;
            return Operators.extract(x.getName(), bind(x.getExpression()));
        }
        if (e instanceof IntervalExpression) {
            return interval((IntervalExpression) e);
        }
        if (e instanceof ArrayExpression) {
            ArrayExpression a = (ArrayExpression) e;
            return Operators.subscript(bind(a.getObjExpression()), bind(a.getIndexExpression()));
        }
        if (e instanceof ArrayConstructor) {
            return arrayConstructor((ArrayConstructor) e);
        }
        if (e instanceof TrimFunction) {
            TrimFunction t = (TrimFunction) e;
            if (t.getExpression() != null && t.getFromExpression() != null) {
                throw new SqlError(SqlState.UNSUPPORTED_SQL, "TRIM with characters is not supported; use"
                        + " TRIM(x), LTRIM(x) or RTRIM(x)");
            }
            Expression target = t.getFromExpression() != null ? t.getFromExpression() : t.getExpression();
            if (target == null) {
                // TRIM() parses as a TrimFunction without an operand: the arity error every function gives.
                return FunctionRegistry.scalar("trim", List.of());
            }
            String fn = "trim";
            if (t.getTrimSpecification() != null) {
                switch (t.getTrimSpecification()) {
                    case LEADING:
                        fn = "ltrim";
                        break;
                    case TRAILING:
                        fn = "rtrim";
                        break;
                    default:
                        fn = "trim";
                }
            }
            return FunctionRegistry.scalar(fn, List.of(bind(target)));
        }
        if (e instanceof MySQLGroupConcat) {
            MySQLGroupConcat g = (MySQLGroupConcat) e;
            List<Expr> args = new ArrayList<>();
            for (Object o : g.getExpressionList()) {
                args.add(plain().bind((Expression) o));
            }
            if (args.size() != 1) {
                throw new SqlError(SqlState.UNSUPPORTED_SQL, "GROUP_CONCAT takes one value expression");
            }
            if (g.getOrderByElements() != null && !g.getOrderByElements().isEmpty()) {
                throw new SqlError(SqlState.UNSUPPORTED_SQL, "ORDER BY inside GROUP_CONCAT is not supported");
            }
            args.add(Literal.ofString(g.getSeparator() == null ? "," : QualifiedNames.unquote(
                    g.getSeparator().replaceAll("^'|'$", ""))));
            return aggregate("group_concat", args, g.isDistinct(), false, e);
        }
        if (e instanceof AnalyticExpression) {
            return analytic((AnalyticExpression) e);
        }
        if (e instanceof Function) {
            return function((Function) e);
        }
        if (e instanceof ParenthesedSelect) {
            return scalarSubquery((ParenthesedSelect) e);
        }
        if (e instanceof ExistsExpression) {
            ExistsExpression x = (ExistsExpression) e;
            Expression inner = x.getRightExpression();
            if (!(inner instanceof Select)) {
                throw new SqlError(SqlState.SYNTAX_ERROR, "EXISTS needs a subquery");
            }
            SubqueryBinder.Binding b = queries.subqueries.bind((Select) inner, scope, SubqueryExpr.Kind.EXISTS,
                    ctx.ctes);
            if (b.correlation() != null && b.aggregateWithoutGroupBy()) {
                // An aggregate without GROUP BY returns one row for any input.
                if (b.having()) {
                    throw new SqlError(SqlState.UNSUPPORTED_SQL, "A correlated EXISTS subquery with HAVING but"
                            + " no GROUP BY is not supported; compare the aggregate in a scalar subquery instead");
                }
                return Literal.ofBoolean(!x.isNot());
            }
            Expr r = new SubqueryExpr(SubqueryExpr.Kind.EXISTS, b.plan(), null, Types.of(Types.BOOL, false),
                    b.correlation());
            return x.isNot() ? Operators.not(r) : r;
        }
        throw new SqlError(SqlState.UNSUPPORTED_SQL, "Expression " + e + " is not supported; see"
                + " docs/sql-reference.md for the operators and functions lance-jdbc evaluates");
    }

    private Expr scalarSubquery(ParenthesedSelect select) {
        SubqueryBinder.Binding b = queries.subqueries.bind(select, scope, SubqueryExpr.Kind.SCALAR, ctx.ctes);
        if (b.visibleColumns() != 1) {
            throw new SqlError(SqlState.SYNTAX_ERROR, "A scalar subquery must return exactly one column, got "
                    + b.visibleColumns());
        }
        return scalar(b);
    }

    private static Expr scalar(SubqueryBinder.Binding b) {
        LogicalPlan p = b.plan();
        return new SubqueryExpr(SubqueryExpr.Kind.SCALAR, p, null,
                Types.withNullable(Types.withoutMetadata(Types.rename(p.output().get(0), "")), true), b.correlation());
    }

    private Expr longValue(LongValue v) {
        String s = v.getStringValue();
        try {
            return Literal.ofLong(Long.parseLong(s));
        } catch (NumberFormatException ex) {
            BigInteger b = new BigInteger(s);
            int digits = b.abs().toString().length();
            if (digits > 38) {
                throw new SqlError(SqlState.NUMERIC_OUT_OF_RANGE, "Integer literal " + s + " has more than 38 digits");
            }
            return new Literal(new BigDecimal(b), Types.of(Types.decimal(Math.max(digits, 1), 0), false));
        }
    }

    /** {@code 1.50} is DECIMAL(3,2) (exact, as in standard SQL); {@code 1e3} is DOUBLE. */
    static Expr decimalOrDouble(String text) {
        if (text.contains("e") || text.contains("E")) {
            return new Literal(Double.parseDouble(text), Types.of(Types.FLOAT64, false));
        }
        BigDecimal d = new BigDecimal(text);
        int precision = Math.max(d.precision(), d.scale() + 1);
        if (precision > 38) {
            return new Literal(d.doubleValue(), Types.of(Types.FLOAT64, false));
        }
        return new Literal(d, Types.of(Types.decimal(precision, Math.max(d.scale(), 0)), false));
    }

    private Expr column(Column c) {
        List<String> parts = new ArrayList<>();
        if (c.getTable() != null && c.getTable().getFullyQualifiedName() != null
                && !c.getTable().getFullyQualifiedName().isEmpty()) {
            parts.addAll(QualifiedNames.split(c.getTable().getFullyQualifiedName()));
        }
        String colName = c.getColumnName();
        if (parts.isEmpty() && colName.startsWith("\"") && colName.endsWith("\"") && colName.length() >= 2) {
            parts.add(QualifiedNames.unquote(colName));
        } else {
            parts.add(QualifiedNames.unquote(colName));
        }
        Expr base = resolveParts(parts, QualifiedNames.sourceText(c));
        if (c.getArrayConstructor() != null) {
            for (Expression idx : c.getArrayConstructor().getExpressions()) {
                base = Operators.subscript(base, bind(idx));
            }
        }
        return base;
    }

    private Expr resolveParts(List<String> parts, String text) {
        Expr e = resolveOrNull(parts, text);
        if (e != null) {
            return e;
        }
        if (ctx != null && queries != null) {
            Expr outer = queries.subqueries.outerReference(parts);
            if (outer != null) {
                return outer;
            }
            if (queries.subqueries.outerScopeHas(parts)) {
                throw new SqlError(SqlState.UNSUPPORTED_SQL, "Correlated reference " + text + " is not"
                        + " supported here (only from a subquery's WHERE clause to the query directly around it);"
                        + " rewrite it as a JOIN");
            }
        }
        throw new SqlError(SqlState.COLUMN_NOT_FOUND, "Column '" + text + "' not found (available: "
                + scope.describe() + ")");
    }

    /** {@code parts} resolved in this binder's scope, or null when no column matches. */
    Expr resolveOrNull(List<String> parts, String text) {
        int n = parts.size();
        // qualifier.column[.field...], then schema.table.column, then column.field...
        for (int start : new int[] {1, 2, 0}) {
            if (start >= n) {
                continue;
            }
            String qualifier = start == 0 ? null : parts.get(start - 1);
            if (qualifier != null && !scope.hasQualifier(qualifier)) {
                continue;
            }
            Scope.Column col = scope.find(qualifier, parts.get(start));
            if (col == null) {
                continue;
            }
            Expr e = Scope.ref(col);
            for (int i = start + 1; i < n; i++) {
                e = Operators.field(e, parts.get(i));
            }
            return e;
        }
        return null;
    }

    private Expr comparison(ComparisonOperator c) {
        String op;
        if (c instanceof EqualsTo) {
            op = Functions.EQ;
        } else if (c instanceof NotEqualsTo) {
            op = Functions.NE;
        } else if (c instanceof GreaterThan) {
            op = Functions.GT;
        } else if (c instanceof GreaterThanEquals) {
            op = Functions.GE;
        } else if (c instanceof MinorThan) {
            op = Functions.LT;
        } else if (c instanceof MinorThanEquals) {
            op = Functions.LE;
        } else {
            throw new SqlError(SqlState.UNSUPPORTED_SQL, "Operator " + c.getStringExpression()
                    + " is not supported");
        }
        if (c.getOldOracleJoinSyntax() != 0) {
            throw new SqlError(SqlState.UNSUPPORTED_SQL, "Oracle (+) join syntax is not supported");
        }
        return Operators.compare(op, bind(c.getLeftExpression()), bind(c.getRightExpression()));
    }

    private Expr arithmetic(String op, BinaryExpression b) {
        return Operators.arithmetic(op, bind(b.getLeftExpression()), bind(b.getRightExpression()));
    }

    private Expr in(InExpression in) {
        Expression right = in.getRightExpression();
        // JSqlParser 5.3 parses "a IN (1, 2) AND b" as IN(a, AND((1, 2), b)): rotate the IN back under the chain.
        if (right instanceof BinaryExpression && leftmost(right) instanceof ParenthesedExpressionList
                || right instanceof BinaryExpression && leftmost(right) instanceof ParenthesedSelect) {
            return bind(rotateIn(in, (BinaryExpression) right, substitutions));
        }
        Expr value = bind(in.getLeftExpression());
        if (right instanceof ParenthesedSelect || right instanceof Select) {
            SubqueryBinder.Binding b = queries.subqueries.bind((Select) right, scope, SubqueryExpr.Kind.IN,
                    ctx.ctes);
            LogicalPlan p = b.plan();
            if (b.visibleColumns() != 1) {
                throw new SqlError(SqlState.SYNTAX_ERROR, "The subquery of IN must return one column, got "
                        + b.visibleColumns());
            }
            ArrowType common = TypeCoercion.commonType(value.type().getType(), p.output().get(0).getType(),
                    "IN subquery");
            Expr r;
            if (b.correlation() != null && b.aggregateWithoutGroupBy()) {
                // One value per enclosing row: x IN (v) is x = v, with the same NULL semantics.
                r = Operators.compare(Functions.EQ, value, scalar(b));
            } else {
                r = new SubqueryExpr(SubqueryExpr.Kind.IN, p, TypeCoercion.coerce(value, common),
                        Types.of(Types.BOOL, true), b.correlation());
            }
            return in.isNot() ? Operators.not(r) : r;
        }
        if (!(right instanceof ExpressionList)) {
            throw new SqlError(SqlState.SYNTAX_ERROR, "IN expects a list or a subquery: " + in);
        }
        List<Expr> items = new ArrayList<>();
        for (Object o : (ExpressionList<?>) right) {
            items.add(bind((Expression) o));
        }
        if (items.isEmpty()) {
            throw new SqlError(SqlState.SYNTAX_ERROR, "IN list must not be empty");
        }
        return Operators.in(value, items, in.isNot());
    }

    private static Expression leftmost(Expression e) {
        Expression cur = e;
        while (cur instanceof BinaryExpression) {
            cur = ((BinaryExpression) cur).getLeftExpression();
        }
        return cur;
    }

    /** The chain with its leftmost operand read as {@code in}'s left side IN that operand (recorded, not written). */
    private static Expression rotateIn(InExpression in, BinaryExpression chain,
            Map<Expression, Expression> substitutions) {
        BinaryExpression cur = chain;
        while (cur.getLeftExpression() instanceof BinaryExpression) {
            cur = (BinaryExpression) cur.getLeftExpression();
        }
        InExpression fixed = new InExpression(in.getLeftExpression(), cur.getLeftExpression());
        fixed.setNot(in.isNot());
        substitutions.put(cur.getLeftExpression(), fixed);
        return chain;
    }

    private Expr like(LikeExpression l) {
        Expr value = bind(l.getLeftExpression());
        Expr pattern = bind(l.getRightExpression());
        switch (l.getLikeKeyWord()) {
            case REGEXP:
            case RLIKE:
            case REGEXP_LIKE: {
                Expr r = FunctionRegistry.scalar("regexp_like", List.of(value, pattern));
                return l.isNot() ? Operators.not(r) : r;
            }
            case SIMILAR_TO:
            case MATCH_ANY:
            case MATCH_ALL:
            case MATCH_PHRASE:
            case MATCH_PHRASE_PREFIX:
            case MATCH_REGEXP:
                throw new SqlError(SqlState.UNSUPPORTED_SQL, l.getLikeKeyWord() + " is not supported");
            default:
                break;
        }
        Expr escape = l.getEscape() == null ? null : bind(l.getEscape());
        return Operators.like(value, pattern, escape,
                l.getLikeKeyWord() == LikeExpression.KeyWord.ILIKE, l.isNot());
    }

    private Expr caseExpr(CaseExpression c) {
        List<Expr> whenThen = new ArrayList<>();
        Expr switchValue = c.getSwitchExpression() == null ? null : bind(c.getSwitchExpression());
        for (WhenClause w : c.getWhenClauses()) {
            Expr when = bind(w.getWhenExpression());
            if (switchValue != null) {
                when = Operators.compare(Functions.EQ, switchValue, when);
            }
            whenThen.add(when);
            whenThen.add(bind(w.getThenExpression()));
        }
        Expr otherwise = c.getElseExpression() == null ? null : bind(c.getElseExpression());
        return Operators.caseWhen(whenThen, otherwise);
    }

    private Expr cast(CastExpression c) {
        ArrowType target = SqlTypeParser.parse(c.getColDataType().toString());
        Expr value = bind(c.getLeftExpression());
        boolean tryCast = c.keyword != null && c.keyword.equalsIgnoreCase("TRY_CAST")
                || c.keyword != null && c.keyword.equalsIgnoreCase("SAFE_CAST");
        if (c.isImplicitCast() && value instanceof Literal && Types.isString(value.type().getType())) {
            // DATE '...', TIMESTAMP '...', TIME '...' typed literals.
            return LiteralCasts.cast((Literal) value, target, false);
        }
        return Operators.cast(value, target, tryCast);
    }

    private Expr interval(IntervalExpression iv) {
        Expression amountExpr = iv.getExpression();
        String param = iv.getParameter();
        String unit = iv.getIntervalType();
        Expr amount;
        if (amountExpr != null) {
            amount = bind(amountExpr);
        } else {
            String p = param.trim();
            if (p.startsWith("'") && p.endsWith("'")) {
                p = p.substring(1, p.length() - 1).trim();
            }
            String[] words = p.split("\\s+");
            if (unit == null && words.length == 2) {
                unit = words[1];
                p = words[0];
            }
            try {
                amount = Literal.ofLong(Long.parseLong(p));
            } catch (NumberFormatException ex) {
                throw new SqlError(SqlState.SYNTAX_ERROR, "Invalid interval amount in " + iv
                        + "; write INTERVAL 3 DAY or INTERVAL '3' DAY");
            }
        }
        if (unit == null) {
            throw new SqlError(SqlState.SYNTAX_ERROR, "Interval " + iv + " needs a unit (DAY, MONTH, ...)");
        }
        if (!Types.isInteger(amount.type().getType()) && !(amount instanceof Literal)) {
            throw new SqlError(SqlState.DATATYPE_MISMATCH, "Interval amounts must be integers: " + iv);
        }
        return Operators.interval(amount, unit);
    }

    private Expr arrayConstructor(ArrayConstructor a) {
        List<Object> values = new ArrayList<>();
        ArrowType elem = Types.NULL;
        for (Expression x : a.getExpressions()) {
            Expr v = bind(x);
            if (!(v instanceof Literal)) {
                throw new SqlError(SqlState.UNSUPPORTED_SQL, "Array constructors may hold constants only: " + a);
            }
            elem = TypeCoercion.commonType(elem, v.type().getType(), "array constructor");
        }
        for (Expression x : a.getExpressions()) {
            Literal v = (Literal) TypeCoercion.coerce(bind(x), elem);
            values.add(v.value());
        }
        if (Types.isNull(elem)) {
            elem = Types.INT32;
        }
        return new Literal(values, Types.list("", Types.of(elem, true), false));
    }

    private Expr function(Function f) {
        Expr result = functionCall(f);
        // f(...).field reads a field of a struct-valued call (JSqlParser keeps the field as the call's attribute).
        Column attribute = f.getAttributeColumn();
        if (attribute != null) {
            for (String part : QualifiedNames.split(attribute.getFullyQualifiedName())) {
                result = Operators.field(result, part);
            }
        }
        return result;
    }

    private Expr functionCall(Function f) {
        String name = f.getName() == null ? "" : QualifiedNames.unquote(f.getName());
        List<Expression> rawArgs = new ArrayList<>();
        if (f.getParameters() != null) {
            for (Object o : f.getParameters()) {
                rawArgs.add((Expression) o);
            }
        }
        String canonical = FunctionRegistry.canonical(name);
        if (f.getParameters() == null && f.getNamedParameters() != null) {
            rawArgs.addAll(keywordArguments(canonical, f));
        }
        boolean star = f.isAllColumns();
        if (rawArgs.size() == 1 && rawArgs.get(0) instanceof net.sf.jsqlparser.statement.select.AllColumns) {
            star = true;
            rawArgs.clear();
        }
        if (FunctionRegistry.isAggregate(canonical)) {
            List<Expr> args = new ArrayList<>();
            ExpressionBinder inner = plain();
            for (Expression a : rawArgs) {
                args.add(inner.bind(a));
            }
            if (star && !canonical.equals("count")) {
                throw new SqlError(SqlState.SYNTAX_ERROR, name + "(*) is not valid; only COUNT(*) takes *");
            }
            if (f.getOrderByElements() != null && !f.getOrderByElements().isEmpty()) {
                throw new SqlError(SqlState.UNSUPPORTED_SQL, "ORDER BY inside " + name + "() is not supported");
            }
            return aggregate(canonical, args, f.isDistinct(), star, f);
        }
        if (FunctionRegistry.isWindowOnly(canonical)) {
            throw new SqlError(SqlState.SYNTAX_ERROR, name + "() needs an OVER clause");
        }
        if (canonical.equals("date_add") || canonical.equals("date_sub") || canonical.equals("adddate")
                || canonical.equals("subdate")) {
            if (rawArgs.size() != 2) {
                throw new SqlError(SqlState.UNDEFINED_FUNCTION, name + "() takes 2 arguments: a date and an interval"
                        + " or a number of days");
            }
            Expr base = bind(rawArgs.get(0));
            Expr amount = bind(rawArgs.get(1));
            boolean sub = canonical.equals("date_sub") || canonical.equals("subdate");
            if (!Operators.isInterval(amount)) {
                amount = Operators.interval(amount, "day");
            }
            if (Types.isString(base.type().getType())) {
                base = TypeCoercion.coerce(base, Types.DATE);
            }
            return Operators.arithmetic(sub ? Functions.SUBTRACT : Functions.ADD, base, amount);
        }
        if (canonical.equals("try_cast") || canonical.equals("cast")) {
            throw new SqlError(SqlState.SYNTAX_ERROR, "Write " + name.toUpperCase(Locale.ROOT) + "(value AS type)");
        }
        List<Expr> args = new ArrayList<>();
        for (Expression a : rawArgs) {
            args.add(bind(a));
        }
        if (canonical.equals("position") && rawArgs.size() == 1) {
            throw new SqlError(SqlState.SYNTAX_ERROR, "Write POSITION(substring IN string)");
        }
        return FunctionRegistry.scalar(name, args);
    }

    /**
     * The arguments of the standard keyword forms {@code POSITION(sub IN s)} and {@code SUBSTRING(s FROM p [FOR n])},
     * which JSqlParser returns as named parameters, in positional order.
     */
    private static List<Expression> keywordArguments(String canonical, Function f) {
        List<String> names = new ArrayList<>();
        for (String n : f.getNamedParameters().getNames()) {
            names.add(n == null ? "" : n.trim().toUpperCase(Locale.ROOT));
        }
        List<String> expected = switch (canonical) {
            case "position" -> List.of("", "IN");
            case "substring" -> names.size() == 3 ? List.of("", "FROM", "FOR") : List.of("", "FROM");
            default -> List.of();
        };
        if (!names.equals(expected)) {
            throw new SqlError(SqlState.SYNTAX_ERROR, "Function " + f.getName() + "() does not take keyword"
                    + " arguments: " + f);
        }
        List<Expression> out = new ArrayList<>();
        for (Object o : f.getNamedParameters().getExpressions()) {
            out.add((Expression) o);
        }
        return out;
    }

    private Expr aggregate(String name, List<Expr> args, boolean distinct, boolean star, Expression source) {
        if (aggregates == null) {
            throw new SqlError(SqlState.GROUPING_ERROR, "Aggregate function " + source + " is not allowed here"
                    + " (not in WHERE, GROUP BY, JOIN ON, or inside another aggregate)");
        }
        AggregateCall call = FunctionRegistry.aggregate(name, args, distinct, star);
        int index = aggregates.register(call);
        return new Call(AGG_PREFIX + index, List.of(), call.type());
    }

    private Expr analytic(AnalyticExpression a) {
        if (a.getType() == AnalyticType.FILTER_ONLY || a.getType() == AnalyticType.WITHIN_GROUP) {
            throw new SqlError(SqlState.UNSUPPORTED_SQL, (a.getType() == AnalyticType.FILTER_ONLY
                    ? "Aggregate FILTER (WHERE ...) is not supported; use count(CASE WHEN cond THEN 1 END) or"
                    + " sum(CASE WHEN cond THEN x END)" : "WITHIN GROUP is not supported") + ": " + a);
        }
        if (windows == null) {
            throw new SqlError(SqlState.SYNTAX_ERROR, "Window function " + a + " is not allowed here (only in the"
                    + " SELECT list and ORDER BY)");
        }
        if (a.getWindowName() != null) {
            throw new SqlError(SqlState.UNSUPPORTED_SQL, "Named windows are not supported: " + a);
        }
        String name = FunctionRegistry.canonical(a.getName());
        // Window arguments may contain aggregates (SUM(SUM(x)) OVER ()), so bind them with the aggregate collector.
        ExpressionBinder argBinder = new ExpressionBinder(ctx, scope, aggregates, null, queries);
        List<Expr> args = new ArrayList<>();
        if (a.getExpression() != null
                && !(a.getExpression() instanceof net.sf.jsqlparser.statement.select.AllColumns)) {
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
        boolean star = a.isAllColumns() || a.getExpression() instanceof net.sf.jsqlparser.statement.select.AllColumns;
        if (a.getExpression() instanceof net.sf.jsqlparser.statement.select.AllColumns) {
            args.clear();
        }
        WindowCall call = WindowFunctions.type(name, args, star, a.isDistinct(), partition, order, frame);
        int index = windows.register(call);
        return new Call(WIN_PREFIX + index, List.of(), call.type());
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
