package io.lancejdbc.conformance.differential;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;

/**
 * Seeded random queries over {@link DiffTables}: typed expression trees rendered twice, once in lance-jdbc's dialect
 * and once in DuckDB's (so the documented differences are spelled out instead of avoided: integer arithmetic widened
 * to BIGINT (D2), explicit NULLS FIRST/LAST (D1), {@code //} for DIV, date arithmetic kept a DATE). Shapes: filtered
 * projections, grouped aggregates with HAVING, DISTINCT, ORDER BY ... LIMIT/OFFSET with a total order, window
 * functions, joins of every kind, set operations and IN/EXISTS subqueries. Divisors are wrapped in NULLIF(x, 0)
 * (division by zero differs by design, D3) and multiplications stay within BIGINT.
 */
final class QueryGenerator {
    /** How many queries the suite generates. */
    static final int DEFAULT_COUNT = 320;

    enum Type { INT, DEC, DBL, TEXT, BOOL, DATE, TS }

    /** An expression in both dialects. */
    record E(String ours, String duck, Type type) {
        static E same(String sql, Type type) {
            return new E(sql, sql, type);
        }
    }

    /** A column a table offers to the generator. */
    record Col(String name, Type type) {
    }

    /** A table with its generator-visible columns and its low-cardinality grouping keys. */
    record Tab(String name, List<Col> cols, List<E> groupKeys) {
    }

    static final Tab NUM = new Tab("t_num", List.of(
            new Col("id", Type.INT), new Col("g", Type.INT), new Col("i8", Type.INT), new Col("i16", Type.INT),
            new Col("i32", Type.INT), new Col("i64", Type.INT), new Col("u8", Type.INT), new Col("u16", Type.INT),
            new Col("u32", Type.INT), new Col("sparse", Type.INT), new Col("f64", Type.DBL),
            new Col("d10", Type.DEC), new Col("d38", Type.DEC), new Col("g2", Type.TEXT), new Col("b", Type.BOOL)),
            List.of(E.same("g", Type.INT), E.same("g2", Type.TEXT), E.same("b", Type.BOOL),
                    E.same("i8 % 4", Type.INT), E.same("u8 > 128", Type.BOOL)));
    static final Tab STR = new Tab("t_str", List.of(
            new Col("id", Type.INT), new Col("n", Type.INT), new Col("s", Type.TEXT), new Col("s2", Type.TEXT),
            new Col("cat", Type.TEXT)),
            List.of(E.same("cat", Type.TEXT), E.same("n % 3", Type.INT), E.same("length(s2)", Type.INT)));
    static final Tab TIME = new Tab("t_time", List.of(
            new Col("id", Type.INT), new Col("g", Type.INT), new Col("d", Type.DATE), new Col("ts", Type.TS),
            new Col("ts_ms", Type.TS), new Col("ts_s", Type.TS)),
            List.of(E.same("g", Type.INT), E.same("month(d)", Type.INT), E.same("d < DATE '1970-01-01'", Type.BOOL)));
    static final List<Tab> TABLES = List.of(NUM, NUM, STR, TIME);

    private final SplittableRandom r;
    private Tab tab;

    private QueryGenerator(long seed) {
        this.r = new SplittableRandom(seed);
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
        tab = TABLES.get(r.nextInt(TABLES.size()));
        int shape = r.nextInt(10);
        return switch (shape) {
            case 0, 1 -> projection(i);
            case 2, 3 -> aggregate(i);
            case 4 -> distinct(i);
            case 5 -> topN(i);
            case 6 -> window(i);
            case 7 -> join(i);
            case 8 -> setOperation(i);
            default -> subquery(i);
        };
    }

    // --------------------------------------------------------------------------------------------- shapes

    private DiffQuery projection(int i) {
        int n = 1 + r.nextInt(4);
        List<E> items = new ArrayList<>();
        items.add(E.same("id", Type.INT));
        for (int k = 0; k < n; k++) {
            items.add(expr(randomType(), 2));
        }
        E where = r.nextInt(4) == 0 ? null : expr(Type.BOOL, 2);
        return gen(i, "projection", select(items) + " FROM " + tab.name() + whereOurs(where),
                selectDuck(items) + " FROM " + tab.name() + whereDuck(where), false);
    }

