package io.lancejdbc.conformance.differential;

import io.lancejdbc.conformance.differential.GenTable.Column;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Random typed expressions over the columns of one {@link GenTable}, rendered in both dialects ({@link Expr}). Every
 * column type takes part: scalar columns through operators and functions, nested columns through element access
 * ({@code lst[i]}, {@code st.a}, {@code mp['x']}, {@code (lstst[i]).x}), {@code cardinality} and as whole values.
 * Divisors are wrapped in {@code NULLIF(x, 0)} (division by zero differs by design, D3); integer arithmetic is
 * spelled for DuckDB in BIGINT, or HUGEINT over a uint64 (D2); REAL operands in DOUBLE (D4); float to integer
 * casts rounded half away from zero (D10).
 */
final class ExpressionGenerator {
    private final SplittableRandom r;
    private final GenTable tab;
    private final String alias;

    /**
     * @param tab the table whose columns the expressions read
     * @param alias the qualifier of column references, or null for bare names
     */
    ExpressionGenerator(SplittableRandom r, GenTable tab, String alias) {
        this.r = r;
        this.tab = tab;
        this.alias = alias;
    }

    /** Whether an expression of {@code t} can read a column of the table (else it is a constant). */
    boolean available(GenType t) {
        return !tab.columns(t).isEmpty() || !access(t).isEmpty();
    }

    /** A column of the table of any type (nested included, and the one holding only NULLs), as a whole value. */
    Expr anyColumn() {
        List<Column> cs = tab.columns();
        return ref(cs.get(r.nextInt(cs.size())));
    }

    /** A column of the table whose type can be grouped and compared by set operations. */
    Expr groupableColumn() {
        List<Column> cs = tab.columns().stream().filter(c -> c.type().groupable()).toList();
        return ref(cs.get(r.nextInt(cs.size())));
    }

    /** A random type an expression over this table can have (a column of it exists). */
    GenType scalarType() {
        GenType[] ts = {GenType.INT, GenType.INT, GenType.DEC, GenType.DBL, GenType.REAL, GenType.TEXT, GenType.TEXT,
            GenType.BIN, GenType.BOOL, GenType.DATE, GenType.TIME, GenType.TS, GenType.TSZ};
        while (true) {
            GenType t = ts[r.nextInt(ts.length)];
            if (available(t)) {
                return t;
            }
        }
    }

    /** A random orderable type of this table. */
    GenType orderableType() {
        while (true) {
            GenType t = scalarType();
            if (t.orderable()) {
                return t;
            }
        }
    }

    /** A random numeric type of this table. */
    GenType numericType() {
        while (true) {
            GenType t = scalarType();
            if (t.numeric()) {
                return t;
            }
        }
    }

    /** An expression of type {@code t} nested up to {@code depth} operators deep. */
    Expr expr(GenType t, int depth) {
        if (!available(t)) {
            return literal(t);
        }
        if (depth <= 0 || r.nextInt(3) == 0) {
            int pick = r.nextInt(8);
            if (pick == 0) {
                return literal(t);
            }
            List<Expr> acc = access(t);
            if (pick == 1 && !acc.isEmpty() || tab.columns(t).isEmpty()) {
                return acc.get(r.nextInt(acc.size()));
            }
            return column(t);
        }
        return switch (t) {
            case INT -> intExpr(depth);
            case DEC -> decExpr(depth);
            case DBL -> dblExpr(depth);
            case REAL -> realExpr(depth);
            case TEXT -> textExpr(depth);
            case BOOL -> boolExpr(depth);
            case DATE -> dateExpr(depth);
            case TS -> tsExpr(depth);
            case TSZ -> tszExpr(depth);
            default -> choice(t, depth);
        };
    }

    private Expr column(GenType t) {
        List<Column> cs = tab.columns(t);
        return ref(cs.get(r.nextInt(cs.size())));
    }

    private Expr ref(Column c) {
        return alias == null ? c.ref() : c.ref(alias);
    }

