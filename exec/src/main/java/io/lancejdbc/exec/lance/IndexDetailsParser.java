package io.lancejdbc.exec.lance;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Reads the index details JSON of {@code IndexDescription.getDetailsJson()}, e.g.
 * {@code {"metric_type":"L2","compression":{"type":"pq","num_bits":8,"num_sub_vectors":4},"hnsw":{...}}}.
 *
 * <p>The metric follows Doris' {@code LanceMetadataLoader}: {@code metric_type} upper-cased, absent when missing or
 * unparseable. Properties follow Doris' Gen-2 allow-list (metric_type, target_partition_size, compression_type,
 * num_bits, num_sub_vectors, hnsw_max_connections, hnsw_construction_ef, hnsw_max_level), flattened from the nested
 * {@code compression} and {@code hnsw} objects; runtime hints are left out. An INVERTED index (details with a
 * {@code base_tokenizer}) also shows its tokenizer parameters ({@link #INVERTED_PROPERTIES}).
 */
final class IndexDetailsParser {
    static final List<String> PROPERTY_ALLOW_LIST = List.of("metric_type", "target_partition_size",
            "compression_type", "num_bits", "num_sub_vectors", "hnsw_max_connections", "hnsw_construction_ef",
            "hnsw_max_level");
    /**
     * The tokenizer parameters of an INVERTED (full-text) index, as lance-core 7.0.0's details JSON names them
     * (docs/full-text-search.md); SHOW INDEX lists them so that a query can be tokenized the same way.
     */
    static final List<String> INVERTED_PROPERTIES = List.of("base_tokenizer", "language", "with_position",
            "lower_case", "stem", "remove_stop_words", "ascii_folding", "max_token_length", "min_ngram_length",
            "max_ngram_length", "prefix_only");

    private final ObjectMapper mapper = new ObjectMapper();

    /** Parsed details: upper-case metric (vector indexes) and the allow-listed properties. */
    record IndexDetails(Optional<String> metric, Map<String, String> properties) {
        static final IndexDetails NONE = new IndexDetails(Optional.empty(), Map.of());

        IndexDetails {
            properties = Map.copyOf(properties);
        }
    }

    /** Never throws: malformed or empty JSON gives {@link IndexDetails#NONE}. */
    IndexDetails parse(String detailsJson) {
        if (detailsJson == null || detailsJson.isBlank()) {
            return IndexDetails.NONE;
        }
        JsonNode root;
        try {
            root = mapper.readTree(detailsJson);
        } catch (JsonProcessingException e) {
            return IndexDetails.NONE;
        }
        if (root == null || !root.isObject()) {
            return IndexDetails.NONE;
        }
        Map<String, String> flat = new TreeMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = root.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String key = e.getKey();
            JsonNode value = e.getValue();
            if (value.isValueNode() && !value.isNull()) {
                flat.put(key, value.asText());
            } else if (value.isObject() && key.equals("compression")) {
                value.fields().forEachRemaining(c -> {
                    if (c.getValue().isValueNode() && !c.getValue().isNull()) {
                        flat.put(c.getKey().equals("type") ? "compression_type" : c.getKey(), c.getValue().asText());
                    }
                });
            } else if (value.isObject() && key.equals("hnsw")) {
                value.fields().forEachRemaining(c -> {
                    if (c.getValue().isValueNode() && !c.getValue().isNull()) {
                        flat.put("hnsw_" + c.getKey(), c.getValue().asText());
                    }
                });
            }
        }
        Optional<String> metric = Optional.ofNullable(flat.get("metric_type"))
                .filter(m -> !m.isBlank())
                .map(m -> m.toUpperCase(Locale.ROOT));
        metric.ifPresent(m -> flat.put("metric_type", m));
        Map<String, String> props = new TreeMap<>();
        boolean inverted = flat.containsKey("base_tokenizer");
        List<String> allowed = new java.util.ArrayList<>(PROPERTY_ALLOW_LIST);
        if (inverted) {
            allowed.addAll(INVERTED_PROPERTIES);
        }
        for (String k : allowed) {
            String v = flat.get(k);
            if (v != null) {
                props.put(k, v);
            }
        }
        return new IndexDetails(metric, props);
    }
}