    private DiffQuery aggregate(int i) {
        List<E> keys = new ArrayList<>();
        int nk = r.nextInt(3);
        for (int k = 0; k < nk; k++) {
            E key = tab.groupKeys().get(r.nextInt(tab.groupKeys().size()));
            if (!keys.contains(key)) {
                keys.add(key);
            }
        }
        List<E> items = new ArrayList<>(keys);
        int na = 1 + r.nextInt(3);
        for (int k = 0; k < na; k++) {
            items.add(aggregateCall());
        }
        E where = r.nextInt(3) == 0 ? null : expr(Type.BOOL, 1);
        String groupOurs = keys.isEmpty() ? "" : " GROUP BY " + join(keys, E::ours);
        String groupDuck = keys.isEmpty() ? "" : " GROUP BY " + join(keys, E::duck);
        String havingOurs = "";
        String havingDuck = "";
        if (!keys.isEmpty() && r.nextInt(3) == 0) {
            int lim = r.nextInt(1, 40);
            havingOurs = " HAVING count(*) > " + lim;
            havingDuck = havingOurs;
        }
        return gen(i, "aggregate", select(items) + " FROM " + tab.name() + whereOurs(where) + groupOurs + havingOurs,
                selectDuck(items) + " FROM " + tab.name() + whereDuck(where) + groupDuck + havingDuck, false);
    }

    private DiffQuery distinct(int i) {
        List<E> items = new ArrayList<>();
        int n = 1 + r.nextInt(2);
        for (int k = 0; k < n; k++) {
            items.add(r.nextBoolean() ? tab.groupKeys().get(r.nextInt(tab.groupKeys().size())) : expr(randomType(), 1));
        }
        E where = r.nextBoolean() ? null : expr(Type.BOOL, 1);
        return gen(i, "distinct", "SELECT DISTINCT " + join(items, E::ours) + " FROM " + tab.name() + whereOurs(where),
                "SELECT DISTINCT " + join(items, E::duck) + " FROM " + tab.name() + whereDuck(where), false);
    }

    private DiffQuery topN(int i) {
        E key = expr(orderableType(), 2);

        boolean asc = r.nextBoolean();
        boolean nullsFirst = r.nextBoolean();
        String dir = (asc ? " ASC" : " DESC") + (nullsFirst ? " NULLS FIRST" : " NULLS LAST");
        int limit = 1 + r.nextInt(25);
        String offset = r.nextBoolean() ? "" : " OFFSET " + r.nextInt(60);
        E where = r.nextBoolean() ? null : expr(Type.BOOL, 1);
        return gen(i, "top-n", "SELECT id, " + key.ours() + " FROM " + tab.name() + whereOurs(where) + " ORDER BY "
                        + key.ours() + dir + ", id LIMIT " + limit + offset,
                "SELECT id, " + key.duck() + " FROM " + tab.name() + whereDuck(where) + " ORDER BY " + key.duck() + dir
                        + ", id LIMIT " + limit + offset, true);
    }

    private DiffQuery window(int i) {
        E part = tab.groupKeys().get(r.nextInt(tab.groupKeys().size()));
        String order = " ORDER BY id";
        String[] frames = {"", " ROWS BETWEEN 2 PRECEDING AND CURRENT ROW", " ROWS BETWEEN UNBOUNDED PRECEDING AND 1 FOLLOWING",
            " ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING", " ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING"};
        E arg = expr(numericType(), 1);
        E anyArg = expr(orderableType(), 1);
        String ours;
        String duck;
        switch (r.nextInt(7)) {
            case 0 -> {
                ours = "row_number() OVER (PARTITION BY " + part.ours() + order + ")";
                duck = "row_number() OVER (PARTITION BY " + part.duck() + order + ")";
            }
            case 1 -> {
                String k = anyArg.ours() + " NULLS FIRST, id";
                String kd = anyArg.duck() + " NULLS FIRST, id";
                ours = "rank() OVER (PARTITION BY " + part.ours() + " ORDER BY " + k + ")";
                duck = "rank() OVER (PARTITION BY " + part.duck() + " ORDER BY " + kd + ")";
            }
            case 2 -> {
                String f = frames[r.nextInt(frames.length)];
                ours = "sum(" + arg.ours() + ") OVER (PARTITION BY " + part.ours() + order + f + ")";
                duck = "sum(" + arg.duck() + ") OVER (PARTITION BY " + part.duck() + order + f + ")";
            }
            case 3 -> {
                int off = 1 + r.nextInt(3);
                ours = "lag(" + anyArg.ours() + ", " + off + ") OVER (PARTITION BY " + part.ours() + order + ")";
                duck = "lag(" + anyArg.duck() + ", " + off + ") OVER (PARTITION BY " + part.duck() + order + ")";
            }
            case 4 -> {
                String f = frames[r.nextInt(frames.length)];
                String fn = r.nextBoolean() ? "min" : "max";
                ours = fn + "(" + anyArg.ours() + ") OVER (PARTITION BY " + part.ours() + order + f + ")";
                duck = fn + "(" + anyArg.duck() + ") OVER (PARTITION BY " + part.duck() + order + f + ")";
            }
            case 5 -> {
                ours = "count(" + anyArg.ours() + ") OVER (PARTITION BY " + part.ours() + ")";
                duck = "count(" + anyArg.duck() + ") OVER (PARTITION BY " + part.duck() + ")";
            }
            default -> {
                ours = "dense_rank() OVER (ORDER BY " + anyArg.ours() + " DESC NULLS LAST)";
                duck = "dense_rank() OVER (ORDER BY " + anyArg.duck() + " DESC NULLS LAST)";
            }
        }
        E where = r.nextInt(3) == 0 ? expr(Type.BOOL, 1) : null;
        return gen(i, "window", "SELECT id, " + ours + " FROM " + tab.name() + whereOurs(where),
                "SELECT id, " + duck + " FROM " + tab.name() + whereDuck(where), false);
    }

