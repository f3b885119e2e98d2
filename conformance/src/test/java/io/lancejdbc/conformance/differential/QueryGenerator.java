package io.lancejdbc.conformance.differential;

import io.lancejdbc.conformance.differential.AnchoredPredicates.Pred;
import io.lancejdbc.conformance.differential.GenTable.Column;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Function;

/**
 * Seeded random queries over {@link DiffTables}, each rendered in lance-jdbc's dialect and in DuckDB's (the
 * documented differences spelled out by {@link ExpressionGenerator}, explicit NULLS FIRST/LAST for D1, {@code //}
 * for DIV). Shapes: filtered projections, grouped aggregates with HAVING, DISTINCT, ORDER BY ... LIMIT/OFFSET with a
 * total order, window functions, joins of every kind (t_l with t_r on integer, text, date and decimal keys, and
 * self-joins on keys of every scalar type), set operations and IN/EXISTS/scalar subqueries; every column of every
 * table takes part, nested ones as carried values and through element access.
 *
 * <p>Every query has rows in its answer, by construction: a WHERE, ON or set-operation side holds an
 * {@linkplain AnchoredPredicates anchored predicate} whose constants come from the data and whose selected rows the
 * generator has counted on the table itself (other generated conditions only widen it, {@code A OR g}, or narrow it
 * where the anchor guarantees rows, {@code A AND (g OR A2)}); OFFSETs stay below the guaranteed row count; joins and
 * subqueries are checked to match. One query in fifty reads the empty table on purpose
 * ({@link DiffQuery#intendedEmpty()}).
 */
final class QueryGenerator {
    /** How many queries the suite generates. */
    static final int DEFAULT_COUNT = 320;

    private static final GenTable NUM = GenTable.of(DiffTables.num(), List.of(Expr.same("g", GenType.INT),
            Expr.same("g2", GenType.TEXT), Expr.same("b", GenType.BOOL), Expr.same("i8 % 4", GenType.INT),
            Expr.same("u8 > 128", GenType.BOOL), Expr.same("fx", GenType.DBL), Expr.same("f16 > 0", GenType.BOOL),
            new Expr("u64 % 3", "u64 % 3", GenType.INT, true)));
    private static final GenTable STR = GenTable.of(DiffTables.str(), List.of(Expr.same("cat", GenType.TEXT),
            Expr.same("n % 3", GenType.INT), Expr.same("length(s2)", GenType.INT), Expr.same("fsb", GenType.BIN),
            Expr.same("bin", GenType.BIN)));
    private static final GenTable TIME = GenTable.of(DiffTables.time(), List.of(Expr.same("g", GenType.INT),
            Expr.same("month(d)", GenType.INT), Expr.same("d < DATE '1970-01-01'", GenType.BOOL),
            Expr.same("hour(tm)", GenType.INT), Expr.same("d64", GenType.DATE)));
    private static final GenTable NEST = GenTable.of(DiffTables.nest(), List.of(Expr.same("g", GenType.INT),
            Expr.same("st.b", GenType.TEXT), Expr.same("tags", GenType.LIST),
            new Expr("cardinality(lst)", "len(lst)", GenType.INT, false), Expr.same("imp IS NULL", GenType.BOOL)));
    private static final GenTable LEFT = GenTable.of(DiffTables.left(), List.of(Expr.same("k", GenType.INT)));
    private static final GenTable RIGHT = GenTable.of(DiffTables.right(), List.of(Expr.same("k", GenType.INT)));
    private static final GenTable EMPTY = GenTable.of(DiffTables.empty(), List.of(Expr.same("g", GenType.INT)));
    private static final List<GenTable> TABLES = List.of(NUM, NUM, STR, TIME, TIME, NEST, NEST);

    /** The tables the generated queries read (every column of each is used by some query). */
    static final List<GenTable> READ = List.of(NUM, STR, TIME, NEST, LEFT, RIGHT, EMPTY);

    private final SplittableRandom r;
    private final AnchoredPredicates anchors;
    private GenTable tab;
    private ExpressionGenerator gen;

    private QueryGenerator(long seed) {
        this.r = new SplittableRandom(seed);
        this.anchors = new AnchoredPredicates(r);
    }

