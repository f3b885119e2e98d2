package io.lancejdbc.conformance.differential;

import java.util.Objects;

/**
 * One query of the differential suite and how to judge it.
 *
 * @param name a short stable name (shown in test reports)
 * @param sql the query as lance-jdbc runs it
 * @param duckSql the same question in DuckDB's dialect (equal to {@code sql} unless a spelling differs or a
 *     documented difference needs an explicit translation)
 * @param ordered whether the query's ORDER BY decides the order of every row (then rows compare in order)
 * @param difference the documented dialect difference this query exercises ({@code D<n>} of
 *     {@code docs/dialect-differences.md}), or null
 * @param oursFailsWith the SQLState lance-jdbc must fail with, or null when it must answer: with {@link Expect#OURS_FAILS}
 *     a documented refusal (DuckDB answers), with {@link Expect#BOTH_FAIL} a data or name error both engines raise
 * @param expect how the two outcomes must relate
 */
record DiffQuery(String name, String sql, String duckSql, boolean ordered, String difference, String oursFailsWith,
        Expect expect) {

    /** How the outcomes of the two engines must relate. */
    enum Expect {
        /** Both answer, with equal results. */
        SAME_ROWS,
        /** Both fail (lance-jdbc with {@link #oursFailsWith()}). */
        BOTH_FAIL,
        /** lance-jdbc refuses by design (a documented difference), DuckDB answers. */
        OURS_FAILS,
        /** Generated queries: equal results, or both fail. */
        SAME_ROWS_OR_BOTH_FAIL
    }

    DiffQuery {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(sql, "sql");
        Objects.requireNonNull(duckSql, "duckSql");
        Objects.requireNonNull(expect, "expect");
        if (expect == Expect.OURS_FAILS && (difference == null || oursFailsWith == null)) {
            throw new IllegalArgumentException(name + ": an intended refusal names its SQLState and documented entry");
        }
    }

    /** A query both engines answer alike, rows compared as a multiset. */
    static DiffQuery q(String name, String sql) {
        return new DiffQuery(name, sql, sql, false, null, null, Expect.SAME_ROWS);
    }

    /** A query whose ORDER BY decides the order of every row. */
    static DiffQuery ordered(String name, String sql) {
        return new DiffQuery(name, sql, sql, true, null, null, Expect.SAME_ROWS);
    }

    /** The same query with DuckDB's spelling (a function name, a cast): no semantic difference. */
    DiffQuery duck(String duckDbSql) {
        return new DiffQuery(name, sql, duckDbSql, ordered, difference, oursFailsWith, expect);
    }

    /**
     * The DuckDB query that expresses lance-jdbc's documented semantics ({@code differenceId}); the results must
     * be equal.
     */
    DiffQuery documented(String differenceId, String duckDbSql) {
        return new DiffQuery(name, sql, duckDbSql, ordered, differenceId, oursFailsWith, expect);
    }

    /** lance-jdbc refuses this query with {@code sqlState} by design (documented as {@code differenceId}). */
    DiffQuery oursFails(String differenceId, String sqlState) {
        return new DiffQuery(name, sql, duckSql, ordered, differenceId, sqlState, Expect.OURS_FAILS);
    }

    /** Both engines reject the query; lance-jdbc with {@code sqlState}. */
    static DiffQuery failing(String name, String sql, String sqlState) {
        return new DiffQuery(name, sql, sql, false, null, sqlState, Expect.BOTH_FAIL);
    }

    /** A generated query: equal results, or both engines reject it. */
    static DiffQuery generated(String name, String sql, String duckDbSql, boolean ordered) {
        return new DiffQuery(name, sql, duckDbSql, ordered, null, null, Expect.SAME_ROWS_OR_BOTH_FAIL);
    }
}
