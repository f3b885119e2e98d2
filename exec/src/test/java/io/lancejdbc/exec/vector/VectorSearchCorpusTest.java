package io.lancejdbc.exec.vector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.lancejdbc.exec.testing.CorpusFixtures;
import io.lancejdbc.exec.testing.ExpectedAnswers;
import io.lancejdbc.exec.testing.SharedDatasets;
import io.lancejdbc.exec.testing.SharedDatasetsExtension;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * vector_search over the foreign corpus datasets (written by LanceDB / vectordb SDKs embedding Lance 0.10 to 12.0,
 * with IVF_PQ and IVF_HNSW_SQ indexes, fragments appended after indexing and deletions), against the nearest
 * neighbours those SDKs computed.
 */
@ExtendWith(SharedDatasetsExtension.class)
class VectorSearchCorpusTest {
    private static VectorSearchRunner runner;

    @BeforeAll
    static void start() {
        runner = new VectorSearchRunner();
    }

    @AfterAll
    static void stop() {
        runner.close();
    }

    /** Every vector dataset of the corpus with its answers. */
    static Stream<CorpusFixtures.ForeignDataset> vectorDatasets() {
        return CorpusFixtures.foreignDatasets().stream()
                .filter(d -> Set.of("items", "hnsw").contains(CorpusFixtures.expected(d).kind()));
    }

    private static Search search(ExpectedAnswers.KnnParams p) {
        Search s = Search.on(p.column(), p.queryVector()).topK(p.k()).metric(p.metric()).useIndex(p.useIndex());
        if (p.nprobes() != null) {
            s = s.nprobes(p.nprobes());
        }
        if (p.refineFactor() != null) {
            s = s.refine(p.refineFactor());
        }
        if (p.filter() != null) {
            s = s.filter(p.filter());
        }
        return s;
    }

    private static List<Long> ids(List<Map<String, JsonNode>> rows) {
        List<Long> out = new ArrayList<>();
        rows.forEach(r -> out.add(r.get("id").asLong()));
        return out;
    }

    @ParameterizedTest
    @MethodSource("vectorDatasets")
    void flatSearchReturnsTheNeighboursTheWritingSdkFound(CorpusFixtures.ForeignDataset d, SharedDatasets datasets) {
        ExpectedAnswers answers = CorpusFixtures.expected(d);
        Path path = datasets.corpusDataset(d.relativePath());
        int checked = 0;
        for (ExpectedAnswers.Query q : answers.queries()) {
            if (q.knn() == null || q.knn().useIndex()) {
                continue;
            }
            VectorSearchRunner.Result r = runner.run(path, search(q.knn()), "id");
            assertEquals(ids(q.rows()), r.ids(), d + " " + q.id());
            for (int i = 0; i < q.rows().size(); i++) {
                double e = q.rows().get(i).get("_distance").asDouble();
                assertEquals(e, r.distances().get(i), 1e-4 * Math.max(1, Math.abs(e)), d + " " + q.id() + " rank " + i);
            }
            checked++;
        }
        assertTrue(checked >= 6, d + ": only " + checked + " flat queries");
    }

    @Test
    void aDatasetWithoutFragmentsReturnsNoRows(SharedDatasets datasets) {
        Path path = datasets.corpusDataset("foreign/lancedb-0.39.0/empty.lance");
        VectorSearchRunner.Result r = runner.run(path, Search.on("embedding", new float[16]).topK(5), "id");
        assertEquals(List.of(), r.rows());
        assertTrue(r.explainLines().containsAll(List.of("lanceSearchFragments=0", "splits=0")), r.explain().toString());
    }

    @ParameterizedTest
    @MethodSource("vectorDatasets")
    void indexedSearchWithTheSdkParametersFindsTheExactNeighbours(CorpusFixtures.ForeignDataset d,
            SharedDatasets datasets) {
        ExpectedAnswers answers = CorpusFixtures.expected(d);
        Path path = datasets.corpusDataset(d.relativePath());
        int hits = 0;
        int wanted = 0;
        for (ExpectedAnswers.Query q : answers.queries()) {
            if (q.knn() == null || !q.knn().useIndex() || q.bruteforce() == null) {
                continue;
            }
            VectorSearchRunner.Result r = runner.run(path, search(q.knn()), "id");
            List<Long> exact = ids(q.bruteforce());
            assertFalse(r.ids().isEmpty(), d + " " + q.id());
            hits += (int) r.ids().stream().filter(exact::contains).count();
            wanted += exact.size();
        }
        assertTrue(wanted > 0, d + " has no indexed queries with a brute-force answer");
        assertTrue(hits >= 0.95 * wanted, d + " recall " + hits + "/" + wanted);
    }
}
