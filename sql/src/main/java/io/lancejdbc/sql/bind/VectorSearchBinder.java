package io.lancejdbc.sql.bind;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.catalog.BoundTable;
import io.lancejdbc.sql.catalog.CatalogView;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.expr.Literal;
import io.lancejdbc.sql.parse.QualifiedNames;
import io.lancejdbc.sql.parse.SqlParser;
import io.lancejdbc.sql.plan.VectorSearch;
import io.lancejdbc.sql.plan.VectorSearchSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Validates the arguments of {@code vector_search(...)} and resolves its table (Doris Lance Catalog manual, Vector
 * Search "Parameters"; doris-semantics §3.3 for the rules and error wording). The table may be named as
 * {@code table}, {@code schema.table} or {@code catalog.schema.table}.
 */
final class VectorSearchBinder {
    /** Upper bound of top_k + offset (the manual: the maximum unsigned 32-bit integer). */
    static final long MAX_CANDIDATES = 4294967295L;
    private static final Set<String> KEYS = Set.of("table", "column", "query_vector", "top_k", "offset", "metric",
            "filter", "nprobes", "refine_factor", "ef", "use_index", TimeTravelBinder.VERSION, TimeTravelBinder.TAG,
            TimeTravelBinder.TIMESTAMP, "file_path", "uri");
    /** Strict about the end: readTree stops after the first value, so "[1, 0] x" read as [1, 0]. */
    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private final CatalogView catalog;

    VectorSearchBinder(CatalogView catalog) {
        this.catalog = catalog;
    }

