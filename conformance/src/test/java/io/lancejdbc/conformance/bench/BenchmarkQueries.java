package io.lancejdbc.conformance.bench;

/**
 * The statements both sides run. The filter keeps ids 2,000,000..2,003,999: 4,000 rows, 0.1% of the table;
 * lance-core gets the filter string our driver pushes for it (read from EXPLAIN).
 */
final class BenchmarkQueries {
    /** The measured columns, in the order the getters read them. */
    static final String COLUMNS = "id, f64, category, i32";
    static final String FILTER = "id BETWEEN 2000000 AND 2003999";
    static final long FILTER_ROWS = 4_000;

    static final String SCAN_SQL = "SELECT " + COLUMNS + " FROM " + BenchmarkTable.NAME;
    static final String FILTER_SQL = SCAN_SQL + " WHERE " + FILTER;

    /** GROUP BY over {@code table}: our driver names the table, {@code Dataset.sql} calls it {@code dataset}. */
    static String groupBy(String table) {
        return "SELECT category, count(*) AS n, sum(f64) AS s, avg(i32) AS a, min(id) AS lo, max(id) AS hi FROM "
                + table + " GROUP BY category";
    }

    /** Top-K over {@code table} on the unsorted DOUBLE column, NULLs placed explicitly so both engines agree. */
    static String topK(String table) {
        return "SELECT " + COLUMNS + " FROM " + table + " ORDER BY f64 DESC NULLS LAST, id LIMIT 100";
    }

    private BenchmarkQueries() {
    }
}