    /** Element accesses of the table's nested columns that yield {@code t}. */
    List<Expr> access(GenType t) {
        List<Expr> out = new ArrayList<>();
        for (Column c : tab.columns()) {
            if (!c.hasValue()) {
                continue;
            }
            Expr col = ref(c);
            Field f = c.field();
            switch (c.type()) {
                case LIST -> {
                    Field item = f.getChildren().get(0);
                    if (t == GenType.INT) {
                        out.add(new Expr("cardinality(" + col.ours() + ")", "len(" + col.duck() + ")", GenType.INT,
                                false));
                    }
                    for (String i : List.of("1", "2", "-1")) {
                        elementAccess(out, t, col.ours() + "[" + i + "]", col.duck() + "[" + i + "]", item);
                    }
                }
                case STRUCT -> {
                    for (Field child : f.getChildren()) {
                        elementAccess(out, t, col.ours() + "." + child.getName(), col.duck() + "." + child.getName(),
                                child);
                    }
                }
                case MAP -> {
                    Field entries = f.getChildren().get(0);
                    Field value = entries.getChildren().get(1);
                    if (t == GenType.INT) {
                        out.add(new Expr("cardinality(" + col.ours() + ")", "cardinality(" + col.duck() + ")",
                                GenType.INT, false));
                    }
                    if (GenType.of(value) == t) {
                        for (Object key : mapKeys(c)) {
                            String k = SqlLiterals.ours(key);
                            out.add(new Expr(col.ours() + "[" + k + "]", col.duck() + "[" + SqlLiterals.duck(key) + "]",
                                    t, false));
                        }
                    }
                }
                default -> {
                }
            }
        }
        return out;
    }

    /** Adds the accesses below {@code f} (reached by {@code ours}/{@code duck}) that yield {@code t}. */
    private static void elementAccess(List<Expr> out, GenType t, String ours, String duck, Field f) {
        GenType ft = GenType.of(f);
        if (ft == t) {
            out.add(new Expr(ours, duck, t, f.getType() instanceof ArrowType.Int i && !i.getIsSigned()
                    && i.getBitWidth() == 64));
        } else if (ft == GenType.STRUCT) {
            for (Field child : f.getChildren()) {
                elementAccess(out, t, "(" + ours + ")." + child.getName(), "(" + duck + ")." + child.getName(), child);
            }
        } else if (ft == GenType.LIST) {
            if (t == GenType.INT) {
                out.add(new Expr("cardinality(" + ours + ")", "len(" + duck + ")", GenType.INT, false));
            }
            elementAccess(out, t, "(" + ours + ")[1]", "(" + duck + ")[1]", f.getChildren().get(0));
        }
    }

    private static List<Object> mapKeys(Column c) {
        List<Object> keys = new ArrayList<>();
        for (Object v : c.values()) {
            if (v instanceof Map<?, ?> m) {
                for (Object k : m.keySet()) {
                    if (!keys.contains(k)) {
                        keys.add(k);
                    }
                }
            }
        }
        return keys;
    }

    /** A constant of {@code t}. */
    Expr literal(GenType t) {
        return switch (t) {
            case INT -> Expr.same(Integer.toString(r.nextInt(-20, 100)), t);
            case DEC -> Expr.same(r.nextInt(-999, 999) + "." + r.nextInt(10, 99), t);
            case DBL -> Expr.same(r.nextInt(-1000, 1000) + ".5", t);
            case REAL -> Expr.same("CAST(" + r.nextInt(-1000, 1000) + ".25 AS REAL)", t);
            case TEXT -> Expr.same("'" + List.of("a", "b", "red", "key-3", "", "apple", "Z", "größe").get(r.nextInt(8))
                    + "'", t);
            case BIN -> new Expr("X'00FF'", "'\\x00\\xFF'::BLOB", t, false);
            case BOOL -> Expr.same(r.nextBoolean() ? "TRUE" : "FALSE", t);
            case DATE -> Expr.same("DATE '" + (1950 + r.nextInt(120)) + "-0" + (1 + r.nextInt(9)) + "-1" + r.nextInt(10)
                    + "'", t);
            case TIME -> Expr.same("TIME '1" + r.nextInt(10) + ":3" + r.nextInt(10) + ":00'", t);
            case TS -> Expr.same("TIMESTAMP '" + (1950 + r.nextInt(120)) + "-0" + (1 + r.nextInt(9)) + "-1"
                    + r.nextInt(10) + " 0" + r.nextInt(10) + ":30:00'", t);
            case TSZ -> Expr.same("CAST('" + (1950 + r.nextInt(120)) + "-0" + (1 + r.nextInt(9)) + "-1" + r.nextInt(10)
                    + " 0" + r.nextInt(10) + ":30:00+00:00' AS TIMESTAMPTZ)", t);
            default -> throw new IllegalArgumentException("no literal of " + t);
        };
    }