    VectorSearch bind(Map<String, String> args, BindContext ctx) {
        for (String key : args.keySet()) {
            if (!KEYS.contains(key)) {
                throw new SqlError(SqlState.SYNTAX_ERROR, "'" + key + "' is an invalid property for vector_search();"
                        + " valid properties: " + String.join(", ", new java.util.TreeSet<>(KEYS)));
            }
        }
        args = new java.util.LinkedHashMap<>(args);
        io.lancejdbc.sql.catalog.VersionSpec version = TimeTravelBinder.take(args, ctx, "vector_search");
        for (Map.Entry<String, String> e : args.entrySet()) {
            if (!e.getKey().equals("query_vector") && e.getValue().startsWith(SqlParser.PARAMETER_MARKER)) {
                throw new SqlError(SqlState.UNSUPPORTED_SQL, "'" + e.getKey() + "' of vector_search() cannot be"
                        + " a ? parameter; only 'query_vector' and the version ('version', 'tag', 'timestamp') can");
            }
        }
        String fileKey = args.containsKey("file_path") ? "file_path" : args.containsKey("uri") ? "uri" : null;
        if (fileKey != null && args.containsKey("table")) {
            throw new SqlError(SqlState.SYNTAX_ERROR, "vector_search() takes \"table\" (a catalog table) or \""
                    + fileKey + "\" (a dataset read as " + (fileKey.equals("uri") ? "s3()" : "local()")
                    + " reads it), not both");
        }
        String tableName = fileKey != null ? args.get(fileKey) : required(args, "table");
        String columnName = required(args, "column");
        String vectorText = required(args, "query_vector");
        long topK = integer(args, "top_k", 10, 1, MAX_CANDIDATES);
        long offset = integer(args, "offset", 0, 0, MAX_CANDIDATES - 1);
        if (topK > MAX_CANDIDATES - offset) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "'top_k + offset' must not exceed " + MAX_CANDIDATES);
        }
        int nprobes = (int) integer(args, "nprobes", 0, 1, Integer.MAX_VALUE);
        int refine = (int) integer(args, "refine_factor", 0, 1, Integer.MAX_VALUE);
        int ef = (int) integer(args, "ef", 0, 1, Integer.MAX_VALUE);
        boolean useIndex = true;
        if (args.containsKey("use_index")) {
            String v = args.get("use_index").trim().toLowerCase(Locale.ROOT);
            if (!v.equals("true") && !v.equals("false")) {
                throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "'use_index' must be 'true' or 'false'");
            }
            useIndex = v.equals("true");
        }
        String metric = null;
        if (args.containsKey("metric")) {
            String m = args.get("metric").trim().toLowerCase(Locale.ROOT);
            switch (m) {
                case "l2":
                case "cosine":
                case "dot":
                case "hamming":
                    metric = m;
                    break;
                case "dot_product":
                    metric = "dot";
                    break;
                default:
                    throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Unsupported vector metric '"
                            + args.get("metric") + "': expected l2, cosine, dot, or hamming");
            }
        }
        String filter = null;
        if (args.containsKey("filter")) {
            filter = args.get("filter");
            io.lancejdbc.sql.parse.LanceFilterText.check("filter", filter);
        }

        BoundTable table;
        if (fileKey != null) {
            // A dataset outside the catalog, as s3() / local() read it (also on a connection without a catalog).
            table = catalog.resolveFileTvf(fileKey.equals("uri") ? "s3" : "local",
                    Map.of(fileKey, tableName, "format", "lance"), version);
        } else {
            table = catalogTable(tableName, version);
        }
        return bindOn(table, columnName, vectorText, topK, offset, nprobes, refine, ef, useIndex, metric, filter, ctx);
    }

    private BoundTable catalogTable(String tableName, io.lancejdbc.sql.catalog.VersionSpec version) {
        List<String> parts = QualifiedNames.split(tableName);
        if (parts.size() > 3) {
            throw new SqlError(SqlState.SYNTAX_ERROR, "'table' must be table, schema.table or catalog.schema.table,"
                    + " got " + parts.size() + " name parts in '" + tableName + "'; quote a multi-level schema with"
                    + " backticks, e.g. lance.`doris.analytics`.items");
        }
        return catalog.resolveTable(parts, version);
    }

    private VectorSearch bindOn(BoundTable table, String columnName, String vectorText, long topK, long offset,
            int nprobes, int refine, int ef, boolean useIndex, String metric, String filter, BindContext ctx) {
        List<Field> fields = table.schema().getFields();
        int columnIndex = -1;
        for (int i = 0; i < fields.size(); i++) {
            String n = fields.get(i).getName();
            if (n.equalsIgnoreCase(VectorSearch.DISTANCE)) {
                throw new SqlError(SqlState.SYNTAX_ERROR, "Lance table already contains reserved vector search column '"
                        + n + "'");
            }
            if (n.equalsIgnoreCase(columnName)) {
                if (columnIndex >= 0) {
                    throw new SqlError(SqlState.AMBIGUOUS_COLUMN, "Lance vector search column '" + columnName
                            + "' is ambiguous under case-insensitive matching");
                }
                columnIndex = i;
            }
        }
        if (columnIndex < 0) {
            throw new SqlError(SqlState.COLUMN_NOT_FOUND, "Lance vector search column '" + columnName
                    + "' does not exist in " + table.qualifiedName() + "; its columns are " + fields.stream()
                            .map(Field::getName).collect(java.util.stream.Collectors.joining(", ")));
        }
        Field column = fields.get(columnIndex);
        String elementType = elementType(column);
        double[] vector = queryVector(vectorText, ctx);
        int dimension = ((ArrowType.FixedSizeList) column.getType()).getListSize();
        if (vector == null) {
            vector = new double[dimension];
        }
        if (vector.length != dimension) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Query vector dimension " + vector.length
                    + " does not match Lance column '" + column.getName() + "' dimension " + dimension);
        }
        for (int i = 0; i < vector.length; i++) {
            if (!representable(vector[i], elementType)) {
                throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Query vector element " + i
                        + " is not representable as " + elementType);
            }
        }
        if ("hamming".equals(metric) && !elementType.equals("uint8")) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Metric hamming needs a uint8 vector column; '"
                    + column.getName() + "' holds " + elementType);
        }
        if (elementType.equals("uint8") && metric != null && !metric.equals("hamming")) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "uint8 vector column '" + column.getName()
                    + "' supports only the hamming metric");
        }
        List<Integer> cols = new ArrayList<>();
        for (int i = 0; i < fields.size(); i++) {
            cols.add(i);
        }
        VectorSearchSpec spec = new VectorSearchSpec(column.getName(), vector, topK, offset, metric, filter, nprobes,
                refine, ef, useIndex);
        return new VectorSearch(table, spec, cols);
    }

    private static String required(Map<String, String> args, String key) {
        String v = args.get(key);
        if (v == null || v.isBlank()) {
            throw new SqlError(SqlState.SYNTAX_ERROR, "Missing required vector_search() property '" + key + "'");
        }
        return v;
    }

    private static long integer(Map<String, String> args, String key, long dflt, long min, long max) {
        String v = args.get(key);
        if (v == null) {
            return dflt;
        }
        long n;
        try {
            n = Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "'" + key + "' must be an integer");
        }
        if (n < min || n > max) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE,
                    "'" + key + "' must be between " + min + " and " + max);
        }
        return n;
    }

    /**
     * The element type name of a supported vector column.
     *
     * @throws SqlError 42804 for any other type
     */
    static String elementType(Field column) {
        String name = null;
        if (column.getType() instanceof ArrowType.FixedSizeList && column.getChildren().size() == 1
                && column.getDictionary() == null) {
            Field child = column.getChildren().get(0);
            ArrowType t = child.getType();
            if (t instanceof ArrowType.FloatingPoint) {
                FloatingPointPrecision p = ((ArrowType.FloatingPoint) t).getPrecision();
                name = p == FloatingPointPrecision.HALF ? "float16" : p == FloatingPointPrecision.SINGLE ? "float32"
                        : "float64";
            } else if (t instanceof ArrowType.Int && ((ArrowType.Int) t).getBitWidth() == 8) {
                name = ((ArrowType.Int) t).getIsSigned() ? "int8" : "uint8";
            }
        }
        if (name == null) {
            throw new SqlError(SqlState.DATATYPE_MISMATCH, "Lance vector column '" + column.getName()
                    + "' must be fixed_size_list<float16|float32|float64|uint8|int8>, but was "
                    + io.lancejdbc.sql.types.TypeNames.sqlName(column));
        }
        return name;
    }

    private static double[] queryVector(String text, BindContext ctx) {
        if (text.startsWith(SqlParser.PARAMETER_MARKER)) {
            int index = Integer.parseInt(text.substring(SqlParser.PARAMETER_MARKER.length())) - 1;
            Expr p = ctx.parameter(index);
            if (!(p instanceof Literal)) {
                // Prepare mode: the vector and its dimension are checked when the statement runs.
                return null;
            }
            Object v = ((Literal) p).value();
            if (v instanceof double[]) {
                return ((double[]) v).clone();
            }
            if (v instanceof float[]) {
                float[] f = (float[]) v;
                double[] d = new double[f.length];
                for (int i = 0; i < f.length; i++) {
                    d[i] = f[i];
                }
                return d;
            }
            if (v instanceof Object[]) {
                v = java.util.Arrays.asList((Object[]) v);
            }
            if (v instanceof List) {
                List<?> l = (List<?>) v;
                double[] d = new double[l.size()];
                for (int i = 0; i < d.length; i++) {
                    if (!(l.get(i) instanceof Number)) {
                        throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Query vector element " + i
                                + " must be a number");
                    }
                    d[i] = ((Number) l.get(i)).doubleValue();
                }
                return d;
            }
            if (v instanceof String) {
                return parseJson((String) v);
            }
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "'query_vector' parameter must be bound to float[],"
                    + " double[], a java.sql.Array or a JSON array string");
        }
        return parseJson(text);
    }

    private static double[] parseJson(String text) {
        JsonNode node;
        try {
            node = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "'query_vector' must be a JSON array of numbers such"
                    + " as \"[0.1, 0.2, 0.3]\" (" + e.getOriginalMessage().lines().findFirst().orElse("") + ")");
        }
        if (node == null || !node.isArray()) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "'query_vector' must be a JSON array");
        }
        double[] out = new double[node.size()];
        for (int i = 0; i < out.length; i++) {
            JsonNode n = node.get(i);
            if (!n.isNumber()) {
                throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Query vector element " + i + " must be a number");
            }
            out[i] = n.doubleValue();
        }
        return out;
    }

    private static boolean representable(double v, String elementType) {
        switch (elementType) {
            case "int8":
                return v == Math.rint(v) && v >= -128 && v <= 127;
            case "uint8":
                return v == Math.rint(v) && v >= 0 && v <= 255;
            case "float16":
                return Double.isFinite(v) && Math.abs(v) <= 65504;
            case "float32":
                return Double.isFinite(v) && Math.abs(v) <= Float.MAX_VALUE;
            default:
                return Double.isFinite(v);
        }
    }
}
