package io.lancejdbc.sql.bind;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.catalog.BoundTable;
import io.lancejdbc.sql.catalog.CatalogView;
import io.lancejdbc.sql.parse.QualifiedNames;
import io.lancejdbc.sql.parse.SqlParser;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * {@code hybrid_search(...)}: a {@code vector_search} and a {@code full_text_search} over the same table (and the
 * same pinned version), fused into one ranking (docs/full-text-search.md, "Hybrid search"). The call is written
 * out as the SQL it means and bound as a derived table, so what runs is what EXPLAIN shows:
 * <pre>
 *   SELECT coalesce(v.c, t.c) AS c, ..., v._distance, t._score, &lt;fusion&gt; AS _relevance
 *   FROM (SELECT *, row_number() OVER (ORDER BY _distance, key) AS r FROM vector_search(...)) v
 *   FULL JOIN (SELECT *, row_number() OVER (ORDER BY _score DESC, key) AS r FROM full_text_search(...)) t
 *     ON v.key = t.key
 *   ORDER BY _relevance DESC, key LIMIT top_k
 * </pre>
 * Fusion {@code rrf} (the default): {@code _relevance = 1/(k + rank_vector) + 1/(k + rank_text)}, a term being 0
 * for a row the search did not return, {@code k} default 60 (Cormack, Clarke and Büttcher 2009). Fusion
 * {@code weighted}: {@code _relevance = w * (1 - (d - dmin)/(dmax - dmin)) + (1 - w) * (s - smin)/(smax - smin)},
 * each normalized term 1 when all candidates tie and 0 for a row the search did not return, {@code w} =
 * {@code "weight"} (default 0.5). Each search returns {@code "candidates"} rows (default {@code top_k}).
 *
 * <p>Rows are matched by {@code "key"}, else by the table's unenforced primary key (one column).
 */
final class HybridSearchRewriter {
    private static final Set<String> KEYS = Set.of("table", "column", "query_vector", "text_column", "query",
            "top_k", "candidates", "fusion", "k", "weight", "key", "filter", "metric", "nprobes", "refine_factor",
            "ef", "version", "tag", "timestamp");
    private static final String PRIMARY_KEY = "lance-schema:unenforced-primary-key";

    private HybridSearchRewriter() {
    }

