package io.lancejdbc.exec.pushdown;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The WHERE predicates of {@link PushedEqualsResidualTest}, generated over the columns of {@link PushdownTable}:
 * for every column, each comparison operator ({@code = <> < <= > >= <=>}, both operand orders) with each of the
 * column's literals, BETWEEN and NOT BETWEEN, IN and NOT IN (with and without a NULL in the list), IS [NOT] NULL,
 * LIKE / NOT LIKE / ILIKE / starts_with / ends_with for strings, the bare column and IS TRUE for booleans; each
 * also under NOT; then AND / OR / NOT nestings of two or three predicates over the same column (the shapes a
 * filter simplifier rewrites: IN lists that merge, contradictions, tautologies) and over different columns.
 * Deterministic: the same list on every run.
 */
final class PushdownPredicates {
    private static final String[] COMPARISONS = {"=", "<>", "<", "<=", ">", ">=", "<=>"};
    private static final String[] LIKE_PATTERNS = {"'a%'", "'%b'", "'_'", "'%'", "''", "'a\\_b'", "'%é%'", "'_%_'",
        "'\uD83E\uDD86%'", "'A%'", "'%\n%'", "'a%b'"};

    private PushdownPredicates() {
    }

    /** Every predicate, without duplicates, in generation order. */
    static List<String> all() {
        Set<String> out = new LinkedHashSet<>();
        List<PushdownTable.Column> columns = PushdownTable.predicateColumns();
        for (PushdownTable.Column c : columns) {
            List<String> base = single(c);
            for (String p : base) {
                out.add(p);
                out.add("NOT (" + p + ")");
            }
            out.addAll(sameColumn(c));
        }
        for (int i = 0; i + 1 < columns.size(); i++) {
            out.addAll(crossColumn(columns.get(i), columns.get(i + 1), columns.get((i + 2) % columns.size())));
        }
        return new ArrayList<>(out);
    }

    private static String q(PushdownTable.Column c) {
        return "`" + c.name() + "`";
    }

    private static List<String> single(PushdownTable.Column c) {
        List<String> out = new ArrayList<>();
        String col = q(c);
        List<String> lits = c.literals();
        for (String lit : lits) {
            for (String op : COMPARISONS) {
                out.add(col + " " + op + " " + lit);
            }
        }
        String l0 = lits.get(0);
        String l1 = lits.get(Math.min(1, lits.size() - 1));
        String l2 = lits.get(Math.min(2, lits.size() - 1));
        out.add(l0 + " < " + col);
        out.add(l1 + " >= " + col);
        out.add(col + " IS NULL");
        out.add(col + " IS NOT NULL");
        out.add(col + " <=> NULL");
        out.add(col + " BETWEEN " + l0 + " AND " + l1);
        out.add(col + " BETWEEN " + l1 + " AND " + l0);
        out.add(col + " NOT BETWEEN " + l0 + " AND " + l2);
        out.add(col + " IN (" + l0 + ", " + l1 + ")");
        out.add(col + " IN (" + l2 + ")");
        out.add(col + " NOT IN (" + l0 + ", " + l1 + ")");
        out.add(col + " IN (" + l0 + ", NULL)");
        out.add(col + " NOT IN (" + l1 + ", NULL)");
        if (c.isString()) {
            for (String pattern : LIKE_PATTERNS) {
                out.add(col + " LIKE " + pattern);
            }
            out.add(col + " NOT LIKE 'a%'");
            out.add(col + " ILIKE 'a%'");
            out.add("starts_with(" + col + ", 'a')");
            out.add("ends_with(" + col + ", 'b')");
            out.add("starts_with(" + col + ", '')");
        }
        if (c.isBool()) {
            out.add(col);
            out.add(col + " IS TRUE");
            out.add(col + " IS NOT FALSE");
        }
        return out;
    }

    /** Nestings over one column: merged IN lists, contradictions and tautologies. */
    private static List<String> sameColumn(PushdownTable.Column c) {
        List<String> out = new ArrayList<>();
        String col = q(c);
        List<String> lits = c.literals();
        String l0 = lits.get(0);
        String l1 = lits.get(Math.min(1, lits.size() - 1));
        String l2 = lits.get(Math.min(2, lits.size() - 1));
        List<String> shapes = List.of(
                col + " IN (" + l0 + ") AND " + col + " IN (" + l1 + ")",
                col + " IN (" + l0 + ", " + l1 + ") AND " + col + " IN (" + l1 + ", " + l2 + ")",
                col + " IN (" + l0 + ", " + l1 + ") AND " + col + " NOT IN (" + l0 + ", " + l1 + ")",
                col + " NOT IN (" + l0 + ") OR " + col + " NOT IN (" + l1 + ")",
                col + " IN (" + l0 + ") OR " + col + " NOT IN (" + l0 + ")",
                "(" + col + " = " + l0 + " OR " + col + " = " + l1 + ") AND (" + col + " = " + l2 + " OR " + col
                        + " = " + l0 + ")",
                col + " IN (" + l0 + ") AND (" + col + " = " + l1 + " OR " + col + " = " + l2 + ")",
                col + " = " + l0 + " AND " + col + " IN (" + l1 + ")",
                col + " = " + l0 + " AND " + col + " = " + l1,
                col + " = " + l0 + " OR " + col + " <> " + l0,
                col + " < " + l0 + " OR " + col + " >= " + l0,
                col + " > " + l1 + " AND " + col + " < " + l0,
                col + " IS NULL OR " + col + " IS NOT NULL",
                col + " <> " + l0 + " AND " + col + " <> " + l1,
                col + " <=> " + l0 + " OR " + col + " <=> " + l1);
        for (String s : shapes) {
            out.add(s);
            out.add("NOT (" + s + ")");
            out.add("NOT (NOT (" + s + "))");
        }
        return out;
    }

    /** Nestings over two or three columns. */
    private static List<String> crossColumn(PushdownTable.Column a, PushdownTable.Column b, PushdownTable.Column c) {
        String pa = q(a) + " > " + a.literals().get(0);
        String pb = q(b) + " IS NULL";
        String pc = q(c) + " IN (" + c.literals().get(0) + ", " + c.literals().get(c.literals().size() - 1) + ")";
        String pb2 = q(b) + " <= " + b.literals().get(b.literals().size() - 1);
        List<String> out = new ArrayList<>();
        for (String s : List.of(pa + " AND " + pb, pa + " OR " + pb, pa + " AND " + pb2, pa + " OR " + pb2,
                "(" + pa + " OR " + pb2 + ") AND " + pc, pa + " AND (" + pb2 + " OR NOT (" + pc + "))",
                pa + " OR " + pb2 + " OR " + pc)) {
            out.add(s);
            out.add("NOT (" + s + ")");
        }
        return out;
    }
}