    private Expr intExpr(int depth) {
        Expr a = expr(GenType.INT, depth - 1);
        Expr b = expr(GenType.INT, depth - 1);
        boolean wide = a.wide() || b.wide();
        String ta = wide ? "HUGEINT" : "BIGINT";
        int lit = 2 + r.nextInt(9);
        return switch (r.nextInt(16)) {
            case 0 -> new Expr("(" + a.ours() + " + " + b.ours() + ")", "(CAST(" + a.duck() + " AS " + ta + ") + "
                    + b.duck() + ")", GenType.INT, wide);
            case 1 -> new Expr("(" + a.ours() + " - " + b.ours() + ")", "(CAST(" + a.duck() + " AS " + ta + ") - "
                    + b.duck() + ")", GenType.INT, wide);
            case 2 -> new Expr("(" + a.ours() + " * " + lit + ")", "(CAST(" + a.duck() + " AS " + a.duckIntegerType()
                    + ") * " + lit + ")", GenType.INT, a.wide());
            case 3 -> new Expr("(" + a.ours() + " % " + lit + ")", "(" + a.duck() + " % " + lit + ")", GenType.INT,
                    a.wide());
            case 4 -> new Expr("(" + a.ours() + " DIV " + lit + ")", "(" + a.duck() + " // " + lit + ")", GenType.INT,
                    a.wide());
            case 5 -> new Expr("abs(" + a.ours() + ")", "abs(CAST(" + a.duck() + " AS " + a.duckIntegerType() + "))",
                    GenType.INT, a.wide());
            case 6 -> {
                Expr c = expr(GenType.BOOL, depth - 1);
                yield new Expr("CASE WHEN " + c.ours() + " THEN " + a.ours() + " ELSE " + b.ours() + " END",
                        "CASE WHEN " + c.duck() + " THEN " + a.duck() + " ELSE " + b.duck() + " END", GenType.INT, wide);
            }
            case 7 -> new Expr("coalesce(" + a.ours() + ", " + b.ours() + ")", "coalesce(" + a.duck() + ", " + b.duck()
                    + ")", GenType.INT, wide);
            case 8 -> {
                Expr s = expr(GenType.TEXT, depth - 1);
                yield new Expr("length(" + s.ours() + ")", "length(" + s.duck() + ")", GenType.INT, false);
            }
            case 9 -> {
                if (available(GenType.DATE)) {
                    Expr d = expr(GenType.DATE, depth - 1);
                    String f = List.of("year", "month", "day", "quarter", "dayofyear").get(r.nextInt(5));
                    yield new Expr(f + "(" + d.ours() + ")", f + "(" + d.duck() + ")", GenType.INT, false);
                }
                yield new Expr("greatest(" + a.ours() + ", " + b.ours() + ")", "greatest(" + a.duck() + ", " + b.duck()
                        + ")", GenType.INT, wide);
            }
            case 10 -> new Expr("least(" + a.ours() + ", " + b.ours() + ")", "least(" + a.duck() + ", " + b.duck() + ")",
                    GenType.INT, wide);
            case 11 -> {
                if (available(GenType.TS)) {
                    Expr t = expr(GenType.TS, depth - 1);
                    String f = List.of("hour", "minute", "second").get(r.nextInt(3));
                    yield new Expr(f + "(" + t.ours() + ")", f + "(" + t.duck() + ")", GenType.INT, false);
                }
                yield new Expr("sign(" + a.ours() + ")", "sign(" + a.duck() + ")", GenType.INT, false);
            }
            case 12 -> {
                Expr x = expr(r.nextBoolean() ? GenType.DBL : GenType.REAL, depth - 1);
                yield new Expr("TRY_CAST(" + x.ours() + " AS BIGINT)", "TRY_CAST(round(" + x.duckOperand()
                        + ") AS BIGINT)", GenType.INT, false);
            }
            case 13 -> {
                Expr x = expr(GenType.DEC, depth - 1);
                yield new Expr("TRY_CAST(" + x.ours() + " AS INT)", "TRY_CAST(" + x.duck() + " AS INT)", GenType.INT,
                        false);
            }
            case 14 -> {
                List<Expr> acc = access(GenType.INT);
                yield acc.isEmpty() ? a : acc.get(r.nextInt(acc.size()));
            }
            default -> new Expr("(-" + a.ours() + ")", "(-CAST(" + a.duck() + " AS " + a.duckIntegerType() + "))",
                    GenType.INT, a.wide());
        };
    }

