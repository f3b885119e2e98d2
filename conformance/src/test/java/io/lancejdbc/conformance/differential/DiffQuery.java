package io.lancejdbc.conformance.differential;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
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
 * @param intendedEmpty whether the answer has no rows on purpose (an empty table, {@code LIMIT 0}, {@code NOT IN}
 *     over a NULL): every other query must return at least one row, since a query whose right answer is empty cannot
 *     tell a broken operator from a working one
 * @param rules per result column, the rule of the documented difference that turns DuckDB's value into lance-jdbc's
 *     answer ({@link DocumentedRules}; a null element keeps DuckDB's value), or an empty list
 */
record DiffQuery(String name, String sql, String duckSql, boolean ordered, String difference, String oursFailsWith,
        Expect expect, boolean intendedEmpty, List<ColumnRule> rules) {

    /** How the outcomes of the two engines must relate. */
    enum Expect {
        /** Both answer, with equal results. */
        SAME_ROWS,
        /** Both fail (lance-jdbc with {@link #oursFailsWith()}, DuckDB with an error of the same SQLSTATE class). */
        BOTH_FAIL,
        /** lance-jdbc refuses by design (a documented difference), DuckDB answers. */
        OURS_FAILS,
        /** Generated queries: equal results, or both fail with errors of the same SQLSTATE class. */
        SAME_ROWS_OR_BOTH_FAIL
    }

    DiffQuery {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(sql, "sql");
        Objects.requireNonNull(duckSql, "duckSql");
        Objects.requireNonNull(expect, "expect");
        rules = Collections.unmodifiableList(Arrays.asList(rules.toArray(new ColumnRule[0])));
        if (expect == Expect.OURS_FAILS && (difference == null || oursFailsWith == null)) {
            throw new IllegalArgumentException(name + ": an intended refusal names its SQLState and documented entry");
        }
        if (!rules.isEmpty() && difference == null) {
            throw new IllegalArgumentException(name + ": a rule applied to DuckDB's answer names its documented entry");
        }
    }

    /** A query both engines answer alike, rows compared as a multiset. */
    static DiffQuery q(String name, String sql) {
        return new DiffQuery(name, sql, sql, false, null, null, Expect.SAME_ROWS, false, List.of());
    }

    /** A query whose ORDER BY decides the order of every row. */
    static DiffQuery ordered(String name, String sql) {
        return new DiffQuery(name, sql, sql, true, null, null, Expect.SAME_ROWS, false, List.of());
    }

    /** The same query with DuckDB's spelling (a function name, a cast): no semantic difference. */
    DiffQuery duck(String duckDbSql) {
        return new DiffQuery(name, sql, duckDbSql, ordered, difference, oursFailsWith, expect, intendedEmpty, rules);
    }

    /**
     * The DuckDB query that expresses lance-jdbc's documented semantics ({@code differenceId}); the results must
     * be equal.
     */
    DiffQuery documented(String differenceId, String duckDbSql) {
        return new DiffQuery(name, sql, duckDbSql, ordered, differenceId, oursFailsWith, expect, intendedEmpty, rules);
    }

    /**
     * lance-jdbc's answer is DuckDB's answer to {@code duckDbSql} with the documented rule {@code differenceId}
     * applied to the columns: {@code columnRules[i]} turns DuckDB's value of column {@code i + 1} into lance-jdbc's
     * (null keeps the value). The rule is an independent definition (the JDK's, or a decimal computation), so the
     * query checks the rule on every value the data holds, not a pasted answer.
     */
    DiffQuery documented(String differenceId, String duckDbSql, ColumnRule... columnRules) {
        return new DiffQuery(name, sql, duckDbSql, ordered, differenceId, oursFailsWith, expect, intendedEmpty,
                Arrays.asList(columnRules));
    }

    /** lance-jdbc refuses this query with {@code sqlState} by design (documented as {@code differenceId}). */
    DiffQuery oursFails(String differenceId, String sqlState) {
        return new DiffQuery(name, sql, duckSql, ordered, differenceId, sqlState, Expect.OURS_FAILS, intendedEmpty,
                rules);
    }

    /** This query's right answer has no rows, on purpose (see {@link #intendedEmpty()}). */
    DiffQuery emptyByDesign() {
        return new DiffQuery(name, sql, duckSql, ordered, difference, oursFailsWith, expect, true, rules);
    }

    /** Both engines reject the query; lance-jdbc with {@code sqlState}, DuckDB with an error of the same class. */
    static DiffQuery failing(String name, String sql, String sqlState) {
        return new DiffQuery(name, sql, sql, false, null, sqlState, Expect.BOTH_FAIL, false, List.of());
    }

    /** A generated query: equal results, or both engines reject it for the same class of reason. */
    static DiffQuery generated(String name, String sql, String duckDbSql, boolean ordered) {
        return new DiffQuery(name, sql, duckDbSql, ordered, null, null, Expect.SAME_ROWS_OR_BOTH_FAIL, false,
                List.of());
    }
}