    private DiffQuery join(int i) {
        String[] kinds = {"JOIN", "LEFT JOIN", "RIGHT JOIN", "FULL JOIN", "JOIN"};
        String kind = kinds[r.nextInt(kinds.length)];
        String on = "l.k = r.k";
        switch (r.nextInt(4)) {
            case 0 -> on += " AND r.w > " + r.nextInt(-500, 500);
            case 1 -> on += " AND l.v < " + r.nextInt(0, 100);
            case 2 -> on = "l.ks = r.ks";
            default -> {
            }
        }
        String where = r.nextInt(3) == 0 ? " WHERE l.id % " + (2 + r.nextInt(4)) + " = 0" : "";
        String select = switch (r.nextInt(3)) {
            case 0 -> "SELECT l.id, r.id, l.v, r.w";
            case 1 -> "SELECT l.k, count(*), sum(r.w), max(l.v)";
            default -> "SELECT coalesce(l.ks, r.ks), l.v + r.w";
        };
        String group = select.contains("count(*)") ? " GROUP BY l.k" : "";
        String sql = select + " FROM t_l l " + kind + " t_r r ON " + on + where + group;
        return gen(i, "join", sql, sql, false);
    }

    private DiffQuery setOperation(int i) {
        Type t = orderableType();
        E a = expr(t, 1);
        E b = expr(t, 1);
        E p1 = expr(Type.BOOL, 1);
        E p2 = expr(Type.BOOL, 1);
        String[] ops = {"UNION", "UNION ALL", "INTERSECT", "EXCEPT", "INTERSECT ALL", "EXCEPT ALL"};
        String op = ops[r.nextInt(ops.length)];
        return gen(i, "set-op", "SELECT " + a.ours() + " FROM " + tab.name() + " WHERE " + p1.ours() + " " + op
                        + " SELECT " + b.ours() + " FROM " + tab.name() + " WHERE " + p2.ours(),
                "SELECT " + a.duck() + " FROM " + tab.name() + " WHERE " + p1.duck() + " " + op + " SELECT " + b.duck()
                        + " FROM " + tab.name() + " WHERE " + p2.duck(), false);
    }