    /** d10 mixes with either d38 or d76, never d38 with d76: DuckDB holds decimal256 in DECIMAL(38). */
    private Expr decExpr(int depth) {
        Expr a = expr(GenType.DEC, depth - 1);
        Expr b = expr(GenType.DEC, depth - 1);
        if (a.ours().contains("d38") && b.ours().contains("d76") || a.ours().contains("d76")
                && b.ours().contains("d38")) {
            b = literal(GenType.DEC);
        }
        return switch (r.nextInt(7)) {
            case 0 -> new Expr("(" + a.ours() + " + " + b.ours() + ")", "(" + a.duck() + " + " + b.duck() + ")",
                    GenType.DEC, false);
            case 1 -> new Expr("(" + a.ours() + " - " + b.ours() + ")", "(" + a.duck() + " - " + b.duck() + ")",
                    GenType.DEC, false);
            case 2 -> {
                int m = 2 + r.nextInt(5);
                yield new Expr("(" + a.ours() + " * " + m + ")", "(" + a.duck() + " * " + m + ")", GenType.DEC, false);
            }
            case 3 -> new Expr("round(" + a.ours() + ", 1)", "round(" + a.duck() + ", 1)", GenType.DEC, false);
            case 4 -> new Expr("abs(" + a.ours() + ")", "abs(" + a.duck() + ")", GenType.DEC, false);
            case 5 -> {
                Expr i = expr(GenType.INT, depth - 1);
                yield i.wide() ? new Expr("coalesce(" + a.ours() + ", " + b.ours() + ")", "coalesce(" + a.duck() + ", "
                        + b.duck() + ")", GenType.DEC, false)
                        : new Expr("CAST(" + i.ours() + " AS DECIMAL(20,2))", "CAST(" + i.duck() + " AS DECIMAL(20,2))",
                                GenType.DEC, false);
            }
            default -> new Expr("coalesce(" + a.ours() + ", " + b.ours() + ")", "coalesce(" + a.duck() + ", " + b.duck()
                    + ")", GenType.DEC, false);
        };
    }

