package io.lancejdbc.conformance.differential;

import io.lancejdbc.conformance.differential.GenTable.Column;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * Predicates on columns whose truth on every row the generator knows, because their constants are drawn from the
 * column's own values and their truth is evaluated on the table's rows ({@link ValueOrder}, SQL's three-valued
 * logic). The {@link QueryGenerator} puts them where an empty answer would make a query worthless (WHERE, ON, the
 * two sides of INTERSECT and EXCEPT) and requires the rows they select to exist.
 */
final class AnchoredPredicates {
    /** A predicate with its truth on each row of its table. */
    record Pred(Expr expr, Truth truth) {
    }

    private final SplittableRandom r;

    AnchoredPredicates(SplittableRandom r) {
        this.r = r;
    }

    /**
     * A predicate on {@code t} (columns qualified with {@code alias} unless it is null) that is TRUE on at least
     * {@code min} rows and, when {@code maxShare < 1}, on at most that share of the rows: a comparison, BETWEEN, IN,
     * LIKE, IS NULL or a boolean column, or two of them under AND, OR, NOT.
     */
    Pred where(GenTable t, String alias, int min, double maxShare) {
        for (int attempt = 0; attempt < 200; attempt++) {
            Pred p = switch (r.nextInt(8)) {
                case 0, 1, 2 -> atom(t, alias);
                case 3, 4 -> combine(atom(t, alias), atom(t, alias), " AND ", Truth::and);
                case 5 -> combine(atom(t, alias), atom(t, alias), " OR ", Truth::or);
                case 6 -> negate(atom(t, alias));
                default -> combine(atom(t, alias), negate(atom(t, alias)), " AND ", Truth::and);
            };
            int n = p.truth().selected();
            if (n >= min && n <= Math.max(min, maxShare * t.rowCount())) {
                return p;
            }
        }
        throw new IllegalStateException("no predicate on " + t.name() + " selects " + min + " rows");
    }

    /** One atom on a random column of {@code t}. */
    Pred atom(GenTable t, String alias) {
        List<Column> cols = t.columns().stream().filter(Column::hasValue).toList();
        Column c = cols.get(r.nextInt(cols.size()));
        Expr col = alias == null ? c.ref() : c.ref(alias);
        if (!c.type().orderable() && c.type() != GenType.BOOL) {
            return nullTest(c, col);
        }
        if (c.type() == GenType.BOOL) {
            return bool(c, col);
        }
        return switch (r.nextInt(10)) {
            case 0, 1, 2, 3 -> comparison(c, col);
            case 4 -> between(c, col);
            case 5, 6 -> in(c, col);
            case 7 -> c.type() == GenType.TEXT ? like(c, col) : comparison(c, col);
            case 8 -> nullSafe(c, col);
            default -> c.hasNull() ? nullTest(c, col) : comparison(c, col);
        };
    }

    private Pred comparison(Column c, Expr col) {
        Object v = ValueOrder.literalValue(someValue(c));
        String op = List.of("=", "<>", "<", "<=", ">", ">=").get(r.nextInt(6));
        byte[] truth = new byte[c.values().size()];
        for (int i = 0; i < truth.length; i++) {
            Object x = c.values().get(i);
            if (x == null) {
                truth[i] = Truth.UNKNOWN;
                continue;
            }
            int k = ValueOrder.compare(x, v);
            boolean b = switch (op) {
                case "=" -> k == 0;
                case "<>" -> k != 0;
                case "<" -> k < 0;
                case "<=" -> k <= 0;
                case ">" -> k > 0;
                default -> k >= 0;
            };
            truth[i] = b ? Truth.TRUE : Truth.FALSE;
        }
        boolean flip = r.nextInt(4) == 0;
        String flipped = switch (op) {
            case "<" -> ">";
            case "<=" -> ">=";
            case ">" -> "<";
            case ">=" -> "<=";
            default -> op;
        };
        Expr e = flip
                ? new Expr("(" + SqlLiterals.ours(v) + " " + flipped + " " + col.ours() + ")",
                        "(" + SqlLiterals.duck(v) + " " + flipped + " " + col.duck() + ")", GenType.BOOL, false)
                : new Expr("(" + col.ours() + " " + op + " " + SqlLiterals.ours(v) + ")",
                        "(" + col.duck() + " " + op + " " + SqlLiterals.duck(v) + ")", GenType.BOOL, false);
        return new Pred(e, Truth.of(truth));
    }