    private DiffQuery subquery(int i) {
        E p = expr(Type.BOOL, 1);
        String sqlOurs;
        String sqlDuck;
        switch (r.nextInt(4)) {
            case 0 -> {
                String neg = r.nextBoolean() ? " NOT" : "";
                E q = onNum(p);
                sqlOurs = "SELECT id FROM t_l WHERE k" + neg + " IN (SELECT g FROM " + NUM.name() + " WHERE "
                        + q.ours() + ")";
                sqlDuck = "SELECT id FROM t_l WHERE k" + neg + " IN (SELECT g FROM " + NUM.name() + " WHERE "
                        + q.duck() + ")";
            }
            case 1 -> {
                String neg = r.nextBoolean() ? "NOT " : "";
                sqlOurs = "SELECT id FROM t_l l WHERE " + neg + "EXISTS (SELECT 1 FROM t_r r WHERE r.k = l.k AND r.w > "
                        + r.nextInt(-800, 800) + ")";
                sqlDuck = sqlOurs;
            }
            case 2 -> {
                sqlOurs = "SELECT l.id, (SELECT count(*) FROM t_r r WHERE r.k = l.k AND r.w < " + r.nextInt(-800, 800)
                        + ") FROM t_l l";
                sqlDuck = sqlOurs;
            }
            default -> {
                E x = onNum(expr(Type.INT, 1));
                int lim = r.nextInt(30, 60);
                sqlOurs = "SELECT g, c, s FROM (SELECT g, count(*) AS c, sum(" + x.ours() + ") AS s FROM t_num GROUP"
                        + " BY g) t WHERE c > " + lim;
                sqlDuck = "SELECT g, c, s FROM (SELECT g, count(*) AS c, sum(" + x.duck() + ") AS s FROM t_num GROUP"
                        + " BY g) t WHERE c > " + lim;
            }
        }
        return gen(i, "subquery", sqlOurs, sqlDuck, false);
    }

    /** {@code e} re-drawn over t_num when the current table is another one (subqueries read t_num). */
    private E onNum(E e) {
        if (tab == NUM) {
            return e;
        }
        Tab saved = tab;
        tab = NUM;
        E out = expr(e.type(), 1);
        tab = saved;
        return out;
    }

    // --------------------------------------------------------------------------------------------- expressions

    private Type randomType() {
        Type[] ts = {Type.INT, Type.INT, Type.DEC, Type.DBL, Type.TEXT, Type.TEXT, Type.BOOL, Type.DATE, Type.TS};
        while (true) {
            Type t = ts[r.nextInt(ts.length)];
            if (available(t)) {
                return t;
            }
        }
    }

    private Type orderableType() {
        while (true) {
            Type t = randomType();
            if (t != Type.BOOL) {
                return t;
            }
        }
    }

    private Type numericType() {
        Type[] ts = {Type.INT, Type.DEC, Type.DBL};
        while (true) {
            Type t = ts[r.nextInt(ts.length)];
            if (available(t)) {
                return t;
            }
        }
    }

    /** Whether an expression of type {@code t} can be built from the current table. */
    private boolean available(Type t) {
        return switch (t) {
            case INT, BOOL, TEXT -> true;
            case DBL, DEC -> tab == NUM;
            case DATE, TS -> tab == TIME;
        };
    }

    private E column(Type t) {
        List<Col> cs = tab.cols().stream().filter(c -> c.type() == t).toList();
        if (cs.isEmpty()) {
            return literal(t);
        }
        return E.same(cs.get(r.nextInt(cs.size())).name(), t);
    }

    private E literal(Type t) {
        return switch (t) {
            case INT -> E.same(Integer.toString(r.nextInt(-20, 100)), t);
            case DEC -> E.same(r.nextInt(-999, 999) + "." + r.nextInt(10, 99), t);
            case DBL -> E.same(r.nextInt(-1000, 1000) + ".5", t);
            case TEXT -> E.same("'" + List.of("a", "b", "red", "key-3", "", "apple", "Z").get(r.nextInt(7)) + "'", t);
            case BOOL -> E.same(r.nextBoolean() ? "TRUE" : "FALSE", t);
            case DATE -> E.same("DATE '" + (1950 + r.nextInt(120)) + "-0" + (1 + r.nextInt(9)) + "-1" + r.nextInt(10)
                    + "'", t);
            case TS -> E.same("TIMESTAMP '" + (1950 + r.nextInt(120)) + "-0" + (1 + r.nextInt(9)) + "-1" + r.nextInt(10)
                    + " 0" + r.nextInt(10) + ":30:00'", t);
        };
    }

    private E expr(Type t, int depth) {
        if (!available(t)) {
            return literal(t);
        }
        if (depth <= 0 || r.nextInt(3) == 0) {
            return r.nextInt(4) == 0 ? literal(t) : column(t);
        }
        return switch (t) {
            case INT -> intExpr(depth);
            case DEC -> decExpr(depth);
            case DBL -> dblExpr(depth);
            case TEXT -> textExpr(depth);
            case BOOL -> boolExpr(depth);
            case DATE -> dateExpr(depth);
            case TS -> tsExpr(depth);
        };
    }