    private Expr dblExpr(int depth) {
        Expr a = expr(GenType.DBL, depth - 1);
        Expr n = expr(GenType.INT, depth - 1);
        Expr f = expr(GenType.REAL, depth - 1);
        return switch (r.nextInt(10)) {
            case 0 -> new Expr("(" + a.ours() + " * 0.5)", "(" + a.duck() + " * 0.5)", GenType.DBL, false);
            case 1 -> new Expr("(" + a.ours() + " + " + n.ours() + ")", "(" + a.duck() + " + " + n.duck() + ")",
                    GenType.DBL, false);
            case 2 -> new Expr("(" + n.ours() + " / NULLIF(" + a.ours() + ", 0))", "(" + n.duck() + " / NULLIF("
                    + a.duck() + ", 0))", GenType.DBL, false);
            case 3 -> new Expr("round(" + a.ours() + ", 2)", "round(" + a.duck() + ", 2)", GenType.DBL, false);
            case 4 -> new Expr("floor(" + a.ours() + ")", "floor(" + a.duck() + ")", GenType.DBL, false);
            case 5 -> new Expr("sqrt(abs(" + a.ours() + "))", "sqrt(abs(" + a.duck() + "))", GenType.DBL, false);
            case 6 -> new Expr("(" + f.ours() + " * 1.5)", "(" + f.duckOperand() + " * 1.5)", GenType.DBL, false);
            case 7 -> new Expr("(" + f.ours() + " - " + a.ours() + ")", "(" + f.duckOperand() + " - " + a.duck() + ")",
                    GenType.DBL, false);
            case 8 -> new Expr("CAST(" + f.ours() + " AS DOUBLE)", "CAST(" + f.duck() + " AS DOUBLE)", GenType.DBL,
                    false);
            default -> new Expr("(" + n.ours() + " / NULLIF(" + n.ours() + " - 3, 0))", "(" + n.duck() + " / NULLIF(CAST("
                    + n.duck() + " AS " + n.duckIntegerType() + ") - 3, 0))", GenType.DBL, false);
        };
    }

    private Expr realExpr(int depth) {
        Expr a = expr(GenType.REAL, depth - 1);
        Expr b = expr(GenType.REAL, depth - 1);
        return switch (r.nextInt(3)) {
            case 0 -> new Expr("coalesce(" + a.ours() + ", " + b.ours() + ")", "coalesce(" + a.duck() + ", " + b.duck()
                    + ")", GenType.REAL, false);
            case 1 -> {
                Expr c = expr(GenType.BOOL, depth - 1);
                yield new Expr("CASE WHEN " + c.ours() + " THEN " + a.ours() + " ELSE " + b.ours() + " END",
                        "CASE WHEN " + c.duck() + " THEN " + a.duck() + " ELSE " + b.duck() + " END", GenType.REAL,
                        false);
            }
            default -> {
                Expr i = expr(GenType.INT, depth - 1);
                yield i.wide() ? a : new Expr("CAST(" + i.ours() + " AS REAL)", "CAST(" + i.duck() + " AS REAL)",
                        GenType.REAL, false);
            }
        };
    }

    private Expr textExpr(int depth) {
        Expr a = expr(GenType.TEXT, depth - 1);
        Expr b = expr(GenType.TEXT, depth - 1);
        return switch (r.nextInt(11)) {
            case 0 -> new Expr("rtrim(" + a.ours() + ")", "rtrim(" + a.duck() + ")", GenType.TEXT, false);
            case 1 -> new Expr("concat(" + a.ours() + ", " + b.ours() + ")", "concat(" + a.duck() + ", " + b.duck()
                    + ")", GenType.TEXT, false);
            case 2 -> {
                int p = r.nextInt(-4, 5);
                int len = r.nextInt(0, 5);
                yield new Expr("substring(" + a.ours() + ", " + p + ", " + len + ")", "substring(" + a.duck() + ", " + p
                        + ", " + len + ")", GenType.TEXT, false);
            }
            case 3 -> new Expr("trim(" + a.ours() + ")", "trim(" + a.duck() + ")", GenType.TEXT, false);
            case 4 -> new Expr("replace(" + a.ours() + ", 'e', 'E')", "replace(" + a.duck() + ", 'e', 'E')", GenType.TEXT,
                    false);
            case 5 -> new Expr("left(" + a.ours() + ", 2)", "left(" + a.duck() + ", 2)", GenType.TEXT, false);
            case 6 -> {
                Expr n = expr(GenType.INT, depth - 1);
                yield new Expr("CAST(" + n.ours() + " AS VARCHAR)", "CAST(" + n.duck() + " AS VARCHAR)", GenType.TEXT,
                        false);
            }
            case 7 -> new Expr("(" + a.ours() + " || '-')", "(" + a.duck() + " || '-')", GenType.TEXT, false);
            case 8 -> {
                Expr d = available(GenType.DATE) ? expr(GenType.DATE, depth - 1) : expr(GenType.DEC, depth - 1);
                yield new Expr("CAST(" + d.ours() + " AS VARCHAR)", "CAST(" + d.duck() + " AS VARCHAR)", GenType.TEXT,
                        false);
            }
            case 9 -> new Expr("lpad(" + a.ours() + ", 4, '*')", "lpad(" + a.duck() + ", 4, '*')", GenType.TEXT, false);
            default -> {
                Expr c = expr(GenType.BOOL, depth - 1);
                yield new Expr("CASE WHEN " + c.ours() + " THEN " + a.ours() + " ELSE " + b.ours() + " END",
                        "CASE WHEN " + c.duck() + " THEN " + a.duck() + " ELSE " + b.duck() + " END", GenType.TEXT,
                        false);
            }
        };
    }

