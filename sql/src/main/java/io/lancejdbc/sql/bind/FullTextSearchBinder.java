package io.lancejdbc.sql.bind;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.catalog.BoundTable;
import io.lancejdbc.sql.catalog.CatalogView;
import io.lancejdbc.sql.catalog.VersionSpec;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.expr.Literal;
import io.lancejdbc.sql.parse.QualifiedNames;
import io.lancejdbc.sql.parse.SqlParser;
import io.lancejdbc.sql.plan.FullTextSearch;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Validates the arguments of {@code full_text_search(...)} and resolves its table (docs/full-text-search.md):
 * {@code "table"} (or {@code "file_path"} / {@code "uri"} for a dataset outside the catalog), {@code "column"} or
 * {@code "columns"} (comma-separated), {@code "query"} (may be {@code ?}), {@code "top_k"} (default 10),
 * {@code "filter"} (a prefilter), {@code "fuzziness"} (0, 1, 2; one column only), {@code "operator"}
 * ({@code or} / {@code and}) and the time-travel keys {@code "version"}, {@code "tag"}, {@code "timestamp"}.
 */
final class FullTextSearchBinder {
    private static final Set<String> KEYS = Set.of("table", "file_path", "uri", "column", "columns", "query",
            "top_k", "filter", "fuzziness", "operator", TimeTravelBinder.VERSION, TimeTravelBinder.TAG,
            TimeTravelBinder.TIMESTAMP);

    private final CatalogView catalog;

    FullTextSearchBinder(CatalogView catalog) {
        this.catalog = catalog;
    }

