package io.lancejdbc.exec.vector;

import static io.lancejdbc.exec.vector.VectorSearchExecutionTest.assertExact;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.exec.testing.SharedDatasets;
import io.lancejdbc.exec.testing.SharedDatasetsExtension;
import io.lancejdbc.exec.testing.VectorElementType;
import io.lancejdbc.exec.testing.VectorIndexKind;
import io.lancejdbc.exec.testing.VectorMetric;
import io.lancejdbc.exec.testing.VectorTable;
import io.lancejdbc.exec.testing.VectorTableSpec;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * int8 and uint8 vectors, which lance-core 7.0.0 cannot search (it returns a plain scan): the driver computes the
 * exact search over fragment scans, with Lance's distance conventions.
 */
@ExtendWith(SharedDatasetsExtension.class)
class VectorSearchByteVectorsTest {
    private static VectorSearchRunner runner;

    @BeforeAll
    static void start() {
        runner = new VectorSearchRunner();
    }

    @AfterAll
    static void stop() {
        runner.close();
    }

    @Test
    void uint8VectorsAreSearchedByHammingDistanceByDefault(SharedDatasets datasets) {
        VectorTable t = datasets.vectors(VectorTableSpec.defaults().withElementType(VectorElementType.UINT8)
                .withDeletion(11, 4).withNullVectors(13));
        for (int q = 0; q < 4; q++) {
            float[] query = t.queryVector(q);
            VectorSearchRunner.Result r = runner.run(t.path(), Search.on("embedding", query).topK(25), "id");
            assertExact(t.exactTopK(query, 25, VectorMetric.HAMMING), r);
        }
    }

    @Test
    void uint8VectorsWithAHammingIndexAreStillSearchedExactlyByTheDriver(SharedDatasets datasets) {
        VectorTable t = datasets.vectors(VectorTableSpec.defaults().withElementType(VectorElementType.UINT8)
                .withIndex(VectorIndexKind.IVF_FLAT, VectorMetric.HAMMING).withUnindexedRows(100));
        float[] query = t.queryVector(2);
        VectorSearchRunner.Result r = runner.run(t.path(), Search.on("embedding", query).metric("hamming")
                .filter("category = 'toys'"), "id");
        assertExact(t.exactTopK(query, 10, VectorMetric.HAMMING, id -> "toys".equals(VectorTable.category(id))), r);
        assertTrue(r.explainLines().contains("lanceVectorIndexStatus=DISABLED"), r.explain().toString());
        assertTrue(r.explainLines().contains("lanceVectorIndexNote=lance-core 7.0.0 cannot search uint8 vectors;"
                + " the driver searches every fragment exactly"), r.explain().toString());
    }

    @ParameterizedTest
    @EnumSource(value = VectorMetric.class, names = {"L2", "COSINE", "DOT"})
    void int8VectorsAreSearchedExactlyInEveryFloatMetric(VectorMetric metric, SharedDatasets datasets) {
        VectorTable t = datasets.vectors(VectorTableSpec.defaults().withElementType(VectorElementType.INT8)
                .withIndex(VectorIndexKind.IVF_PQ, VectorMetric.L2).withDeletion(9, 0));
        for (int q = 0; q < 3; q++) {
            float[] query = t.queryVector(q);
            VectorSearchRunner.Result r = runner.run(t.path(), Search.on("embedding", query)
                    .metric(metric.name().toLowerCase(Locale.ROOT)).offset(2), "id");
            assertExact(t.exactTopK(query, 12, metric).subList(2, 12), r);
        }
    }
}