    /** CASE and coalesce over binaries, times and whole nested values. */
    private Expr choice(GenType t, int depth) {
        Expr a = expr(t, depth - 1);
        Expr b = expr(t, depth - 1);
        if (t == GenType.MAP || !sameShape(a, b)) {
            return a;
        }
        if (r.nextBoolean()) {
            return new Expr("coalesce(" + a.ours() + ", " + b.ours() + ")", "coalesce(" + a.duck() + ", " + b.duck()
                    + ")", t, false);
        }
        Expr c = expr(GenType.BOOL, depth - 1);
        return new Expr("CASE WHEN " + c.ours() + " THEN " + a.ours() + " ELSE " + b.ours() + " END",
                "CASE WHEN " + c.duck() + " THEN " + a.duck() + " ELSE " + b.duck() + " END", t, false);
    }

    /** Whether two nested expressions are the same column (only then do their element types agree). */
    private static boolean sameShape(Expr a, Expr b) {
        return !(a.type() == GenType.LIST || a.type() == GenType.STRUCT) || a.ours().equals(b.ours());
    }

    Expr boolExpr(int depth) {
        switch (r.nextInt(10)) {
            case 0, 1, 2 -> {
                GenType t = orderableType();
                Expr a = expr(t, depth - 1);
                Expr b = r.nextBoolean() ? literal(t) : expr(t, depth - 1);
                String op = List.of("=", "<>", "<", "<=", ">", ">=").get(r.nextInt(6));
                return new Expr("(" + a.ours() + " " + op + " " + b.ours() + ")", "(" + a.duckOperand() + " " + op + " "
                        + b.duckOperand() + ")", GenType.BOOL, false);
            }
            case 3 -> {
                Expr a = r.nextInt(3) == 0 ? anyColumn() : expr(scalarType(), depth - 1);
                String is = r.nextBoolean() ? " IS NULL" : " IS NOT NULL";
                return new Expr("(" + a.ours() + is + ")", "(" + a.duck() + is + ")", GenType.BOOL, false);
            }
            case 4 -> {
                Expr a = expr(GenType.BOOL, depth - 1);
                Expr b = expr(GenType.BOOL, depth - 1);
                String op = r.nextBoolean() ? " AND " : " OR ";
                return new Expr("(" + a.ours() + op + b.ours() + ")", "(" + a.duck() + op + b.duck() + ")", GenType.BOOL,
                        false);
            }
            case 5 -> {
                Expr a = expr(GenType.BOOL, depth - 1);
                return new Expr("(NOT " + a.ours() + ")", "(NOT " + a.duck() + ")", GenType.BOOL, false);
            }
            case 6 -> {
                Expr a = expr(GenType.INT, depth - 1);
                int lo = r.nextInt(-50, 50);
                int hi = lo + r.nextInt(200);
                String not = r.nextBoolean() ? " NOT" : "";
                return new Expr("(" + a.ours() + not + " BETWEEN " + lo + " AND " + hi + ")",
                        "(" + a.duck() + not + " BETWEEN " + lo + " AND " + hi + ")", GenType.BOOL, false);
            }
            case 7 -> {
                Expr a = expr(GenType.TEXT, depth - 1);
                String p = List.of("a%", "%e%", "_e%", "%y", "K%", "%-%", "%ö%").get(r.nextInt(7));
                String not = r.nextBoolean() ? " NOT" : "";
                return new Expr("(" + a.ours() + not + " LIKE '" + p + "')", "(" + a.duck() + not + " LIKE '" + p + "')",
                        GenType.BOOL, false);
            }
            case 8 -> {
                Expr a = expr(GenType.INT, depth - 1);
                String not = r.nextBoolean() ? " NOT" : "";
                String list = r.nextInt(4) + ", " + r.nextInt(10) + ", " + r.nextInt(-5, 50);
                return new Expr("(" + a.ours() + not + " IN (" + list + "))", "(" + a.duck() + not + " IN (" + list
                        + "))", GenType.BOOL, false);
            }
            default -> {
                Expr a = groupableColumn();
                Expr b = groupableColumn();
                if (!a.ours().equals(b.ours()) && (a.type() != b.type() || !a.type().orderable())) {
                    b = a;
                }
                return new Expr("(" + a.ours() + " IS NOT DISTINCT FROM " + b.ours() + ")", "(" + a.duckOperand()
                        + " IS NOT DISTINCT FROM " + b.duckOperand() + ")", GenType.BOOL, false);
            }
        }
    }

