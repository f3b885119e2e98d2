package io.lancejdbc.exec.testing;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The oracle answers of one foreign corpus dataset ({@code foreign/<writer>/<dataset>.expected.json}), computed by
 * the LanceDB SDK that wrote it. Value conventions of {@code rows} and {@code result} (from the corpus README): ints
 * beyond 2^53 as strings, binary as hex, decimals as strings with scale, date/time/timestamp as the raw stored
 * integer in the column unit, map as {@code [key, value]} pairs, {@code _distance} with Lance's conventions.
 *
 * @param writer writer directory, e.g. {@code lancedb-0.39.0}
 * @param sdk SDK and version that wrote the dataset
 * @param lanceVersion the Rust Lance version embedded in that SDK
 * @param dataset dataset name, e.g. {@code items}
 * @param kind dataset kind: {@code all_types}, {@code items}, {@code versions}, {@code hnsw} or {@code empty}
 * @param version latest dataset version; {@code null} for the {@code vectordb-*} writers, which do not report it
 * @param description how the data was generated; {@code null} when absent
 * @param vectorColumn the vector column of vector datasets; {@code null} otherwise
 * @param queryVectors named query vectors ({@code q0}, {@code q1}, ...); empty when absent
 * @param steps the write steps of vector datasets; empty when absent
 * @param history the version history of the {@code versions} datasets; empty when absent
 * @param indices the indexes the SDK reported; empty when none
 * @param columnsWritten columns of {@code all_types}-kind datasets; empty when absent
 * @param columnsRejectedByWriter columns the writer could not store; empty when absent
 * @param queries the oracle queries, in file order
 * @param raw the whole parsed file, for fields not modelled here
 */
