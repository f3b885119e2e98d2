package io.lancejdbc.sql.rules;

import io.lancejdbc.sql.expr.Call;
import io.lancejdbc.sql.expr.ColumnRef;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.expr.Functions;
import io.lancejdbc.sql.expr.Literal;
import io.lancejdbc.sql.bind.LiteralCasts;
import io.lancejdbc.engine.types.TypeSupport;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Renders a predicate over a table's columns as a Lance filter string, or says it cannot be pushed.
 *
 * <p>The rules follow the Doris Lance Catalog manual ("Predicate Pushdown": supported types and operators) and
 * doris-semantics §3.1: only a direct column compared with a constant of the column's own type (the constant fits
 * exactly); IN/NOT IN with a non-empty list without NULL; IS [NOT] NULL; {@code <=>}; AND/OR/NOT only when every
 * operand converts; a bare boolean column; LIKE without backslashes; starts_with/ends_with. Identifiers are always
 * in backticks and temporal and decimal constants are typed (docs/lance-core-notes.md §3: double quotes would be string
 * literals there, and untyped strings are not coerced).
 *
 * <p>A pushed predicate must select exactly the rows the residual evaluation selects ({@code
 * PushedEqualsResidualTest} checks every operator and type against lance-core 7.0.0). Where Lance answers
 * differently the predicate is rewritten or stays residual:
 * <ul>
 *   <li><b>Two IN lists over one column in one AND or OR</b> stay residual (also as separate WHERE conjuncts,
 *       see {@link #inListColumn}). An IN list is {@code IN}, {@code NOT IN}, or an OR of equalities with one
 *       column, which DataFusion turns into an IN list. DataFusion's IN-list simplifier in lance-core merges two
 *       lists into one and replaces an empty result by FALSE ({@code IN}) or TRUE ({@code NOT IN}): NULL is lost
 *       ({@code NOT (f IN (1.0) AND f IN (2.5))} selects the NULL rows, {@code x NOT IN (1) OR x NOT IN (2)}
 *       too), and {@code x IN (1, 2) AND x NOT IN (1, 2)} selects rows outside the list.</li>
 *   <li><b>Float order comparisons</b> ({@code < <= > >=}, so BETWEEN too) are rewritten with {@code isnan}:
 *       Lance orders floats totally (arrow-rs), where a NaN with its sign bit set sorts below every number and
 *       one without above; SQL here (and the residual evaluation) puts every NaN above every number. {@code f <
 *       v} becomes {@code (f < v AND NOT isnan(f))}, {@code f > v} becomes {@code (f > v OR isnan(f))}; both keep
 *       NULL for a NULL {@code f}. Comparisons with zero are rewritten for -0.0 as well
 *       ({@code floatZeroComparison}).</li>
 *   <li><b>Text outside the Basic Multilingual Plane</b> (an emoji in a string literal, a LIKE pattern or a
 *       column name) stays residual: lance-core hands the filter string to Rust in the JVM's modified UTF-8,
 *       where such a character becomes two surrogate sequences that Rust rejects as invalid UTF-8.</li>
 *   <li>The int64 minimum is written {@code (-9223372036854775807 - 1)}: Lance reads the literal
 *       {@code -9223372036854775808} as a float64 it cannot compare with an int64 column.</li>
 * </ul>
 */
public final class LanceFilterRenderer {
    private static final DateTimeFormatter TS = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss.SSSSSS");

    private LanceFilterRenderer() {
    }

    /**
     * @param predicate a boolean expression whose column references index {@code columns}
     * @param columns the fields the column references point at (the table schema)
     * @return the Lance filter text, or empty when the predicate must stay a residual predicate
     */
    public static Optional<String> render(Expr predicate, List<Field> columns) {
        String text;
        try {
            text = new Renderer(columns).predicate(predicate);
        } catch (NotPushable e) {
            return Optional.empty();
        }
        return hasSupplementaryCharacter(text) ? Optional.empty() : Optional.of(text);
    }

    /**
     * The column (index into the columns of {@link #render}) that {@code predicate} is an IN list over, in the
     * sense of the class comment: {@code c IN (...)}, {@code c NOT IN (...)}, an OR of equalities of {@code c} with
     * constants, or an equality of a float {@code c} with zero (rendered as such an OR). At most one pushed
     * conjunct of a scan may be an IN list over a given column.
     */
    public static OptionalInt inListColumn(Expr predicate, List<Field> columns) {
        return listColumn(predicate, columns);
    }

    private static boolean hasSupplementaryCharacter(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (Character.isSurrogate(s.charAt(i))) {
                return true;
            }
        }
        return false;
    }

    private static OptionalInt listColumn(Expr e, List<Field> columns) {
        if (!(e instanceof Call)) {
            return OptionalInt.empty();
        }
        Call c = (Call) e;
        switch (c.function()) {
            case Functions.IN:
                return c.arg(0) instanceof ColumnRef ? OptionalInt.of(((ColumnRef) c.arg(0)).index())
                        : OptionalInt.empty();
            case Functions.NOT:
                return listColumn(c.arg(0), columns);
            case Functions.EQ:
            case Functions.NULL_SAFE_EQ: {
                Expr col = c.arg(0) instanceof ColumnRef ? c.arg(0) : c.arg(1);
                Expr lit = col == c.arg(0) ? c.arg(1) : c.arg(0);
                if (!(col instanceof ColumnRef) || !(lit instanceof Literal) || ((Literal) lit).isNull()) {
                    return OptionalInt.empty();
                }
                int index = ((ColumnRef) col).index();
                return isFloatZero((Literal) lit, columns.get(index)) ? OptionalInt.of(index) : OptionalInt.empty();
            }
            case Functions.OR: {
                int column = -1;
                for (Expr a : flatten(c)) {
                    int k = equalityColumn(a, columns);
                    if (k < 0 || column >= 0 && k != column) {
                        return OptionalInt.empty();
                    }
                    column = k;
                }
                return column >= 0 ? OptionalInt.of(column) : OptionalInt.empty();
            }
            default:
                return OptionalInt.empty();
        }
    }

    /** The column of {@code c = constant} (or an IN list over one column), or -1. */
    private static int equalityColumn(Expr e, List<Field> columns) {
        OptionalInt list = listColumn(e, columns);
        if (list.isPresent()) {
            return list.getAsInt();
        }
        if (e instanceof Call && ((Call) e).function().equals(Functions.EQ)) {
            Call c = (Call) e;
            if (c.arg(0) instanceof ColumnRef && c.arg(1) instanceof Literal) {
                return ((ColumnRef) c.arg(0)).index();
            }
            if (c.arg(1) instanceof ColumnRef && c.arg(0) instanceof Literal) {
                return ((ColumnRef) c.arg(1)).index();
            }
        }
        return -1;
    }

    /** The operands of nested calls of {@code chain}'s own function (AND in AND, OR in OR), in order. */
    private static List<Expr> flatten(Call chain) {
        List<Expr> out = new ArrayList<>();
        for (Expr a : chain.args()) {
            if (a instanceof Call && ((Call) a).function().equals(chain.function())) {
                out.addAll(flatten((Call) a));
            } else {
                out.add(a);
            }
        }
        return out;
    }

    private static final class NotPushable extends Exception {
        private static final long serialVersionUID = 1L;

        NotPushable() {
            super(null, null, false, false);
        }
    }

    /**
     * The deepest nesting of AND/OR/NOT levels a pushed filter may have (a flat chain of n terms counts n - 1); a
     * deeper predicate stays residual. lance-core 7.0.0 misreads deeper filters: measured on the demo warehouse,
     * 23 nested NOTs fail with "Invalid function 'not'", 40 never finish, and an AND/OR nest of about 50 levels hits
     * its SQL parser's recursion limit (a breaking test, 3 Dec 2026).
     */
    static final int MAX_FILTER_DEPTH = 16;

    /** AND/OR chains of at most this many terms are rendered flat; longer ones as a balanced tree. */
    static final int FLAT_CHAIN_TERMS = 16;

    private static int ceilLog2(int n) {
        return n <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(n - 1);
    }

    /**
     * The AND of rendered conditions (each parenthesized by {@link #render}): {@code a AND b AND c} for at most
     * {@link #FLAT_CHAIN_TERMS}, a balanced tree for more (see the AND/OR case of {@code Renderer#predicate}).
     *
     * @param parts one or more rendered conditions
     */
    public static String conjunction(List<String> parts) {
        return parts.size() <= FLAT_CHAIN_TERMS ? String.join(" AND ", parts)
                : balanced(parts, 0, parts.size(), " AND ");
    }

    /** {@code (parts[from] op ... op parts[to - 1])} grouped as a balanced binary tree. */
    private static String balanced(List<String> parts, int from, int to, String op) {
        if (to - from == 1) {
            return parts.get(from);
        }
        int mid = (from + to) >>> 1;
        return "(" + balanced(parts, from, mid, op) + op + balanced(parts, mid, to, op) + ")";
    }

    private static final class Renderer {
        private final List<Field> columns;
        private int depth;

        Renderer(List<Field> columns) {
            this.columns = columns;
        }

        private void enter(int levels) throws NotPushable {
            depth += levels;
            if (depth > MAX_FILTER_DEPTH) {
                depth -= levels;
                throw new NotPushable();
            }
        }

        private void leave(int levels) {
            depth -= levels;
        }

        String predicate(Expr e) throws NotPushable {
            if (e instanceof ColumnRef) {
                Field f = column(e);
                if (!(f.getType() instanceof ArrowType.Bool)) {
                    throw new NotPushable();
                }
                return "(" + ident(f) + " = true)";
            }
            if (!(e instanceof Call)) {
                throw new NotPushable();
            }
            Call c = (Call) e;
            String fn = c.function();
            switch (fn) {
                case Functions.AND:
                case Functions.OR: {
                    rejectTwoInListsOverOneColumn(c);
                    // A chain of one connective is rendered as a balanced tree: lance-core 7.0.0 parses
                    // "a OR b OR c ..." into a left-deep tree and walks it recursively on a native stack, which
                    // overflows (the JVM dies with SIGSEGV) at about 1,500 terms. AND and OR are associative in
                    // three-valued logic, so regrouping keeps the answer.
                    // Short chains keep their flat text ("(a AND b AND c)", a left-deep tree of terms - 1 levels).
                    String op = fn.equals(Functions.AND) ? " AND " : " OR ";
                    List<Expr> chain = flatten(c);
                    boolean flat = chain.size() <= FLAT_CHAIN_TERMS;
                    List<Expr> terms = flat ? c.args() : chain;
                    int levels = flat ? Math.max(1, terms.size() - 1) : ceilLog2(terms.size());
                    enter(levels);
                    try {
                        List<String> parts = new ArrayList<>();
                        for (Expr a : terms) {
                            parts.add(predicate(a));
                        }
                        return flat ? "(" + String.join(op, parts) + ")" : balanced(parts, 0, parts.size(), op);
                    } finally {
                        leave(levels);
                    }
                }
                case Functions.NOT:
                    enter(1);
                    try {
                        return "(NOT " + predicate(c.arg(0)) + ")";
                    } finally {
                        leave(1);
                    }
                case Functions.IS_NULL:
                case Functions.IS_NOT_NULL: {
                    Field f = column(c.arg(0));
                    return "(" + ident(f) + (fn.equals(Functions.IS_NULL) ? " IS NULL)" : " IS NOT NULL)");
                }
                case Functions.EQ:
                case Functions.NE:
                case Functions.LT:
                case Functions.LE:
                case Functions.GT:
                case Functions.GE:
                    return comparison(fn, c.arg(0), c.arg(1));
                case Functions.NULL_SAFE_EQ: {
                    Expr col = c.arg(0) instanceof ColumnRef ? c.arg(0) : c.arg(1);
                    Expr lit = col == c.arg(0) ? c.arg(1) : c.arg(0);
                    Field f = column(col);
                    if (!(lit instanceof Literal)) {
                        throw new NotPushable();
                    }
                    if (((Literal) lit).isNull()) {
                        return "(" + ident(f) + " IS NULL)";
                    }
                    String eq = isFloatZero((Literal) lit, f) ? "(" + ident(f) + " = 0.0 OR " + ident(f) + " = -0.0)"
                            : ident(f) + " = " + literal((Literal) lit, f);
                    // Keep a two-valued result under NOT/OR: NULL <=> v is FALSE, never NULL.
                    return f.isNullable() ? "(" + ident(f) + " IS NOT NULL AND " + eq + ")" : "(" + eq + ")";
                }
                case Functions.IN: {
                    Field f = column(c.arg(0));
                    List<String> items = new ArrayList<>();
                    for (Expr item : c.args().subList(1, c.args().size())) {
                        if (!(item instanceof Literal) || ((Literal) item).isNull()) {
                            throw new NotPushable();
                        }
                        items.add(literal((Literal) item, f));
                        if (isFloatZero((Literal) item, f)) {
                            items.add("-0.0");
                        }
                    }
                    if (items.isEmpty()) {
                        throw new NotPushable();
                    }
                    return "(" + ident(f) + " IN (" + String.join(", ", items) + "))";
                }
                case Functions.LIKE: {
                    if (c.args().size() != 2) {
                        throw new NotPushable();
                    }
                    Field f = column(c.arg(0));
                    if (!isString(f.getType()) || !(c.arg(1) instanceof Literal) || ((Literal) c.arg(1)).isNull()) {
                        throw new NotPushable();
                    }
                    String pattern = (String) ((Literal) c.arg(1)).value();
                    if (pattern.indexOf('\\') >= 0 || pattern.indexOf('\0') >= 0) {
                        throw new NotPushable();
                    }
                    return "(" + ident(f) + " LIKE " + quote(pattern) + ")";
                }
                case "starts_with":
                case "ends_with": {
                    Field f = column(c.arg(0));
                    if (!isString(f.getType()) || !(c.arg(1) instanceof Literal) || ((Literal) c.arg(1)).isNull()) {
                        throw new NotPushable();
                    }
                    String s = (String) ((Literal) c.arg(1)).value();
                    if (s.indexOf('\0') >= 0) {
                        throw new NotPushable();
                    }
                    return fn + "(" + ident(f) + ", " + quote(s) + ")";
                }
                default:
                    throw new NotPushable();
            }
        }

        /** See the class comment: DataFusion merges two IN lists over one column and loses NULL. */
        private void rejectTwoInListsOverOneColumn(Call chain) throws NotPushable {
            java.util.Set<Integer> seen = new java.util.HashSet<>();
            for (Expr a : flatten(chain)) {
                OptionalInt col = listColumn(a, columns);
                if (col.isPresent() && !seen.add(col.getAsInt())) {
                    throw new NotPushable();
                }
            }
        }

        private String comparison(String op, Expr left, Expr right) throws NotPushable {
            if (!(left instanceof ColumnRef)) {
                if (right instanceof ColumnRef) {
                    return comparison(Functions.flipComparison(op), right, left);
                }
                throw new NotPushable();
            }
            Field f = column(left);
            if (!(right instanceof Literal) || ((Literal) right).isNull()) {
                throw new NotPushable();
            }
            if (f.getType() instanceof ArrowType.Bool && !(op.equals(Functions.EQ) || op.equals(Functions.NE))) {
                throw new NotPushable();
            }
            String sqlOp = op.equals(Functions.NE) ? "!=" : op;
            String text = isFloatZero((Literal) right, f) ? floatZeroComparison(op, ident(f))
                    : "(" + ident(f) + " " + sqlOp + " " + literal((Literal) right, f) + ")";
            return f.getType() instanceof ArrowType.FloatingPoint ? nanAsLargest(op, text, ident(f)) : text;
        }

        /**
         * Makes a float comparison put every NaN above every number, as the residual evaluation does: Lance's total
         * order puts a NaN with the sign bit set below every number (class comment). Equality needs nothing: no
         * NaN equals a (finite) constant in either order.
         */
        private static String nanAsLargest(String op, String comparison, String column) {
            switch (op) {
                case Functions.LT:
                case Functions.LE:
                    return "(" + comparison + " AND NOT isnan(" + column + "))";
                case Functions.GT:
                case Functions.GE:
                    return "(" + comparison + " OR isnan(" + column + "))";
                default:
                    return comparison;
            }
        }

        /**
         * A comparison of a float column with zero. Lance compares floats in their total order (arrow-rs), where
         * -0.0 sorts below 0.0 and the two are not equal; SQL (and the residual evaluation) compares IEEE values, where
         * they are equal. Each operator is rewritten so that both orders give the SQL answer.
         */
        private static String floatZeroComparison(String op, String column) {
            switch (op) {
                case Functions.EQ:
                    return "(" + column + " = 0.0 OR " + column + " = -0.0)";
                case Functions.NE:
                    return "(" + column + " != 0.0 AND " + column + " != -0.0)";
                case Functions.LT:
                    return "(" + column + " < -0.0)";
                case Functions.LE:
                    return "(" + column + " <= 0.0)";
                case Functions.GT:
                    return "(" + column + " > 0.0)";
                default:
                    return "(" + column + " >= -0.0)";
            }
        }

        private Field column(Expr e) throws NotPushable {
            if (!(e instanceof ColumnRef)) {
                throw new NotPushable();
            }
            Field f = columns.get(((ColumnRef) e).index());
            if (!pushableType(f)) {
                throw new NotPushable();
            }
            return f;
        }

        private static String ident(Field f) {
            String name = "`" + f.getName().replace("`", "``") + "`";
            // Lance compares a dictionary column only with a literal of the dictionary type; cast it to its values.
            return TypeSupport.isDecodedDictionary(f) ? "CAST(" + name + " AS STRING)" : name;
        }
    }

    /**
     * The manual's "Data Types Supported for Pushdown". A decoded dictionary column of text is pushable where its
     * storage format allows it ({@link TypeSupport#DICTIONARY_PUSHDOWN_METADATA}); JSON and other extension columns
     * are not.
     */
    static boolean pushableType(Field f) {
        if (TypeSupport.isDecodedDictionary(f)) {
            return "true".equals(f.getMetadata().get(TypeSupport.DICTIONARY_PUSHDOWN_METADATA)) && isString(f.getType());
        }
        if (f.getDictionary() != null || f.getMetadata() != null
                && f.getMetadata().containsKey("ARROW:extension:name")) {
            return false;
        }
        ArrowType t = f.getType();
        if (t instanceof ArrowType.Bool || t instanceof ArrowType.Int || isString(t)) {
            return true;
        }
        if (t instanceof ArrowType.FloatingPoint) {
            return ((ArrowType.FloatingPoint) t).getPrecision() != FloatingPointPrecision.HALF;
        }
        if (t instanceof ArrowType.Decimal) {
            ArrowType.Decimal d = (ArrowType.Decimal) t;
            return d.getBitWidth() == 128 && d.getPrecision() >= 1 && d.getPrecision() <= 38 && d.getScale() >= 0
                    && d.getScale() <= d.getPrecision();
        }
        if (t instanceof ArrowType.Date) {
            return ((ArrowType.Date) t).getUnit() == DateUnit.DAY;
        }
        if (t instanceof ArrowType.Timestamp) {
            ArrowType.Timestamp ts = (ArrowType.Timestamp) t;
            return ts.getTimezone() == null && ts.getUnit() != TimeUnit.NANOSECOND;
        }
        return false;
    }

    private static boolean isString(ArrowType t) {
        return t instanceof ArrowType.Utf8 || t instanceof ArrowType.LargeUtf8;
    }

    /** True when {@code column} is a float column and {@code lit} is zero (of either sign) in its type. */
    private static boolean isFloatZero(Literal lit, Field column) {
        if (!(column.getType() instanceof ArrowType.FloatingPoint)) {
            return false;
        }
        Optional<Literal> exact = LiteralCasts.exact(lit, column.getType());
        return exact.isPresent() && exact.get().value() instanceof Double && (Double) exact.get().value() == 0.0;
    }

    /** The literal as a Lance constant of the column's type, or not pushable when it does not fit exactly. */
    private static String literal(Literal lit, Field column) throws NotPushable {
        ArrowType t = column.getType();
        Optional<Literal> exact = LiteralCasts.exact(lit, t);
        if (exact.isEmpty() || exact.get().isNull()) {
            throw new NotPushable();
        }
        Object v = exact.get().value();
        if (t instanceof ArrowType.Bool) {
            return ((Boolean) v) ? "true" : "false";
        }
        if (t instanceof ArrowType.Int) {
            ArrowType.Int it = (ArrowType.Int) t;
            long l = (Long) v;
            if (!it.getIsSigned() && it.getBitWidth() == 64 && l < 0) {
                // A uint64 constant above 2^63-1: Lance parses such a number as a float64 and then cannot compare
                // it with the uint64 column ("could not convert to literal of type 'UInt64'").
                throw new NotPushable();
            }
            if (l == Long.MIN_VALUE) {
                // The literal -9223372036854775808 is read as the negation of a number above the int64 range.
                return "(-9223372036854775807 - 1)";
            }
            return Long.toString(l);
        }
        if (t instanceof ArrowType.FloatingPoint) {
            double d = (Double) v;
            if (!Double.isFinite(d)) {
                throw new NotPushable();
            }
            if (((ArrowType.FloatingPoint) t).getPrecision() == FloatingPointPrecision.SINGLE) {
                float f = (float) d;
                if (!Float.isFinite(f) || f != d) {
                    throw new NotPushable();
                }
            }
            return Double.toString(d);
        }
        if (isString(t)) {
            String s = (String) v;
            if (s.indexOf('\0') >= 0) {
                throw new NotPushable();
            }
            return quote(s);
        }
        if (t instanceof ArrowType.Decimal) {
            ArrowType.Decimal d = (ArrowType.Decimal) t;
            return "decimal(" + d.getPrecision() + "," + d.getScale() + ") '" + ((BigDecimal) v).toPlainString() + "'";
        }
        if (t instanceof ArrowType.Date) {
            return "date '" + ((LocalDate) v) + "'";
        }
        if (t instanceof ArrowType.Timestamp) {
            LocalDateTime ldt = (LocalDateTime) v;
            TimeUnit unit = ((ArrowType.Timestamp) t).getUnit();
            int nanos = ldt.getNano();
            if (unit == TimeUnit.SECOND && nanos != 0 || unit == TimeUnit.MILLISECOND && nanos % 1_000_000 != 0
                    || unit == TimeUnit.MICROSECOND && nanos % 1000 != 0) {
                // The constant has more precision than the column: comparing would need rounding rules.
                throw new NotPushable();
            }
            return "timestamp '" + TS.format(ldt) + "'";
        }
        throw new NotPushable();
    }

    private static String quote(String s) {
        return "'" + s.replace("'", "''") + "'";
    }
}