    private Pred between(Column c, Expr col) {
        Object a = ValueOrder.literalValue(someValue(c));
        Object b = ValueOrder.literalValue(someValue(c));
        if (ValueOrder.compare(a, b) > 0) {
            Object x = a;
            a = b;
            b = x;
        }
        boolean not = r.nextInt(4) == 0;
        byte[] truth = new byte[c.values().size()];
        for (int i = 0; i < truth.length; i++) {
            Object x = c.values().get(i);
            if (x == null) {
                truth[i] = Truth.UNKNOWN;
            } else {
                boolean in = ValueOrder.compare(x, a) >= 0 && ValueOrder.compare(x, b) <= 0;
                truth[i] = in != not ? Truth.TRUE : Truth.FALSE;
            }
        }
        String kw = not ? " NOT BETWEEN " : " BETWEEN ";
        return new Pred(new Expr("(" + col.ours() + kw + SqlLiterals.ours(a) + " AND " + SqlLiterals.ours(b) + ")",
                "(" + col.duck() + kw + SqlLiterals.duck(a) + " AND " + SqlLiterals.duck(b) + ")", GenType.BOOL,
                false), Truth.of(truth));
    }

    private Pred in(Column c, Expr col) {
        int n = 1 + r.nextInt(3);
        List<Object> list = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            list.add(ValueOrder.literalValue(someValue(c)));
        }
        boolean not = r.nextInt(3) == 0;
        byte[] truth = new byte[c.values().size()];
        for (int i = 0; i < truth.length; i++) {
            Object x = c.values().get(i);
            if (x == null) {
                truth[i] = Truth.UNKNOWN;
                continue;
            }
            boolean found = list.stream().anyMatch(v -> ValueOrder.compare(x, v) == 0);
            truth[i] = found != not ? Truth.TRUE : Truth.FALSE;
        }
        String kw = not ? " NOT IN (" : " IN (";
        return new Pred(new Expr("(" + col.ours() + kw + join(list, true) + "))",
                "(" + col.duck() + kw + join(list, false) + "))", GenType.BOOL, false), Truth.of(truth));
    }

    private Pred like(Column c, Expr col) {
        String v = (String) someValue(c);
        int[] cps = v.codePoints().toArray();
        String pattern;
        if (cps.length == 0 || v.contains("%") || v.contains("_") || v.contains("\\")) {
            pattern = "%";
        } else {
            int from = r.nextInt(cps.length);
            int to = Math.min(cps.length, from + 1 + r.nextInt(3));
            String part = new String(cps, from, to - from);
            pattern = switch (r.nextInt(3)) {
                case 0 -> new String(cps, 0, to) + "%";
                case 1 -> "%" + part + "%";
                default -> "_" + new String(cps, Math.min(1, cps.length), cps.length - Math.min(1, cps.length));
            };
        }
        boolean not = r.nextInt(4) == 0;
        byte[] truth = new byte[c.values().size()];
        int[] p = pattern.codePoints().toArray();
        for (int i = 0; i < truth.length; i++) {
            Object x = c.values().get(i);
            truth[i] = x == null ? Truth.UNKNOWN
                    : likes(((String) x).codePoints().toArray(), p) != not ? Truth.TRUE : Truth.FALSE;
        }
        String lit = "'" + pattern.replace("'", "''") + "'";
        String kw = not ? " NOT LIKE " : " LIKE ";
        return new Pred(new Expr("(" + col.ours() + kw + lit + ")", "(" + col.duck() + kw + lit + ")", GenType.BOOL,
                false), Truth.of(truth));
    }

    private Pred nullSafe(Column c, Expr col) {
        Object v = ValueOrder.literalValue(someValue(c));
        byte[] truth = new byte[c.values().size()];
        for (int i = 0; i < truth.length; i++) {
            Object x = c.values().get(i);
            truth[i] = x != null && ValueOrder.compare(x, v) == 0 ? Truth.TRUE : Truth.FALSE;
        }
        return new Pred(new Expr("(" + col.ours() + " <=> " + SqlLiterals.ours(v) + ")",
                "(" + col.duck() + " IS NOT DISTINCT FROM " + SqlLiterals.duck(v) + ")", GenType.BOOL, false),
                Truth.of(truth));
    }

    private Pred nullTest(Column c, Expr col) {
        boolean isNull = r.nextInt(3) == 0;
        byte[] truth = new byte[c.values().size()];
        for (int i = 0; i < truth.length; i++) {
            truth[i] = (c.values().get(i) == null) == isNull ? Truth.TRUE : Truth.FALSE;
        }
        String kw = isNull ? " IS NULL)" : " IS NOT NULL)";
        return new Pred(new Expr("(" + col.ours() + kw, "(" + col.duck() + kw, GenType.BOOL, false),
                Truth.of(truth));
    }

    private Pred bool(Column c, Expr col) {
        int form = r.nextInt(4);
        byte[] truth = new byte[c.values().size()];
        for (int i = 0; i < truth.length; i++) {
            Boolean x = (Boolean) c.values().get(i);
            truth[i] = switch (form) {
                case 0 -> x == null ? Truth.UNKNOWN : x ? Truth.TRUE : Truth.FALSE;
                case 1 -> x == null ? Truth.UNKNOWN : x ? Truth.FALSE : Truth.TRUE;
                case 2 -> Objects.equals(x, Boolean.FALSE) ? Truth.FALSE : Truth.TRUE;
                default -> x == null ? Truth.TRUE : Truth.FALSE;
            };
        }
        String sql = switch (form) {
            case 0 -> col.ours();
            case 1 -> "(NOT " + col.ours() + ")";
            case 2 -> "(" + col.ours() + " IS NOT FALSE)";
            default -> "(" + col.ours() + " IS NULL)";
        };
        String duck = switch (form) {
            case 0 -> col.duck();
            case 1 -> "(NOT " + col.duck() + ")";
            case 2 -> "(" + col.duck() + " IS NOT FALSE)";
            default -> "(" + col.duck() + " IS NULL)";
        };
        return new Pred(new Expr(sql, duck, GenType.BOOL, false), Truth.of(truth));
    }

    private static Pred combine(Pred a, Pred b, String op, java.util.function.BinaryOperator<Truth> logic) {
        return new Pred(new Expr("(" + a.expr().ours() + op + b.expr().ours() + ")",
                "(" + a.expr().duck() + op + b.expr().duck() + ")", GenType.BOOL, false),
                logic.apply(a.truth(), b.truth()));
    }

    static Pred negate(Pred a) {
        return new Pred(new Expr("(NOT " + a.expr().ours() + ")", "(NOT " + a.expr().duck() + ")", GenType.BOOL, false),
                a.truth().not());
    }

    /** {@code a AND b}. */
    static Pred and(Pred a, Pred b) {
        return combine(a, b, " AND ", Truth::and);
    }

    /** A value of {@code c} that is not NULL (the column must have one). */
    Object someValue(Column c) {
        while (true) {
            Object v = c.values().get(r.nextInt(c.values().size()));
            if (v != null) {
                return v;
            }
        }
    }

    private static String join(List<Object> values, boolean ours) {
        List<String> out = new ArrayList<>();
        for (Object v : values) {
            out.add(ours ? SqlLiterals.ours(v) : SqlLiterals.duck(v));
        }
        return String.join(", ", out);
    }

    /** SQL LIKE without escapes over code points: {@code %} any run, {@code _} one code point. */
    static boolean likes(int[] s, int[] p) {
        boolean[][] m = new boolean[s.length + 1][p.length + 1];
        m[0][0] = true;
        for (int j = 1; j <= p.length; j++) {
            m[0][j] = m[0][j - 1] && p[j - 1] == '%';
        }
        for (int i = 1; i <= s.length; i++) {
            for (int j = 1; j <= p.length; j++) {
                if (p[j - 1] == '%') {
                    m[i][j] = m[i][j - 1] || m[i - 1][j];
                } else {
                    m[i][j] = m[i - 1][j - 1] && (p[j - 1] == '_' || p[j - 1] == s[i - 1]);
                }
            }
        }
        return m[s.length][p.length];
    }
}