    private E intExpr(int depth) {
        E a = expr(Type.INT, depth - 1);
        E b = expr(Type.INT, depth - 1);
        int lit = 2 + r.nextInt(9);
        return switch (r.nextInt(12)) {
            case 0 -> new E("(" + a.ours() + " + " + b.ours() + ")", "(CAST(" + a.duck() + " AS BIGINT) + " + b.duck() + ")",
                    Type.INT);
            case 1 -> new E("(" + a.ours() + " - " + b.ours() + ")", "(CAST(" + a.duck() + " AS BIGINT) - " + b.duck() + ")",
                    Type.INT);
            case 2 -> new E("(" + a.ours() + " * " + lit + ")", "(CAST(" + a.duck() + " AS BIGINT) * " + lit + ")", Type.INT);
            case 3 -> new E("(" + a.ours() + " % " + lit + ")", "(" + a.duck() + " % " + lit + ")", Type.INT);
            case 4 -> new E("(" + a.ours() + " DIV " + lit + ")", "(" + a.duck() + " // " + lit + ")", Type.INT);
            case 5 -> new E("abs(" + a.ours() + ")", "abs(CAST(" + a.duck() + " AS BIGINT))", Type.INT);
            case 6 -> {
                E c = expr(Type.BOOL, depth - 1);
                yield new E("CASE WHEN " + c.ours() + " THEN " + a.ours() + " ELSE " + b.ours() + " END",
                        "CASE WHEN " + c.duck() + " THEN " + a.duck() + " ELSE " + b.duck() + " END", Type.INT);
            }
            case 7 -> new E("coalesce(" + a.ours() + ", " + b.ours() + ")", "coalesce(" + a.duck() + ", " + b.duck() + ")",
                    Type.INT);
            case 8 -> {
                E s = expr(Type.TEXT, depth - 1);
                yield new E("length(" + s.ours() + ")", "length(" + s.duck() + ")", Type.INT);
            }
            case 9 -> {
                if (tab == TIME) {
                    E d = expr(Type.DATE, depth - 1);
                    String f = List.of("year", "month", "day", "quarter", "dayofyear").get(r.nextInt(5));
                    yield new E(f + "(" + d.ours() + ")", f + "(" + d.duck() + ")", Type.INT);
                }
                yield new E("greatest(" + a.ours() + ", " + b.ours() + ")", "greatest(" + a.duck() + ", " + b.duck() + ")",
                        Type.INT);
            }
            case 10 -> new E("least(" + a.ours() + ", " + b.ours() + ")", "least(" + a.duck() + ", " + b.duck() + ")",
                    Type.INT);
            default -> new E("-" + a.ours(), "-CAST(" + a.duck() + " AS BIGINT)", Type.INT);
        };
    }

    private E decExpr(int depth) {
        E a = expr(Type.DEC, depth - 1);
        E b = expr(Type.DEC, depth - 1);
        return switch (r.nextInt(6)) {
            case 0 -> new E("(" + a.ours() + " + " + b.ours() + ")", "(" + a.duck() + " + " + b.duck() + ")", Type.DEC);
            case 1 -> new E("(" + a.ours() + " - " + b.ours() + ")", "(" + a.duck() + " - " + b.duck() + ")", Type.DEC);
            case 2 -> {
                int m = 2 + r.nextInt(5);
                yield new E("(" + a.ours() + " * " + m + ")", "(" + a.duck() + " * " + m + ")", Type.DEC);
            }
            case 3 -> new E("round(" + a.ours() + ", 1)", "round(" + a.duck() + ", 1)", Type.DEC);
            case 4 -> new E("abs(" + a.ours() + ")", "abs(" + a.duck() + ")", Type.DEC);
            default -> new E("coalesce(" + a.ours() + ", " + b.ours() + ")", "coalesce(" + a.duck() + ", " + b.duck() + ")",
                    Type.DEC);
        };
    }

