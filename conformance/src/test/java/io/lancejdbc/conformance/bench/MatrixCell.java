package io.lancejdbc.conformance.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * One cell of the benchmark matrix (issue 11 §1): a statement our driver runs and what it is compared with.
 *
 * @param id short stable name ({@code --cells} selects by prefix)
 * @param title what the cell measures
 * @param sql our statement; {@code $t} stands for the table ({@code m<rows>} for us, {@code dataset} for
 *     {@code Dataset.sql})
 * @param reference {@link Reference#SCAN}: a lance-core scan of {@code columns} with the filter our driver pushes
 *     (from EXPLAIN); {@link Reference#DATASET_SQL}: {@code Dataset.sql} on the same statement
 * @param columns the columns the statement reads: a {@link Reference#SCAN} reference reads them in the order of
 *     our SELECT list, and every cell's scan floor (a lance-core scan of them that reads no value) reads them
 * @param ordered whether the row order is part of the answer (ORDER BY)
 * @param target the ratio ours / reference the issue sets (steady state)
 */
record MatrixCell(String id, String title, String sql, Reference reference, List<String> columns, boolean ordered,
        double target) {

    enum Reference { SCAN, DATASET_SQL }

    String sqlFor(String table) {
        return sql.replace("$t", table);
    }

    /** The cells for a table of {@code rows} rows (selectivities are fractions of it). */
    static List<MatrixCell> all(long rows) {
        List<MatrixCell> cells = new ArrayList<>();
        List<String> one = List.of("id");
        cells.add(new MatrixCell("scan.4col", "full scan, no WHERE, 4 columns (int64, int64, utf8, float64)",
                "SELECT id, u, s1k, f64 FROM $t", Reference.SCAN, List.of("id", "u", "s1k", "f64"), false, 1.10));
        List<String> all = MatrixTable.COLUMNS;
        long[] sel = {rows / 1000, rows / 50, rows / 2};
        String[] selName = {"0.1%", "2%", "50%"};
        for (int i = 0; i < 3; i++) {
            long lo = rows / 4;
            cells.add(filter("f.sorted." + selName[i] + ".1col", "range on the sorted id, " + selName[i] + ", 1 column",
                    "id BETWEEN " + lo + " AND " + (lo + sel[i] - 1), one));
            cells.add(filter("f.unsorted." + selName[i] + ".1col", "range on unsorted u, " + selName[i]
                    + ", 1 column", "u < " + sel[i], one));
        }
        cells.add(filter("f.sorted.0.1%.all", "range on the sorted id, 0.1%, all 10 columns",
                "id BETWEEN " + rows / 4 + " AND " + (rows / 4 + sel[0] - 1), all));
        for (int i = 0; i < 3; i++) {
            cells.add(filter("f.unsorted." + selName[i] + ".all", "range on unsorted u, " + selName[i]
                    + ", all 10 columns", "u < " + sel[i], all));
        }
        String two = "g1k < 200 AND x < 10000";
        String four = "g1k < 200 AND x < 20000 AND g5 <> 4 AND f64 >= 0";
        cells.add(filter("f.2conj.1col", "2 conjuncts on unsorted columns (~2%), 1 column", two, one));
        cells.add(filter("f.2conj.all", "2 conjuncts on unsorted columns (~2%), all columns", two, all));
        cells.add(filter("f.4conj.1col", "4 conjuncts on unsorted columns (~3%), 1 column", four, one));
        cells.add(filter("f.4conj.all", "4 conjuncts on unsorted columns (~3%), all columns", four, all));
        cells.add(filter("f.streq.0.1%.1col", "string equality s1k = 'key-0042' (0.1%), 1 column",
                "s1k = 'key-0042'", one));
        cells.add(filter("f.streq.0.1%.all", "string equality s1k = 'key-0042' (0.1%), all columns",
                "s1k = 'key-0042'", all));
        cells.add(filter("f.streq.20%.1col", "string equality s5 = 'cat-3' (20%), 1 column", "s5 = 'cat-3'", one));
        String ints = IntStream.range(0, 20).map(k -> k * 37).mapToObj(Integer::toString)
                .collect(Collectors.joining(", "));
        String strs = IntStream.range(0, 20).map(k -> k * 37).mapToObj(k -> String.format("'key-%04d'", k))
                .collect(Collectors.joining(", "));
        cells.add(filter("f.in.int.2%.1col", "g1k IN (20 ints) (2%), 1 column", "g1k IN (" + ints + ")", one));
        cells.add(filter("f.in.str.2%.1col", "s1k IN (20 strings) (2%), 1 column", "s1k IN (" + strs + ")", one));

        String where = " WHERE x < 50000";
        for (String key : List.of("g5", "g1k", "g1m")) {
            String groups = key.substring(1);
            cells.add(agg("a.int." + groups, "GROUP BY int key, " + groups + " groups, count/sum/avg",
                    "SELECT " + key + ", count(*), sum(f64), avg(x) FROM $t GROUP BY " + key,
                    List.of(key, "f64", "x")));
            cells.add(agg("a.int." + groups + ".where", "GROUP BY int key, " + groups
                    + " groups, after pushed x < 50000 (50%)",
                    "SELECT " + key + ", count(*), sum(f64), avg(x) FROM $t" + where + " GROUP BY " + key,
                    List.of(key, "f64", "x")));
        }
        for (String key : List.of("s5", "s1k", "s1m")) {
            String groups = key.substring(1);
            cells.add(agg("a.str." + groups, "GROUP BY string key, " + groups + " groups, count/sum",
                    "SELECT " + key + ", count(*), sum(f64) FROM $t GROUP BY " + key, List.of(key, "f64")));
            cells.add(agg("a.str." + groups + ".where", "GROUP BY string key, " + groups
                    + " groups, after pushed x < 50000 (50%)",
                    "SELECT " + key + ", count(*), sum(f64) FROM $t" + where + " GROUP BY " + key,
                    List.of(key, "f64", "x")));
        }
        cells.add(agg("a.distinct.1k", "COUNT(DISTINCT x) per g1k (1k groups)",
                "SELECT g1k, count(DISTINCT x) FROM $t GROUP BY g1k", List.of("g1k", "x")));
        cells.add(agg("a.distinct.global", "COUNT(DISTINCT g1m), no GROUP BY",
                "SELECT count(DISTINCT g1m) FROM $t", List.of("g1m")));

        cells.add(sort("s.topk.f64", "ORDER BY unsorted f64 DESC NULLS LAST, id LIMIT 100",
                "SELECT id, u, f64 FROM $t ORDER BY f64 DESC NULLS LAST, id LIMIT 100", List.of("id", "u", "f64")));
        cells.add(sort("s.topk.str", "ORDER BY unsorted s1m, id LIMIT 100",
                "SELECT id, s1m FROM $t ORDER BY s1m, id LIMIT 100", List.of("id", "s1m")));
        cells.add(sort("s.full", "full sort of every row by unsorted u (2 columns returned)",
                "SELECT id, u FROM $t ORDER BY u", List.of("id", "u")));
        return List.copyOf(cells);
    }

    private static MatrixCell filter(String id, String title, String where, List<String> columns) {
        return new MatrixCell(id, title, "SELECT " + String.join(", ", columns) + " FROM $t WHERE " + where,
                Reference.SCAN, columns, false, 1.10);
    }

    private static MatrixCell agg(String id, String title, String sql, List<String> columns) {
        return new MatrixCell(id, title, sql, Reference.DATASET_SQL, columns, false, 0.80);
    }

    private static MatrixCell sort(String id, String title, String sql, List<String> columns) {
        return new MatrixCell(id, title, sql, Reference.DATASET_SQL, columns, true, 0.80);
    }
}