    FullTextSearch bind(Map<String, String> given, BindContext ctx) {
        Map<String, String> args = new LinkedHashMap<>(given);
        for (String key : args.keySet()) {
            if (!KEYS.contains(key)) {
                throw new SqlError(SqlState.SYNTAX_ERROR, "'" + key + "' is an invalid property for"
                        + " full_text_search(); valid properties: " + String.join(", ", new TreeSet<>(KEYS)));
            }
        }
        VersionSpec version = TimeTravelBinder.take(args, ctx, "full_text_search");
        String query = args.get("query");
        if (query != null && query.startsWith(SqlParser.PARAMETER_MARKER)) {
            int index = Integer.parseInt(query.substring(SqlParser.PARAMETER_MARKER.length())) - 1;
            Expr p = ctx.parameter(index);
            query = p instanceof Literal && ((Literal) p).value() != null ? String.valueOf(((Literal) p).value())
                    : p instanceof Literal ? null : "";
            if (query == null) {
                throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "The 'query' parameter of full_text_search() is"
                        + " NULL");
            }
        }
        for (Map.Entry<String, String> e : args.entrySet()) {
            if (!e.getKey().equals("query") && e.getValue().startsWith(SqlParser.PARAMETER_MARKER)) {
                throw new SqlError(SqlState.UNSUPPORTED_SQL, "'" + e.getKey() + "' of full_text_search() cannot"
                        + " be a ? parameter; 'query' and the version ('version', 'tag', 'timestamp') can");
            }
        }
        if (query == null) {
            throw new SqlError(SqlState.SYNTAX_ERROR, "full_text_search() needs \"query\" = \"words to find\"");
        }
        List<String> searched = new ArrayList<>();
        if (args.containsKey("column") && args.containsKey("columns")) {
            throw new SqlError(SqlState.SYNTAX_ERROR, "full_text_search() takes \"column\" or \"columns\", not both");
        }
        if (args.containsKey("column")) {
            searched.add(args.get("column").strip());
        } else if (args.containsKey("columns")) {
            for (String c : args.get("columns").split(",")) {
                if (!c.isBlank()) {
                    searched.add(c.strip());
                }
            }
        }
        if (searched.isEmpty()) {
            throw new SqlError(SqlState.SYNTAX_ERROR, "full_text_search() needs \"column\" = \"text_column\" (or"
                    + " \"columns\" = \"a, b\")");
        }
        long topK = positive(args, "top_k", 10);
        int fuzziness = -1;
        if (args.containsKey("fuzziness")) {
            fuzziness = (int) integer(args.get("fuzziness"), "fuzziness", 0, 2);
            if (searched.size() > 1) {
                throw new SqlError(SqlState.UNSUPPORTED_SQL, "'fuzziness' of full_text_search() applies to one"
                        + " column; lance-core 7.0.0's multi-column search has no fuzziness");
            }
        }
        String operator = args.getOrDefault("operator", "or").strip().toUpperCase(Locale.ROOT);
        if (!operator.equals("OR") && !operator.equals("AND")) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "'operator' of full_text_search() must be 'or' (any"
                    + " term) or 'and' (every term), got '" + args.get("operator") + "'");
        }
        String filter = args.get("filter");
        if (filter != null) {
            io.lancejdbc.sql.parse.LanceFilterText.check("filter", filter);
        }
        BoundTable table = table(args, version);
        List<Field> fields = table.schema().getFields();
        List<String> resolved = new ArrayList<>();
        for (String name : searched) {
            Field match = null;
            for (Field f : fields) {
                if (f.getName().equalsIgnoreCase(name)) {
                    if (match != null) {
                        throw new SqlError(SqlState.AMBIGUOUS_COLUMN, "Full-text search column '" + name + "' is"
                                + " ambiguous under case-insensitive matching");
                    }
                    match = f;
                }
            }
            if (match == null) {
                throw new SqlError(SqlState.COLUMN_NOT_FOUND, "Full-text search column '" + name + "' does not exist"
                        + " in " + table.qualifiedName() + "; its columns are " + fields.stream().map(Field::getName)
                                .collect(java.util.stream.Collectors.joining(", ")));
            }
            if (!(match.getType() instanceof ArrowType.Utf8) && !(match.getType() instanceof ArrowType.LargeUtf8)) {
                throw new SqlError(SqlState.DATATYPE_MISMATCH, "Full-text search column '" + match.getName()
                        + "' must be VARCHAR, but was " + io.lancejdbc.sql.types.TypeNames.sqlName(match));
            }
            resolved.add(match.getName());
        }
        List<Integer> cols = new ArrayList<>();
        for (int i = 0; i < fields.size(); i++) {
            if (fields.get(i).getName().equalsIgnoreCase(FullTextSearch.SCORE)) {
                throw new SqlError(SqlState.SYNTAX_ERROR, "Lance table already contains the reserved full-text search"
                        + " column '" + fields.get(i).getName() + "'");
            }
            cols.add(i);
        }
        return new FullTextSearch(table, resolved, query, topK, filter, fuzziness, operator, cols);
    }

    private BoundTable table(Map<String, String> args, VersionSpec version) {
        String fileKey = args.containsKey("file_path") ? "file_path" : args.containsKey("uri") ? "uri" : null;
        if (fileKey != null) {
            if (args.containsKey("table")) {
                throw new SqlError(SqlState.SYNTAX_ERROR, "full_text_search() takes \"table\" or \"" + fileKey
                        + "\", not both");
            }
            return catalog.resolveFileTvf(fileKey.equals("uri") ? "s3" : "local",
                    Map.of(fileKey, args.get(fileKey), "format", "lance"), version);
        }
        String name = args.get("table");
        if (name == null) {
            throw new SqlError(SqlState.SYNTAX_ERROR, "full_text_search() needs \"table\" = \"[schema.]table\"");
        }
        List<String> parts = QualifiedNames.split(name);
        if (parts.size() > 3) {
            throw new SqlError(SqlState.SYNTAX_ERROR, "'table' must be table, schema.table or catalog.schema.table,"
                    + " got '" + name + "'");
        }
        return catalog.resolveTable(parts, version);
    }

    private static long positive(Map<String, String> args, String key, long dflt) {
        return args.containsKey(key) ? integer(args.get(key), key, 1, Integer.MAX_VALUE) : dflt;
    }

    private static long integer(String text, String key, long min, long max) {
        try {
            long v = Long.parseLong(text.strip());
            if (v >= min && v <= max) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "'" + key + "' of full_text_search() must be a whole"
                + " number from " + min + " to " + max + ", got '" + text + "'");
    }
}