    private E dblExpr(int depth) {
        E a = expr(Type.DBL, depth - 1);
        E n = expr(Type.INT, depth - 1);
        return switch (r.nextInt(7)) {
            case 0 -> new E("(" + a.ours() + " * 0.5)", "(" + a.duck() + " * 0.5)", Type.DBL);
            case 1 -> new E("(" + a.ours() + " + " + n.ours() + ")", "(" + a.duck() + " + " + n.duck() + ")", Type.DBL);
            case 2 -> new E("(" + n.ours() + " / NULLIF(" + a.ours() + ", 0))", "(" + n.duck() + " / NULLIF(" + a.duck()
                    + ", 0))", Type.DBL);
            case 3 -> new E("round(" + a.ours() + ", 2)", "round(" + a.duck() + ", 2)", Type.DBL);
            case 4 -> new E("floor(" + a.ours() + ")", "floor(" + a.duck() + ")", Type.DBL);
            case 5 -> new E("sqrt(abs(" + a.ours() + "))", "sqrt(abs(" + a.duck() + "))", Type.DBL);
            default -> new E("(" + n.ours() + " / NULLIF(" + n.ours() + " - 3, 0))", "(" + n.duck() + " / NULLIF(" + n.duck()
                    + " - 3, 0))", Type.DBL);
        };
    }

    private E textExpr(int depth) {
        E a = expr(Type.TEXT, depth - 1);
        E b = expr(Type.TEXT, depth - 1);
        return switch (r.nextInt(9)) {
            case 0 -> new E("rtrim(" + a.ours() + ")", "rtrim(" + a.duck() + ")", Type.TEXT);
            case 1 -> new E("concat(" + a.ours() + ", " + b.ours() + ")", "concat(" + a.duck() + ", " + b.duck() + ")",
                    Type.TEXT);
            case 2 -> {
                int p = r.nextInt(-4, 5);
                int len = r.nextInt(0, 5);
                yield new E("substring(" + a.ours() + ", " + p + ", " + len + ")", "substring(" + a.duck() + ", " + p + ", "
                        + len + ")", Type.TEXT);
            }
            case 3 -> new E("trim(" + a.ours() + ")", "trim(" + a.duck() + ")", Type.TEXT);
            case 4 -> new E("replace(" + a.ours() + ", 'e', 'E')", "replace(" + a.duck() + ", 'e', 'E')", Type.TEXT);
            case 5 -> new E("left(" + a.ours() + ", 2)", "left(" + a.duck() + ", 2)", Type.TEXT);
            case 6 -> {
                E n = expr(Type.INT, depth - 1);
                yield new E("CAST(" + n.ours() + " AS VARCHAR)", "CAST(" + n.duck() + " AS VARCHAR)", Type.TEXT);
            }
            case 7 -> new E("(" + a.ours() + " || '-')", "(" + a.duck() + " || '-')", Type.TEXT);
            default -> {
                E c = expr(Type.BOOL, depth - 1);
                yield new E("CASE WHEN " + c.ours() + " THEN " + a.ours() + " ELSE " + b.ours() + " END",
                        "CASE WHEN " + c.duck() + " THEN " + a.duck() + " ELSE " + b.duck() + " END", Type.TEXT);
            }
        };
    }

    private E boolExpr(int depth) {
        switch (r.nextInt(9)) {
            case 0, 1, 2 -> {
                Type t = orderableType();
                E a = expr(t, depth - 1);
                E b = r.nextBoolean() ? literal(t) : expr(t, depth - 1);
                String op = List.of("=", "<>", "<", "<=", ">", ">=").get(r.nextInt(6));
                return new E("(" + a.ours() + " " + op + " " + b.ours() + ")", "(" + a.duck() + " " + op + " " + b.duck()
                        + ")", Type.BOOL);
            }
            case 3 -> {
                E a = expr(randomType(), depth - 1);
                String is = r.nextBoolean() ? " IS NULL" : " IS NOT NULL";
                return new E("(" + a.ours() + is + ")", "(" + a.duck() + is + ")", Type.BOOL);
            }
            case 4 -> {
                E a = expr(Type.BOOL, depth - 1);
                E b = expr(Type.BOOL, depth - 1);
                String op = r.nextBoolean() ? " AND " : " OR ";
                return new E("(" + a.ours() + op + b.ours() + ")", "(" + a.duck() + op + b.duck() + ")", Type.BOOL);
            }
            case 5 -> {
                E a = expr(Type.BOOL, depth - 1);
                return new E("(NOT " + a.ours() + ")", "(NOT " + a.duck() + ")", Type.BOOL);
            }
            case 6 -> {
                E a = expr(Type.INT, depth - 1);
                int lo = r.nextInt(-50, 50);
                int hi = lo + r.nextInt(200);
                String not = r.nextBoolean() ? " NOT" : "";
                return new E("(" + a.ours() + not + " BETWEEN " + lo + " AND " + hi + ")",
                        "(" + a.duck() + not + " BETWEEN " + lo + " AND " + hi + ")", Type.BOOL);
            }
            case 7 -> {
                E a = expr(Type.TEXT, depth - 1);
                String p = List.of("a%", "%e%", "_e%", "%y", "K%", "%-%").get(r.nextInt(6));
                String not = r.nextBoolean() ? " NOT" : "";
                return new E("(" + a.ours() + not + " LIKE '" + p + "')", "(" + a.duck() + not + " LIKE '" + p + "')",
                        Type.BOOL);
            }
            default -> {
                E a = expr(Type.INT, depth - 1);
                String not = r.nextBoolean() ? " NOT" : "";
                String list = r.nextInt(4) + ", " + r.nextInt(10) + ", " + r.nextInt(-5, 50);
                return new E("(" + a.ours() + not + " IN (" + list + "))", "(" + a.duck() + not + " IN (" + list + "))",
                        Type.BOOL);
            }
        }
    }