    private Expr dateExpr(int depth) {
        Expr a = expr(GenType.DATE, depth - 1);
        int n = r.nextInt(-400, 400);
        return switch (r.nextInt(3)) {
            case 0 -> new Expr("(" + a.ours() + " + " + n + ")", "(" + a.duck() + " + " + n + ")", GenType.DATE, false);
            case 1 -> {
                Expr t = expr(GenType.TS, depth - 1);
                yield new Expr("CAST(" + t.ours() + " AS DATE)", "CAST(" + t.duck() + " AS DATE)", GenType.DATE, false);
            }
            default -> new Expr("date_add(" + a.ours() + ", INTERVAL " + n + " DAY)", "CAST(" + a.duck() + " + INTERVAL ("
                    + n + ") DAY AS DATE)", GenType.DATE, false);
        };
    }

    private Expr tsExpr(int depth) {
        Expr a = expr(GenType.TS, depth - 1);
        int n = r.nextInt(-100, 100);
        return switch (r.nextInt(4)) {
            case 0 -> new Expr("(" + a.ours() + " + INTERVAL " + n + " HOUR)", "(" + a.duck() + " + INTERVAL (" + n
                    + ") HOUR)", GenType.TS, false);
            case 1 -> {
                String unit = List.of("day", "hour", "month", "year").get(r.nextInt(4));
                yield new Expr("date_trunc('" + unit + "', " + a.ours() + ")", "date_trunc('" + unit + "', " + a.duck()
                        + ")", GenType.TS, false);
            }
            case 2 -> {
                Expr d = expr(GenType.DATE, depth - 1);
                yield new Expr("CAST(" + d.ours() + " AS TIMESTAMP)", "CAST(" + d.duck() + " AS TIMESTAMP)", GenType.TS,
                        false);
            }
            default -> new Expr("(" + a.ours() + " - INTERVAL " + n + " MINUTE)", "(" + a.duck() + " - INTERVAL (" + n
                    + ") MINUTE)", GenType.TS, false);
        };
    }

    /** Zoned timestamps move by hours and minutes only: longer units depend on the zone the engine adds them in. */
    private Expr tszExpr(int depth) {
        Expr a = expr(GenType.TSZ, depth - 1);
        int n = r.nextInt(-100, 100);
        String unit = r.nextBoolean() ? "HOUR" : "MINUTE";
        return new Expr("(" + a.ours() + " + INTERVAL " + n + " " + unit + ")", "(" + a.duck() + " + INTERVAL (" + n
                + ") " + unit + ")", GenType.TSZ, false);
    }
}
