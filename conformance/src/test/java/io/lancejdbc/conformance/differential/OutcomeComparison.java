package io.lancejdbc.conformance.differential;

import io.lancejdbc.conformance.differential.QueryOutcome.Kind;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Compares the outcomes of one query on two engines. Rows compare in order when the query's ORDER BY decides the
 * order, otherwise as multisets (both sides sorted by a total order over normalized values first). Numbers compare by
 * value: two exact numbers exactly, anything involving a float with a relative tolerance ({@value #RELATIVE} for
 * DOUBLE, {@value #RELATIVE_REAL} when a side is REAL), NaN equal to NaN, infinities equal to themselves, -0.0 equal
 * to 0.0. Column kinds must be compatible ({@link Kind#compatibleWith}); labels are not compared (engines name
 * unaliased expressions differently).
 */
final class OutcomeComparison {
    static final double RELATIVE = 1e-9;
    static final double RELATIVE_REAL = 1e-6;

    private OutcomeComparison() {
    }

    /**
     * @param ordered whether the row order is part of the answer
     * @return a description of the first difference, or empty when the outcomes agree (both failing agrees)
     */
    static Optional<String> compare(QueryOutcome ours, QueryOutcome theirs, boolean ordered) {
        if (ours.failed() || theirs.failed()) {
            if (ours.failed() && theirs.failed()) {
                return Optional.empty();
            }
            return Optional.of(ours.failed() ? "only lance-jdbc failed: " + ours.error()
                    : "only DuckDB failed: " + theirs.error());
        }
        int n = ours.kinds().size();
        if (n != theirs.kinds().size()) {
            return Optional.of("column count " + n + " vs " + theirs.kinds().size());
        }
        for (int c = 0; c < n; c++) {
            if (!ours.kinds().get(c).compatibleWith(theirs.kinds().get(c))) {
                return Optional.of("column " + (c + 1) + " is " + ours.kinds().get(c) + " in lance-jdbc but "
                        + theirs.kinds().get(c) + " in DuckDB");
            }
        }
        if (ours.rows().size() != theirs.rows().size()) {
            return Optional.of("row count " + ours.rows().size() + " vs " + theirs.rows().size());
        }
        List<List<Object>> a = ours.rows();
        List<List<Object>> b = theirs.rows();
        if (!ordered) {
            a = sorted(a);
            b = sorted(b);
        }
        for (int r = 0; r < a.size(); r++) {
            for (int c = 0; c < n; c++) {
                Object x = a.get(r).get(c);
                Object y = b.get(r).get(c);
                boolean real = ours.kinds().get(c) == Kind.REAL || theirs.kinds().get(c) == Kind.REAL;
                if (!valuesEqual(x, y, real ? RELATIVE_REAL : RELATIVE)) {
                    return Optional.of("row " + (r + 1) + (ordered ? "" : " (sorted)") + " column " + (c + 1) + ": "
                            + show(x) + " vs " + show(y) + "\n  lance-jdbc row: " + a.get(r) + "\n  DuckDB row:     "
                            + b.get(r));
                }
            }
        }
        return Optional.empty();
    }

    private static String show(Object v) {
        return v == null ? "NULL" : v + " (" + v.getClass().getSimpleName() + ")";
    }

    static boolean valuesEqual(Object x, Object y, double tolerance) {
        if (x == null || y == null) {
            return x == y;
        }
        if (x instanceof Number nx && y instanceof Number ny) {
            if (x instanceof BigDecimal bx && y instanceof BigDecimal by) {
                return bx.compareTo(by) == 0;
            }
            return doublesEqual(nx.doubleValue(), ny.doubleValue(), tolerance);
        }
        if (x instanceof List<?> lx && y instanceof List<?> ly) {
            if (lx.size() != ly.size()) {
                return false;
            }
            for (int i = 0; i < lx.size(); i++) {
                if (!valuesEqual(lx.get(i), ly.get(i), tolerance)) {
                    return false;
                }
            }
            return true;
        }
        if (x instanceof Map<?, ?> mx && y instanceof Map<?, ?> my) {
            if (mx.size() != my.size()) {
                return false;
            }
            for (Map.Entry<?, ?> e : mx.entrySet()) {
                if (!my.containsKey(e.getKey()) || !valuesEqual(e.getValue(), my.get(e.getKey()), tolerance)) {
                    return false;
                }
            }
            return true;
        }
        return x.equals(y);
    }

    static boolean doublesEqual(double x, double y, double tolerance) {
        if (Double.isNaN(x) || Double.isNaN(y)) {
            return Double.isNaN(x) && Double.isNaN(y);
        }
        if (Double.isInfinite(x) || Double.isInfinite(y)) {
            return x == y;
        }
        if (x == y) {
            return true;
        }
        double scale = Math.max(Math.abs(x), Math.abs(y));
        return Math.abs(x - y) <= tolerance * Math.max(scale, 1e-300) || Math.abs(x - y) < 1e-12;
    }

    private static List<List<Object>> sorted(List<List<Object>> rows) {
        List<List<Object>> out = new ArrayList<>(rows);
        out.sort(ROWS);
        return out;
    }

    private static final Comparator<List<Object>> ROWS = (a, b) -> {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            int c = compareValues(a.get(i), b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    };

    /** A total order over normalized values: NULL first, then by kind, then by value (NaN last among numbers). */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static int compareValues(Object x, Object y) {
        if (x == null || y == null) {
            return x == null ? (y == null ? 0 : -1) : 1;
        }
        if (x instanceof Number nx && y instanceof Number ny) {
            if (x instanceof BigDecimal bx && y instanceof BigDecimal by) {
                return bx.compareTo(by);
            }
            double dx = nx.doubleValue();
            double dy = ny.doubleValue();
            // -0.0 and 0.0 sort together (they are equal values).
            return dx == dy ? 0 : Double.compare(dx, dy);
        }
        if (x.getClass() != y.getClass()) {
            return x.getClass().getName().compareTo(y.getClass().getName());
        }
        if (x instanceof List<?> lx) {
            List<?> ly = (List<?>) y;
            for (int i = 0; i < Math.min(lx.size(), ly.size()); i++) {
                int c = compareValues(lx.get(i), ly.get(i));
                if (c != 0) {
                    return c;
                }
            }
            return Integer.compare(lx.size(), ly.size());
        }
        if (x instanceof Comparable cx) {
            return cx.compareTo(y);
        }
        return String.valueOf(x).compareTo(String.valueOf(y));
    }
}
