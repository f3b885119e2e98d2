package io.lancejdbc.exec.lance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class IndexDetailsParserTest {
    private final IndexDetailsParser parser = new IndexDetailsParser();

    @Test
    void hnswAndCompressionObjectsAreFlattenedAndRuntimeHintsDropped() {
        IndexDetailsParser.IndexDetails d = parser.parse("{\"metric_type\":\"COSINE\",\"hnsw\":{\"max_connections\":20,"
                + "\"construction_ef\":150,\"max_level\":7},\"compression\":{\"type\":\"sq\",\"num_bits\":8},"
                + "\"runtime_hints\":{\"lance.ivf.sample_rate\":\"256\"}}");

        assertEquals(Optional.of("COSINE"), d.metric());
        assertEquals(Map.of("metric_type", "COSINE", "hnsw_max_connections", "20", "hnsw_construction_ef", "150",
                "hnsw_max_level", "7", "compression_type", "sq", "num_bits", "8"), d.properties());
    }

    @Test
    void metricIsUpperCased() {
        assertEquals(Optional.of("L2"), parser.parse("{\"metric_type\":\"l2\"}").metric());
    }

    @Test
    void emptyOrMalformedDetailsGiveNothing() {
        for (String json : new String[] {null, "", "{}", "not json", "[1]"}) {
            assertEquals(IndexDetailsParser.IndexDetails.NONE.properties(), parser.parse(json).properties());
            assertEquals(Optional.empty(), parser.parse(json).metric());
        }
    }
}