    private E dateExpr(int depth) {
        E a = expr(Type.DATE, depth - 1);
        int n = r.nextInt(-400, 400);
        return switch (r.nextInt(3)) {
            case 0 -> new E("(" + a.ours() + " + " + n + ")", "(" + a.duck() + " + " + n + ")", Type.DATE);
            case 1 -> {
                E t = expr(Type.TS, depth - 1);
                yield new E("CAST(" + t.ours() + " AS DATE)", "CAST(" + t.duck() + " AS DATE)", Type.DATE);
            }
            default -> new E("date_add(" + a.ours() + ", INTERVAL " + n + " DAY)", "CAST(" + a.duck() + " + INTERVAL (" + n
                    + ") DAY AS DATE)", Type.DATE);
        };
    }

    private E tsExpr(int depth) {
        E a = expr(Type.TS, depth - 1);
        int n = r.nextInt(-100, 100);
        return switch (r.nextInt(3)) {
            case 0 -> new E("(" + a.ours() + " + INTERVAL " + n + " HOUR)", "(" + a.duck() + " + INTERVAL (" + n + ") HOUR)",
                    Type.TS);
            case 1 -> {
                String unit = List.of("day", "hour", "month", "year").get(r.nextInt(4));
                yield new E("date_trunc('" + unit + "', " + a.ours() + ")", "date_trunc('" + unit + "', " + a.duck() + ")",
                        Type.TS);
            }
            default -> new E("(" + a.ours() + " - INTERVAL " + n + " MINUTE)", "(" + a.duck() + " - INTERVAL (" + n
                    + ") MINUTE)", Type.TS);
        };
    }

    private E aggregateCall() {
        switch (r.nextInt(8)) {
            case 0 -> {
                return E.same("count(*)", Type.INT);
            }
            case 1 -> {
                E a = expr(randomType(), 1);
                return new E("count(" + a.ours() + ")", "count(" + a.duck() + ")", Type.INT);
            }
            case 2 -> {
                E a = expr(orderableType(), 1);
                return new E("count(DISTINCT " + a.ours() + ")", "count(DISTINCT " + a.duck() + ")", Type.INT);
            }
            case 3, 4 -> {
                E a = expr(numericType(), 1);
                return new E("sum(" + a.ours() + ")", "sum(" + a.duck() + ")", a.type());
            }
            case 5 -> {
                E a = expr(numericType(), 1);
                return new E("avg(" + a.ours() + ")", "avg(" + a.duck() + ")", Type.DBL);
            }
            default -> {
                E a = expr(orderableType(), 1);
                String f = r.nextBoolean() ? "min" : "max";
                return new E(f + "(" + a.ours() + ")", f + "(" + a.duck() + ")", a.type());
            }
        }
    }

    // --------------------------------------------------------------------------------------------- rendering

    private static DiffQuery gen(int i, String shape, String ours, String duck, boolean ordered) {
        return DiffQuery.generated(String.format("generated %03d %s", i, shape), ours, duck, ordered);
    }

    private static String select(List<E> items) {
        return "SELECT " + join(items, E::ours);
    }

    private static String selectDuck(List<E> items) {
        return "SELECT " + join(items, E::duck);
    }

    private static String whereOurs(E e) {
        return e == null ? "" : " WHERE " + e.ours();
    }

    private static String whereDuck(E e) {
        return e == null ? "" : " WHERE " + e.duck();
    }

    private static String join(List<E> items, Function<E, String> f) {
        return String.join(", ", items.stream().map(f).toList());
    }
}