    /** {@code count} queries from {@code seed}; the same arguments give the same queries. */
    static List<DiffQuery> queries(long seed, int count) {
        QueryGenerator g = new QueryGenerator(seed);
        List<DiffQuery> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            out.add(g.query(i));
        }
        return out;
    }

    private DiffQuery query(int i) {
        use(TABLES.get(r.nextInt(TABLES.size())));
        if (i % 50 == 25) {
            return overEmptyTable(i);
        }
        return switch (r.nextInt(13)) {
            case 12 -> widthArithmetic(i);
            case 0, 1 -> projection(i);
            case 2, 3 -> aggregate(i);
            case 4 -> distinct(i);
            case 5 -> topN(i);
            case 6 -> window(i);
            case 7 -> join(i);
            case 8 -> selfJoin(i);
            case 9 -> setOperation(i);
            default -> subquery(i);
        };
    }

    private void use(GenTable t) {
        tab = t;
        gen = new ExpressionGenerator(r, t, null);
    }

    // --------------------------------------------------------------------------------------------- filters

    /**
     * A WHERE clause (maybe none) and how many rows it is sure to keep: an anchored predicate {@code A}, or
     * {@code A OR g}, or {@code A AND (g OR A2)} with rows selected by both anchors, {@code g} any generated
     * condition.
     */
    private record Filter(Expr where, int guaranteed) {
        String ours() {
            return where == null ? "" : " WHERE " + where.ours();
        }

        String duck() {
            return where == null ? "" : " WHERE " + where.duck();
        }
    }

    private Filter filter(boolean optional) {
        if (optional && r.nextInt(4) == 0) {
            return new Filter(null, tab.rowCount());
        }
        Pred a = anchors.where(tab, null, 1, 1.0);
        switch (r.nextInt(5)) {
            case 0 -> {
                Expr g = gen.expr(GenType.BOOL, 2);
                return new Filter(new Expr("(" + a.expr().ours() + " OR " + g.ours() + ")", "(" + a.expr().duck()
                        + " OR " + g.duck() + ")", GenType.BOOL, false), a.truth().selected());
            }
            case 1 -> {
                for (int attempt = 0; attempt < 50; attempt++) {
                    Pred a2 = anchors.atom(tab, null);
                    Pred both = AnchoredPredicates.and(a, a2);
                    if (both.truth().selected() > 0) {
                        Expr g = gen.expr(GenType.BOOL, 2);
                        return new Filter(new Expr("(" + a.expr().ours() + " AND (" + g.ours() + " OR "
                                + a2.expr().ours() + "))", "(" + a.expr().duck() + " AND (" + g.duck() + " OR "
                                + a2.expr().duck() + "))", GenType.BOOL, false), both.truth().selected());
                    }
                }
                return new Filter(a.expr(), a.truth().selected());
            }
            default -> {
                return new Filter(a.expr(), a.truth().selected());
            }
        }
    }

    /** Zero to two whole columns of any type, carried through the query's operators. */
    private List<Expr> payload(boolean groupableOnly) {
        List<Expr> out = new ArrayList<>();
        int n = r.nextInt(3);
        for (int k = 0; k < n; k++) {
            out.add(groupableOnly ? gen.groupableColumn() : gen.anyColumn());
        }
        return out;
    }

    // --------------------------------------------------------------------------------------------- shapes

    private DiffQuery projection(int i) {
        int n = 1 + r.nextInt(4);
        List<Expr> items = new ArrayList<>();
        items.add(Expr.same("id", GenType.INT));
        for (int k = 0; k < n; k++) {
            items.add(gen.expr(gen.scalarType(), 2));
        }
        items.addAll(payload(false));
        Filter w = filter(true);
        return gen(i, "projection", select(items, Expr::ours) + " FROM " + tab.name() + w.ours(),
                select(items, Expr::duck) + " FROM " + tab.name() + w.duck(), false);
    }

    private DiffQuery aggregate(int i) {
        List<Expr> keys = new ArrayList<>();
        int nk = r.nextInt(3);
        for (int k = 0; k < nk; k++) {
            Expr key = tab.groupKeys().get(r.nextInt(tab.groupKeys().size()));
            if (!keys.contains(key)) {
                keys.add(key);
            }
        }
        List<Expr> items = new ArrayList<>(keys);
        int na = 1 + r.nextInt(3);
        for (int k = 0; k < na; k++) {
            items.add(aggregateCall());
        }
        Filter w = filter(true);
        String groupOurs = keys.isEmpty() ? "" : " GROUP BY " + join(keys, Expr::ours);
        String groupDuck = keys.isEmpty() ? "" : " GROUP BY " + join(keys, Expr::duck);
        String having = "";
        if (!keys.isEmpty() && w.where() == null && r.nextInt(2) == 0) {
            having = " HAVING count(*) > " + r.nextInt(0, 4);
        }
        return gen(i, "aggregate", select(items, Expr::ours) + " FROM " + tab.name() + w.ours() + groupOurs + having,
                select(items, Expr::duck) + " FROM " + tab.name() + w.duck() + groupDuck + having, false);
    }

    private DiffQuery distinct(int i) {
        List<Expr> items = new ArrayList<>();
        int n = 1 + r.nextInt(2);
        for (int k = 0; k < n; k++) {
            items.add(switch (r.nextInt(3)) {
                case 0 -> tab.groupKeys().get(r.nextInt(tab.groupKeys().size()));
                case 1 -> gen.groupableColumn();
                default -> gen.expr(gen.scalarType(), 1);
            });
        }
        Filter w = filter(true);
        return gen(i, "distinct", "SELECT DISTINCT " + join(items, Expr::ours) + " FROM " + tab.name() + w.ours(),
                "SELECT DISTINCT " + join(items, Expr::duck) + " FROM " + tab.name() + w.duck(), false);
    }

    private DiffQuery topN(int i) {
        Expr key = gen.expr(gen.orderableType(), 2);
        boolean asc = r.nextBoolean();
        boolean nullsFirst = r.nextBoolean();
        String dir = (asc ? " ASC" : " DESC") + (nullsFirst ? " NULLS FIRST" : " NULLS LAST");
        Filter w = filter(true);
        int limit = 1 + r.nextInt(25);
        int offset = r.nextBoolean() ? 0 : r.nextInt(Math.min(60, w.guaranteed()));
        String tail = " LIMIT " + limit + (offset == 0 ? "" : " OFFSET " + offset);
        List<Expr> items = new ArrayList<>(List.of(Expr.same("id", GenType.INT), key));
        items.addAll(payload(false));
        return gen(i, "top-n", select(items, Expr::ours) + " FROM " + tab.name() + w.ours() + " ORDER BY " + key.ours()
                        + dir + ", id" + tail,
                select(items, Expr::duck) + " FROM " + tab.name() + w.duck() + " ORDER BY " + key.duck() + dir
                        + ", id" + tail, true);
    }

    private DiffQuery window(int i) {
        Expr part = tab.groupKeys().get(r.nextInt(tab.groupKeys().size()));
        String order = " ORDER BY id";
        String[] frames = {"", " ROWS BETWEEN 2 PRECEDING AND CURRENT ROW",
            " ROWS BETWEEN UNBOUNDED PRECEDING AND 1 FOLLOWING", " ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING",
            " ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING"};
        Expr arg = gen.expr(gen.numericType(), 1);
        Expr anyArg = gen.expr(gen.orderableType(), 1);
        Expr carried = gen.anyColumn();
        String p = "PARTITION BY " + part.ours();
        String pd = "PARTITION BY " + part.duck();
        String f = frames[r.nextInt(frames.length)];
        String ours;
        String duck;
        switch (r.nextInt(9)) {
            case 0 -> {
                ours = "row_number() OVER (" + p + order + ")";
                duck = "row_number() OVER (" + pd + order + ")";
            }
            case 1 -> {
                ours = "rank() OVER (" + p + " ORDER BY " + anyArg.ours() + " NULLS FIRST, id)";
                duck = "rank() OVER (" + pd + " ORDER BY " + anyArg.duck() + " NULLS FIRST, id)";
            }
            case 2 -> {
                ours = "sum(" + arg.ours() + ") OVER (" + p + order + f + ")";
                duck = "sum(" + arg.duck() + ") OVER (" + pd + order + f + ")";
            }
            case 3 -> {
                int off = 1 + r.nextInt(3);
                ours = "lag(" + carried.ours() + ", " + off + ") OVER (" + p + order + ")";
                duck = "lag(" + carried.duck() + ", " + off + ") OVER (" + pd + order + ")";
            }
            case 4 -> {
                String fn = r.nextBoolean() ? "min" : "max";
                ours = fn + "(" + anyArg.ours() + ") OVER (" + p + order + f + ")";
                duck = fn + "(" + anyArg.duck() + ") OVER (" + pd + order + f + ")";
            }
            case 5 -> {
                ours = "count(" + carried.ours() + ") OVER (" + p + ")";
                duck = "count(" + carried.duck() + ") OVER (" + pd + ")";
            }
            case 6 -> {
                ours = "first_value(" + carried.ours() + ") OVER (" + p + order + f + ")";
                duck = "first_value(" + carried.duck() + ") OVER (" + pd + order + f + ")";
            }
            case 7 -> {
                ours = "lead(" + carried.ours() + ") OVER (" + p + order + ")";
                duck = "lead(" + carried.duck() + ") OVER (" + pd + order + ")";
            }
            default -> {
                ours = "dense_rank() OVER (ORDER BY " + anyArg.ours() + " DESC NULLS LAST)";
                duck = "dense_rank() OVER (ORDER BY " + anyArg.duck() + " DESC NULLS LAST)";
            }
        }
        Filter w = r.nextInt(3) == 0 ? filter(false) : new Filter(null, tab.rowCount());
        List<Expr> items = new ArrayList<>(List.of(Expr.same("id", GenType.INT), new Expr(ours, duck, GenType.INT,
                false)));
        items.addAll(payload(false));
        return gen(i, "window", select(items, Expr::ours) + " FROM " + tab.name() + w.ours(),
                select(items, Expr::duck) + " FROM " + tab.name() + w.duck(), false);
    }

    /**
     * Operators and functions on one numeric column of t_num, each column in turn (every integer width with its
     * extremes, uint64 up to 2^64-1, REAL, float16 and DOUBLE with NaN, infinities and -0.0), so each width meets
     * every operator; the spelled-out equivalent on DuckDB's side (D2, D4, D10).
     */
    private DiffQuery widthArithmetic(int i) {
        use(NUM);
        List<Column> numeric = NUM.columns().stream().filter(c -> c.type().numeric() && c.hasValue()).toList();
        Column c = numeric.get(i % numeric.size());
        Expr x = c.ref();
        int k = 2 + r.nextInt(7);
        List<Expr> items = new ArrayList<>(List.of(Expr.same("id", GenType.INT), x));
        boolean integer = c.type() == GenType.INT;
        String t = integer ? x.duckIntegerType() : "DOUBLE";
        String d = integer ? "CAST(" + x.duck() + " AS " + t + ")" : x.duckOperand();
        List<Expr> ops = new ArrayList<>(List.of(
                new Expr("(-" + x.ours() + ")", "(-" + d + ")", c.type(), x.wide()),
                new Expr("abs(" + x.ours() + ")", "abs(" + d + ")", c.type(), x.wide()),
                new Expr("(" + x.ours() + " * " + k + ")", "(" + d + " * " + k + ")", c.type(), x.wide()),
                new Expr("(" + x.ours() + " - " + k + ")", "(" + d + " - " + k + ")", c.type(), x.wide()),
                new Expr("(0 - " + x.ours() + ")", "(0 - " + d + ")", c.type(), x.wide()),
                new Expr("(" + x.ours() + " = " + x.ours() + ")", "(" + d + " = " + d + ")", GenType.BOOL, false),
                new Expr("sign(" + x.ours() + ")", "sign(" + d + ")", c.type(), false),
                new Expr("greatest(" + x.ours() + ", " + k + ")", "greatest(" + d + ", " + k + ")", c.type(), x.wide()),
                new Expr("(" + x.ours() + " < " + k + ")", "(" + d + " < " + k + ")", GenType.BOOL, false)));
        if (integer) {
            ops.add(new Expr("(" + x.ours() + " DIV " + k + ")", "(" + d + " // " + k + ")", c.type(), x.wide()));
            ops.add(new Expr("(" + x.ours() + " % " + k + ")", "(" + d + " % " + k + ")", c.type(), x.wide()));
            ops.add(new Expr("CAST(" + x.ours() + " AS VARCHAR)", "CAST(" + d + " AS VARCHAR)", GenType.TEXT, false));
            ops.add(new Expr("(" + x.ours() + " + " + x.ours() + ")", "(" + d + " + " + d + ")", c.type(), x.wide()));
        } else {
            ops.add(new Expr("floor(" + x.ours() + ")", "floor(" + d + ")", GenType.DBL, false));
            ops.add(new Expr("(" + x.ours() + " / " + k + ")", "(" + d + " / " + k + ")", GenType.DBL, false));
            ops.add(new Expr("TRY_CAST(" + x.ours() + " AS BIGINT)", "TRY_CAST(round(" + d + ") AS BIGINT)",
                    GenType.INT, false));
            ops.add(new Expr("(" + x.ours() + " + 1 > " + x.ours() + ")", "(" + d + " + 1 > " + d + ")", GenType.BOOL,
                    false));
        }
        for (int n = 3 + r.nextInt(3); n > 0; n--) {
            items.add(ops.remove(r.nextInt(ops.size())));
        }
        Filter w = filter(true);
        return gen(i, "width-arithmetic", select(items, Expr::ours) + " FROM t_num" + w.ours(),
                select(items, Expr::duck) + " FROM t_num" + w.duck(), false);
    }

    /** t_l joined with t_r on one of their shared keys; inner joins are checked to match rows. */
    private DiffQuery join(int i) {
        String[] kinds = {"JOIN", "LEFT JOIN", "RIGHT JOIN", "FULL JOIN", "JOIN", "JOIN"};
        for (int attempt = 0; ; attempt++) {
            String kind = kinds[r.nextInt(kinds.length)];
            String key = List.of("k", "ks", "kd", "kx", "k").get(r.nextInt(5));
            Pred onRight = r.nextBoolean() ? anchors.where(RIGHT, "r", 1, 0.9) : null;
            Pred whereLeft = r.nextInt(3) == 0 ? anchors.where(LEFT, "l", 1, 0.9) : null;
            long matches = joinMatches(key, onRight, whereLeft);
            if (kind.equals("JOIN") && matches == 0 && attempt < 50) {
                continue;
            }
            String onOurs = "l." + key + " = r." + key + (onRight == null ? "" : " AND " + onRight.expr().ours());
            String onDuck = "l." + key + " = r." + key + (onRight == null ? "" : " AND " + onRight.expr().duck());
            String whereOurs = whereLeft == null ? "" : " WHERE " + whereLeft.expr().ours();
            String whereDuck = whereLeft == null ? "" : " WHERE " + whereLeft.expr().duck();
            if (!kind.equals("JOIN") && whereLeft != null && !kind.equals("LEFT JOIN")) {
                // A WHERE on the left side after a RIGHT or FULL join may leave nothing: keep it to the ON clause.
                whereOurs = "";
                whereDuck = "";
            }
            String select;
            String group = "";
            switch (r.nextInt(4)) {
                case 0 -> select = "SELECT l.id, r.id, l.v, r.w, r.st";
                case 1 -> {
                    select = "SELECT l.k, count(*), sum(r.w), max(l.v), min(r.kx), max(l.kd)";
                    group = " GROUP BY l.k";
                }
                case 2 -> select = "SELECT coalesce(l.ks, r.ks), l.v + r.w, l.tags, r.kd";
                default -> select = "SELECT l.id, r.id, l.kx, r.kx, l.kd < r.kd";
            }
            String from = " FROM t_l l " + kind + " t_r r ON ";
            return gen(i, "join", select + from + onOurs + whereOurs + group, select + from + onDuck + whereDuck
                    + group, false);
        }
    }

    /** Row pairs of t_l and t_r an inner join on {@code key} with the given conditions returns. */
    private static long joinMatches(String key, Pred onRight, Pred whereLeft) {
        Column lk = LEFT.column(key);
        Column rk = RIGHT.column(key);
        long n = 0;
        for (int a = 0; a < LEFT.rowCount(); a++) {
            if (whereLeft != null && !whereLeft.truth().selects(a)) {
                continue;
            }
            for (int b = 0; b < RIGHT.rowCount(); b++) {
                Object x = lk.values().get(a);
                Object y = rk.values().get(b);
                if (x != null && y != null && ValueOrder.compare(x, y) == 0
                        && (onRight == null || onRight.truth().selects(b))) {
                    n++;
                }
            }
        }
        return n;
    }

    /** A table joined with itself on two columns of one scalar type (the pairs counted first). */
    private DiffQuery selfJoin(int i) {
        List<Column> keys = tab.columns().stream().filter(c -> c.type().orderable() && c.hasValue()).toList();
        for (int attempt = 0; attempt < 200; attempt++) {
            Column a = keys.get(r.nextInt(keys.size()));
            List<Column> same = keys.stream().filter(c -> compatible(c.type(), a.type())).toList();
            Column b = r.nextBoolean() ? a : same.get(r.nextInt(same.size()));
            boolean distinctRows = a == b || r.nextBoolean();
            long pairs = equalPairs(a, b, distinctRows);
            if (pairs == 0 || pairs > 3_000) {
                continue;
            }
            String kind = r.nextInt(4) == 0 ? "LEFT JOIN" : "JOIN";
            Expr ax = a.ref("x");
            Expr by = b.ref("y");
            String rest = distinctRows ? " AND x.id <> y.id" : "";
            String on = ax.ours() + " = " + by.ours() + rest;
            String onDuck = (a.type() == b.type() ? ax.duck() + " = " + by.duck()
                    : ax.duckOperand() + " = " + by.duckOperand()) + rest;
            Expr carried = new ExpressionGenerator(r, tab, "y").anyColumn();
            return gen(i, "self-join", "SELECT x.id, y.id, " + ax.ours() + ", " + carried.ours() + " FROM " + tab.name()
                    + " x " + kind + " " + tab.name() + " y ON " + on, "SELECT x.id, y.id, " + ax.duck() + ", "
                    + carried.duck() + " FROM " + tab.name() + " x " + kind + " " + tab.name() + " y ON " + onDuck,
                    false);
        }
        return projection(i);
    }

    /** Row pairs (x, y) with equal non-NULL values of {@code a} in x and {@code b} in y, x and y distinct if asked. */
    private static long equalPairs(Column a, Column b, boolean distinctRows) {
        Map<Object, Integer> counts = new java.util.HashMap<>();
        for (Object v : b.values()) {
            if (v != null) {
                counts.merge(ValueOrder.equalityKey(v), 1, Integer::sum);
            }
        }
        long pairs = 0;
        for (int x = 0; x < a.values().size(); x++) {
            Object u = a.values().get(x);
            if (u == null) {
                continue;
            }
            pairs += counts.getOrDefault(ValueOrder.equalityKey(u), 0);
            Object same = b.values().get(x);
            if (distinctRows && same != null && ValueOrder.compare(u, same) == 0) {
                pairs--;
            }
        }
        return pairs;
    }

    private static boolean compatible(GenType a, GenType b) {
        return a == b || a.numeric() && b.numeric();
    }

    private DiffQuery setOperation(int i) {
        String op = List.of("UNION", "UNION ALL", "INTERSECT", "EXCEPT", "INTERSECT ALL", "EXCEPT ALL")
                .get(r.nextInt(6));
        if (op.startsWith("UNION")) {
            GenType t = gen.orderableType();
            Expr a = r.nextBoolean() ? gen.expr(t, 1) : gen.groupableColumn();
            Expr b = a.type() == t ? gen.expr(t, 1) : a;
            Filter w1 = filter(false);
            Filter w2 = filter(false);
            return gen(i, "set-op", "SELECT " + a.ours() + " FROM " + tab.name() + w1.ours() + " " + op + " SELECT "
                    + b.ours() + " FROM " + tab.name() + w2.ours(), "SELECT " + a.duck() + " FROM " + tab.name()
                    + w1.duck() + " " + op + " SELECT " + b.duck() + " FROM " + tab.name() + w2.duck(), false);
        }
        // The same expression on both sides; INTERSECT needs a row both anchors select, EXCEPT (with the unique id)
        // a row the first selects and the second does not.
        Expr e = r.nextBoolean() ? gen.expr(gen.scalarType(), 1) : gen.groupableColumn();
        boolean intersect = op.startsWith("INTERSECT");
        for (int attempt = 0; ; attempt++) {
            Pred p1 = anchors.where(tab, null, 1, 1.0);
            Pred p2 = anchors.where(tab, null, 1, 1.0);
            int both = 0;
            int onlyFirst = 0;
            for (int k = 0; k < tab.rowCount(); k++) {
                both += p1.truth().selects(k) && p2.truth().selects(k) ? 1 : 0;
                onlyFirst += p1.truth().selects(k) && !p2.truth().selects(k) ? 1 : 0;
            }
            if ((intersect ? both : onlyFirst) == 0 && attempt < 100) {
                continue;
            }
            String cols = intersect ? e.ours() : "id, " + e.ours();
            String colsDuck = intersect ? e.duck() : "id, " + e.duck();
            return gen(i, "set-op", "SELECT " + cols + " FROM " + tab.name() + " WHERE " + p1.expr().ours() + " " + op
                    + " SELECT " + cols + " FROM " + tab.name() + " WHERE " + p2.expr().ours(), "SELECT " + colsDuck
                    + " FROM " + tab.name() + " WHERE " + p1.expr().duck() + " " + op + " SELECT " + colsDuck
                    + " FROM " + tab.name() + " WHERE " + p2.expr().duck(), false);
        }
    }

    private DiffQuery subquery(int i) {
        switch (r.nextInt(6)) {
            case 0 -> {
                // IN: some selected t_num row has a g (0..4), and t_l has every k from 0 to 11.
                Pred p = anchored(NUM, "g");
                return sameSql(i, "SELECT id, k FROM t_l WHERE k IN (SELECT g FROM t_num WHERE " + p.expr().ours() + ")",
                        "SELECT id, k FROM t_l WHERE k IN (SELECT g FROM t_num WHERE " + p.expr().duck() + ")");
            }
            case 1 -> {
                // NOT IN over a subquery without NULLs keeps the ks 5 .. 11, which no g has.
                Pred p = anchors.where(NUM, null, 1, 1.0);
                return sameSql(i, "SELECT id FROM t_l WHERE k NOT IN (SELECT g FROM t_num WHERE " + p.expr().ours()
                        + " AND g IS NOT NULL)", "SELECT id FROM t_l WHERE k NOT IN (SELECT g FROM t_num WHERE "
                        + p.expr().duck() + " AND g IS NOT NULL)");
            }
            case 2 -> {
                // NOT IN with a possible NULL in the subquery, in the select list (where NULL answers are visible).
                Pred p = anchors.where(NUM, null, 1, 1.0);
                return sameSql(i, "SELECT id, k NOT IN (SELECT g FROM t_num WHERE " + p.expr().ours() + "), k IN (SELECT"
                        + " g FROM t_num WHERE " + p.expr().ours() + ") FROM t_l", "SELECT id, k NOT IN (SELECT g FROM"
                        + " t_num WHERE " + p.expr().duck() + "), k IN (SELECT g FROM t_num WHERE " + p.expr().duck()
                        + ") FROM t_l");
            }
            case 3 -> {
                String neg = r.nextBoolean() ? "NOT " : "";
                Pred p = anchors.where(RIGHT, "r", 1, 0.8);
                return sameSql(i, "SELECT id FROM t_l l WHERE " + neg + "EXISTS (SELECT 1 FROM t_r r WHERE r.k = l.k"
                        + " AND " + p.expr().ours() + ")", "SELECT id FROM t_l l WHERE " + neg + "EXISTS (SELECT 1"
                        + " FROM t_r r WHERE r.k = l.k AND " + p.expr().duck() + ")", neg.isEmpty()
                        ? existsMatches(p) : 1);
            }
            case 4 -> {
                Pred p = anchors.where(RIGHT, "r", 1, 1.0);
                String key = List.of("kd", "kx", "ks").get(r.nextInt(3));
                return sameSql(i, "SELECT l.id, (SELECT count(*) FROM t_r r WHERE r.k = l.k AND " + p.expr().ours()
                        + "), l." + key + " IN (SELECT " + key + " FROM t_r r WHERE " + p.expr().ours() + ") FROM t_l l",
                        "SELECT l.id, (SELECT count(*) FROM t_r r WHERE r.k = l.k AND " + p.expr().duck() + "), l."
                                + key + " IN (SELECT " + key + " FROM t_r r WHERE " + p.expr().duck() + ") FROM t_l l");
            }
            default -> {
                use(NUM);
                Expr x = gen.expr(GenType.INT, 1);
                int lim = r.nextInt(10, 40);
                return gen(i, "subquery", "SELECT g, c, s FROM (SELECT g, count(*) AS c, sum(" + x.ours() + ") AS s"
                        + " FROM t_num GROUP BY g) t WHERE c > " + lim, "SELECT g, c, s FROM (SELECT g, count(*) AS c,"
                        + " sum(" + x.duck() + ") AS s FROM t_num GROUP BY g) t WHERE c > " + lim, false);
            }
        }
    }

    /** An anchored predicate on {@code t} that selects a row where {@code column} is not NULL. */
    private Pred anchored(GenTable t, String column) {
        Column c = t.column(column);
        while (true) {
            Pred p = anchors.where(t, null, 1, 1.0);
            for (int k = 0; k < t.rowCount(); k++) {
                if (p.truth().selects(k) && c.values().get(k) != null) {
                    return p;
                }
            }
        }
    }

    /** The t_l rows with a t_r row of the same k that {@code p} selects. */
    private static int existsMatches(Pred p) {
        int n = 0;
        for (int a = 0; a < LEFT.rowCount(); a++) {
            Object k = LEFT.column("k").values().get(a);
            for (int b = 0; b < RIGHT.rowCount(); b++) {
                if (k != null && k.equals(RIGHT.column("k").values().get(b)) && p.truth().selects(b)) {
                    n++;
                    break;
                }
            }
        }
        return n;
    }

    private DiffQuery sameSql(int i, String ours, String duck) {
        return gen(i, "subquery", ours, duck, false);
    }

    private DiffQuery sameSql(int i, String ours, String duck, int guaranteedRows) {
        return guaranteedRows > 0 ? gen(i, "subquery", ours, duck, false) : subquery(i);
    }

    /** A query over t_empty: its answer has no rows, which is the point (the empty-input paths of each operator). */
    private DiffQuery overEmptyTable(int i) {
        use(EMPTY);
        String sql = switch (r.nextInt(5)) {
            case 0 -> "SELECT id, g, i32 + 1, f64, d38, s FROM t_empty WHERE f64 > 0 OR s IS NULL";
            case 1 -> "SELECT g, count(*), sum(d38), max(s), avg(f64), min(i32) FROM t_empty GROUP BY g";
            case 2 -> "SELECT id, row_number() OVER (PARTITION BY g ORDER BY id), lag(d38) OVER (ORDER BY id), s, f64,"
                    + " i32 FROM t_empty";
            case 3 -> "SELECT l.id, e.id, e.d38, e.s, e.f64, e.i32 FROM t_l l JOIN t_empty e ON l.k = e.g";
            default -> "SELECT g, i32 FROM t_num INTERSECT SELECT g, i32 FROM t_empty";
        };
        return DiffQuery.generated(String.format("generated %03d empty-input", i), sql, sql, false).emptyByDesign();
    }

    private Expr aggregateCall() {
        switch (r.nextInt(9)) {
            case 0 -> {
                return Expr.same("count(*)", GenType.INT);
            }
            case 1 -> {
                Expr a = r.nextBoolean() ? gen.anyColumn() : gen.expr(gen.scalarType(), 1);
                return new Expr("count(" + a.ours() + ")", "count(" + a.duck() + ")", GenType.INT, false);
            }
            case 2 -> {
                Expr a = r.nextBoolean() ? gen.groupableColumn() : gen.expr(gen.orderableType(), 1);
                return new Expr("count(DISTINCT " + a.ours() + ")", "count(DISTINCT " + a.duck() + ")", GenType.INT,
                        false);
            }
            case 3, 4 -> {
                Expr a = gen.expr(gen.numericType(), 1);
                return new Expr("sum(" + a.ours() + ")", "sum(" + a.duckOperand() + ")", a.type(), a.wide());
            }
            case 5 -> {
                Expr a = gen.expr(gen.numericType(), 1);
                return new Expr("avg(" + a.ours() + ")", "avg(" + a.duckOperand() + ")", GenType.DBL, false);
            }
            case 6 -> {
                Expr b = gen.expr(GenType.BOOL, 1);
                String f = r.nextBoolean() ? "bool_and" : "bool_or";
                return new Expr(f + "(" + b.ours() + ")", f + "(" + b.duck() + ")", GenType.BOOL, false);
            }
            default -> {
                Expr a = gen.expr(gen.orderableType(), 1);
                String f = r.nextBoolean() ? "min" : "max";
                return new Expr(f + "(" + a.ours() + ")", f + "(" + a.duck() + ")", a.type(), a.wide());
            }
        }
    }

    // --------------------------------------------------------------------------------------------- rendering

    private static DiffQuery gen(int i, String shape, String ours, String duck, boolean ordered) {
        return DiffQuery.generated(String.format("generated %03d %s", i, shape), ours, duck, ordered);
    }

    private static String select(List<Expr> items, Function<Expr, String> f) {
        return "SELECT " + join(items, f);
    }

    private static String join(List<Expr> items, Function<Expr, String> f) {
        return String.join(", ", items.stream().map(f).toList());
    }

    /** The column names of {@code t} no generated query of {@code queries} mentions. */
    static List<String> unusedColumns(GenTable t, List<DiffQuery> queries) {
        List<String> out = new ArrayList<>();
        for (Column c : t.columns()) {
            java.util.regex.Pattern word = java.util.regex.Pattern.compile("\\b" + c.name() + "\\b");
            boolean used = queries.stream().anyMatch(q -> q.sql().contains(t.name()) && word.matcher(q.sql()).find());
            if (!used) {
                out.add(c.name());
            }
        }
        return out;
    }

    /** For tests: the map of each read table to its columns no query of {@code queries} uses. */
    static Map<String, List<String>> unusedColumns(List<DiffQuery> queries) {
        Map<String, List<String>> out = new java.util.LinkedHashMap<>();
        for (GenTable t : READ) {
            List<String> unused = unusedColumns(t, queries);
            if (!unused.isEmpty()) {
                out.put(t.name(), unused);
            }
        }
        return out;
    }
}