public record ExpectedAnswers(String writer, String sdk, String lanceVersion, String dataset, String kind,
        Long version, String description, String vectorColumn, Map<String, float[]> queryVectors, List<String> steps,
        List<VersionStep> history, List<ExpectedIndex> indices, List<String> columnsWritten,
        List<String> columnsRejectedByWriter, List<Query> queries, JsonNode raw) {

    /**
     * One oracle query.
     *
     * @param id query id, e.g. {@code count}, {@code filter_select}, {@code knn_q0_l2_flat}
     * @param sql SQL-ish description of the query
     * @param note how the answer was computed; {@code null} when absent
     * @param result scalar or object answer ({@code count}, {@code id_stats}, {@code null_counts}); {@code null} when
     *     the answer is {@code rows}
     * @param rows row answers, each a column-name-to-JSON-value map in column order; {@code null} when the answer is
     *     {@code result}
     * @param knn vector search parameters; {@code null} for other queries
     * @param bruteforce exact top-10 computed by the generator for knn queries ({@code id}, {@code _distance} rows);
     *     {@code null} otherwise
     * @param sdkMatchesBruteforce whether the SDK's answer equals {@code bruteforce}; {@code null} when absent
     * @param rawIpc file names (next to the dataset) of the Arrow IPC full scan; empty when absent
     * @param columns columns listed in {@code rows} of a full scan; empty when absent
     * @param resultSchema result columns of a full scan; empty when absent
     */
    public record Query(String id, String sql, String note, JsonNode result, List<Map<String, JsonNode>> rows,
            KnnParams knn, List<Map<String, JsonNode>> bruteforce, Boolean sdkMatchesBruteforce, List<String> rawIpc,
            List<String> columns, List<ResultColumn> resultSchema) {
    }

    /**
     * Parameters of a vector search query.
     *
     * @param column vector column
     * @param metric {@code l2} or {@code cosine}
     * @param k neighbours
     * @param useIndex {@code false} = exact flat search
     * @param nprobes IVF partitions probed; {@code null} when not set
     * @param refineFactor refine factor; {@code null} when not set
     * @param ef HNSW search breadth; {@code null} when not set
     * @param filter prefilter expression; {@code null} when none
     * @param prefilter whether the filter was applied before the search
     * @param queryVector the query vector
     */
    public record KnnParams(String column, String metric, int k, boolean useIndex, Integer nprobes,
            Integer refineFactor, Integer ef, String filter, boolean prefilter, float[] queryVector) {
    }

    /** A result column of a full scan: name, SDK type name, nullability. */
    public record ResultColumn(String name, String type, boolean nullable) {
    }

    /** One step of a version history: what it did and the state after it. */
    public record VersionStep(int step, String op, long version, long count, List<String> columns) {
    }

    /**
     * An index as the SDK reported it.
     *
     * @param name index name
     * @param indexType SDK index type name (e.g. {@code IvfPq})
     * @param columns indexed columns
     * @param stats SDK statistics ({@code numIndexedRows}, {@code numUnindexedRows}, {@code indexType},
     *     {@code distanceType}, {@code numIndices})
     */
    public record ExpectedIndex(String name, String indexType, List<String> columns, JsonNode stats) {
    }

    /** The query with id {@code id}. @throws IllegalArgumentException when there is none */
    public Query query(String id) {
        return queries.stream().filter(q -> q.id().equals(id)).findFirst().orElseThrow(
                () -> new IllegalArgumentException("no query " + id + " for " + writer + "/" + dataset));
    }

    /** Parses one expected-answers document. */
    static ExpectedAnswers parse(JsonNode root) {
        Map<String, float[]> queryVectors = new LinkedHashMap<>();
        root.path("query_vectors").properties().forEach(e -> queryVectors.put(e.getKey(), floats(e.getValue())));
        List<VersionStep> history = new ArrayList<>();
        for (JsonNode h : root.path("history")) {
            history.add(new VersionStep(h.path("step").asInt(), text(h, "op"), h.path("version").asLong(),
                    h.path("count").asLong(), strings(h.path("columns"))));
        }
        List<ExpectedIndex> indices = new ArrayList<>();
        for (JsonNode i : root.path("indices")) {
            indices.add(new ExpectedIndex(text(i, "name"), text(i, "indexType"), strings(i.path("columns")),
                    i.path("stats")));
        }
        List<Query> queries = new ArrayList<>();
        for (JsonNode q : root.path("queries")) {
            queries.add(parseQuery(q));
        }
        return new ExpectedAnswers(text(root, "writer"), text(root, "sdk"), text(root, "embedded_lance_rust_version"),
                text(root, "dataset"), text(root, "kind"), longOrNull(root, "version"), text(root, "description"),
                text(root, "vector_column"), Collections.unmodifiableMap(queryVectors), strings(root.path("steps")),
                List.copyOf(history), List.copyOf(indices), strings(root.path("columns_written")),
                strings(root.path("columns_rejected_by_writer")), List.copyOf(queries), root);
    }

    private static Query parseQuery(JsonNode q) {
        KnnParams knn = null;
        JsonNode p = q.get("params");
        if (p != null) {
            knn = new KnnParams(text(p, "column"), text(p, "metric"), p.path("k").asInt(),
                    p.path("use_index").asBoolean(), intOrNull(p, "nprobes"), intOrNull(p, "refine_factor"),
                    intOrNull(p, "ef"), text(p, "filter"), p.path("prefilter").asBoolean(false),
                    floats(p.path("query_vector")));
        }
        List<ResultColumn> schema = new ArrayList<>();
        for (JsonNode c : q.path("result_schema")) {
            schema.add(new ResultColumn(text(c, "name"), text(c, "type"), c.path("nullable").asBoolean()));
        }
        JsonNode matches = q.get("sdk_matches_bruteforce");
        return new Query(text(q, "id"), text(q, "sql"), text(q, "note"), q.get("result"), rows(q.get("rows")), knn,
                rows(q.get("bruteforce_js")), matches == null ? null : matches.asBoolean(),
                strings(q.path("raw_ipc")), strings(q.path("columns")), List.copyOf(schema));
    }

    private static List<Map<String, JsonNode>> rows(JsonNode rows) {
        if (rows == null || rows.isNull()) {
            return null;
        }
        List<Map<String, JsonNode>> out = new ArrayList<>();
        for (JsonNode r : rows) {
            Map<String, JsonNode> row = new LinkedHashMap<>();
            r.properties().forEach(e -> row.put(e.getKey(), e.getValue()));
            out.add(Collections.unmodifiableMap(row));
        }
        return List.copyOf(out);
    }

    static String text(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }

    static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        for (JsonNode n : array) {
            out.add(n.asText());
        }
        return List.copyOf(out);
    }

    private static Long longOrNull(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v == null || v.isNull() ? null : v.asLong();
    }

    private static Integer intOrNull(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v == null || v.isNull() ? null : v.asInt();
    }

    private static float[] floats(JsonNode array) {
        float[] out = new float[array.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = (float) array.get(i).asDouble();
        }
        return out;
    }
}
