package io.lancejdbc.exec.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExactKnnTest {
    private static final Map<Long, double[]> POINTS = Map.of(
            1L, new double[] {3, 4},
            2L, new double[] {1, 0},
            3L, new double[] {0, 2},
            4L, new double[] {-1, 0});

    @Test
    void l2IsTheSquaredEuclideanDistance() {
        assertEquals(25.0, VectorMetric.L2.distance(new double[] {0, 0}, new double[] {3, 4}));
    }

    @Test
    void cosineIsOneMinusTheCosineSimilarity() {
        assertEquals(1.0, VectorMetric.COSINE.distance(new double[] {1, 0}, new double[] {0, 5}), 1e-15);
        assertEquals(2.0, VectorMetric.COSINE.distance(new double[] {1, 0}, new double[] {-2, 0}), 1e-15);
    }

    @Test
    void dotIsOneMinusTheDotProduct() {
        assertEquals(-10.0, VectorMetric.DOT.distance(new double[] {1, 2}, new double[] {3, 4}));
    }

    @Test
    void hammingCountsDifferingBitsOfUnsignedBytes() {
        assertEquals(8.0, VectorMetric.HAMMING.distance(new double[] {0b1010, 255}, new double[] {0b0101, 15}));
        assertThrows(IllegalArgumentException.class,
                () -> VectorMetric.HAMMING.distance(new double[] {256}, new double[] {0}));
    }

    @Test
    void topKOrdersByDistanceThenId() {
        List<ExactKnn.Neighbor> top = ExactKnn.topK(List.of(1L, 2L, 3L, 4L), POINTS::get, new double[] {0, 0}, 3,
                VectorMetric.L2, id -> true);
        assertEquals(List.of(new ExactKnn.Neighbor(2, 1.0), new ExactKnn.Neighbor(4, 1.0),
                new ExactKnn.Neighbor(3, 4.0)), top);
    }

    @Test
    void topKAppliesTheFilterBeforeChoosing() {
        assertEquals(List.of(3L, 1L), ExactKnn.ids(ExactKnn.topK(List.of(1L, 2L, 3L, 4L), POINTS::get,
                new double[] {0, 0}, 5, VectorMetric.L2, id -> id % 2 == 1 || id == 3)));
    }

    @Test
    void nullVectorsAreNeverNeighbours() {
        assertEquals(List.of(2L), ExactKnn.ids(ExactKnn.topK(List.of(2L, 9L), id -> id == 9 ? null : POINTS.get(id),
                new double[] {0, 0}, 5, VectorMetric.L2, id -> true)));
    }
}