    /** The SQL text of the derived table a hybrid_search call stands for. */
    static String rewrite(Map<String, String> given, CatalogView catalog) {
        Map<String, String> args = new LinkedHashMap<>(given);
        for (Map.Entry<String, String> e : args.entrySet()) {
            if (!KEYS.contains(e.getKey())) {
                throw new SqlError(SqlState.SYNTAX_ERROR, "'" + e.getKey() + "' is an invalid property for"
                        + " hybrid_search(); valid properties: " + String.join(", ", new TreeSet<>(KEYS)));
            }
            if (e.getValue().startsWith(SqlParser.PARAMETER_MARKER)) {
                throw new SqlError(SqlState.UNSUPPORTED_SQL, "'" + e.getKey() + "' of hybrid_search() cannot"
                        + " be a ? parameter; run vector_search() and full_text_search() with parameters instead");
            }
        }
        for (String required : List.of("table", "column", "query_vector", "text_column", "query")) {
            if (!args.containsKey(required)) {
                throw new SqlError(SqlState.SYNTAX_ERROR, "hybrid_search() needs \"" + required + "\"");
            }
        }
        long topK = number(args, "top_k", 10);
        long candidates = number(args, "candidates", topK);
        String fusion = args.getOrDefault("fusion", "rrf").strip().toLowerCase(Locale.ROOT);
        if (!fusion.equals("rrf") && !fusion.equals("weighted")) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "'fusion' of hybrid_search() must be 'rrf' or"
                    + " 'weighted', got '" + args.get("fusion") + "'");
        }
        double k = decimal(args, "k", 60, 0, 1e9);
        double weight = decimal(args, "weight", 0.5, 0, 1);
        if (fusion.equals("rrf") && args.containsKey("weight") || fusion.equals("weighted") && args.containsKey("k")) {
            throw new SqlError(SqlState.SYNTAX_ERROR, "hybrid_search() takes \"k\" with \"fusion\" = \"rrf\" and"
                    + " \"weight\" with \"fusion\" = \"weighted\"");
        }
        List<String> parts = QualifiedNames.split(args.get("table"));
        BoundTable table = catalog.resolveTable(parts);
        List<Field> fields = table.schema().getFields();
        String key = args.containsKey("key") ? column(fields, args.get("key")) : primaryKey(fields, table);

        StringBuilder common = new StringBuilder();
        common.append(arg("table", args.get("table")));
        for (String passed : List.of("filter", "version", "tag", "timestamp")) {
            if (args.containsKey(passed)) {
                common.append(", ").append(arg(passed, args.get(passed)));
            }
        }
        StringBuilder vector = new StringBuilder("vector_search(").append(common).append(", ")
                .append(arg("column", args.get("column"))).append(", ").append(arg("query_vector",
                        args.get("query_vector"))).append(", ").append(arg("top_k", Long.toString(candidates)));
        for (String passed : List.of("metric", "nprobes", "refine_factor", "ef")) {
            if (args.containsKey(passed)) {
                vector.append(", ").append(arg(passed, args.get(passed)));
            }
        }
        vector.append(')');
        String text = "full_text_search(" + common + ", " + arg("column", args.get("text_column")) + ", "
                + arg("query", args.get("query")) + ", " + arg("top_k", Long.toString(candidates)) + ")";
        String q = ident(key);
        StringBuilder sql = new StringBuilder("SELECT ");
        for (Field f : fields) {
            String c = ident(f.getName());
            sql.append("coalesce(v.").append(c).append(", t.").append(c).append(") AS ").append(c).append(", ");
        }
        sql.append("v._distance AS _distance, t._score AS _score, ");
        if (fusion.equals("rrf")) {
            sql.append("coalesce(1.0 / (").append(k).append(" + v._rank), 0.0) + coalesce(1.0 / (").append(k)
                    .append(" + t._rank), 0.0)");
        } else {
            sql.append(weight).append(" * coalesce(CASE WHEN v._dmax = v._dmin THEN 1.0 ELSE 1.0 - (v._distance -"
                    + " v._dmin) / (v._dmax - v._dmin) END, 0.0) + ").append(1 - weight)
                    .append(" * coalesce(CASE WHEN t._smax = t._smin THEN 1.0 ELSE (t._score - t._smin) / (t._smax -"
                            + " t._smin) END, 0.0)");
        }
        sql.append(" AS _relevance FROM (SELECT *, row_number() OVER (ORDER BY _distance, ").append(q)
                .append(") AS _rank, CAST(min(_distance) OVER () AS DOUBLE) AS _dmin, CAST(max(_distance) OVER () AS"
                        + " DOUBLE) AS _dmax FROM ").append(vector).append(") v FULL JOIN (SELECT *, row_number() OVER"
                        + " (ORDER BY _score DESC, ").append(q).append(") AS _rank, CAST(min(_score) OVER () AS"
                        + " DOUBLE) AS _smin, CAST(max(_score) OVER () AS DOUBLE) AS _smax FROM ").append(text)
                .append(") t ON v.").append(q).append(" = t.").append(q).append(" ORDER BY _relevance DESC, ")
                .append("coalesce(v.").append(q).append(", t.").append(q).append(") LIMIT ").append(topK);
        return sql.toString();
    }

    private static String arg(String key, String value) {
        return "\"" + key + "\" = '" + value.replace("'", "''") + "'";
    }

    private static String ident(String name) {
        return "`" + name.replace("`", "``") + "`";
    }

    private static String column(List<Field> fields, String name) {
        for (Field f : fields) {
            if (f.getName().equalsIgnoreCase(name.strip())) {
                return f.getName();
            }
        }
        throw new SqlError(SqlState.COLUMN_NOT_FOUND, "hybrid_search() \"key\" column '" + name + "' does not exist");
    }

    private static String primaryKey(List<Field> fields, BoundTable table) {
        List<String> pk = new ArrayList<>();
        for (Field f : fields) {
            if (f.getMetadata() != null && "true".equalsIgnoreCase(f.getMetadata().get(PRIMARY_KEY))) {
                pk.add(f.getName());
            }
        }
        if (pk.size() != 1) {
            throw new SqlError(SqlState.SYNTAX_ERROR, "hybrid_search() matches the rows of the two searches by a"
                    + " unique column: give \"key\" = \"id_column\" (" + table.qualifiedName() + " declares "
                    + (pk.isEmpty() ? "no primary key" : "a primary key of " + pk.size() + " columns") + ")");
        }
        return pk.get(0);
    }

    private static long number(Map<String, String> args, String key, long dflt) {
        if (!args.containsKey(key)) {
            return dflt;
        }
        try {
            long v = Long.parseLong(args.get(key).strip());
            if (v >= 1 && v <= Integer.MAX_VALUE) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "'" + key + "' of hybrid_search() must be a whole"
                + " number from 1 to " + Integer.MAX_VALUE + ", got '" + args.get(key) + "'");
    }

    private static double decimal(Map<String, String> args, String key, double dflt, double min, double max) {
        if (!args.containsKey(key)) {
            return dflt;
        }
        try {
            double v = Double.parseDouble(args.get(key).strip());
            if (v >= min && v <= max) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "'" + key + "' of hybrid_search() must be a number from "
                + min + " to " + max + ", got '" + args.get(key) + "'");
    }
}
