package io.lancejdbc.exec.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.lance.Dataset;
import org.lance.ipc.LanceScanner;
import org.lance.ipc.Query;
import org.lance.ipc.ScanOptions;
import org.lance.ipc.ScanStats;

/**
 * A raw lance-core nearest-neighbour query, for comparing the driver with Lance itself and for checking fixtures.
 * Immutable; build with {@link #of} and the {@code with*} methods.
 *
 * @param column vector column
 * @param query query vector
 * @param k neighbours wanted
 * @param metric distance type sent with the query
 * @param useIndex {@code false} = exact flat search
 * @param nprobes IVF partitions to probe ({@code 0} = lance default)
 * @param refineFactor re-rank factor ({@code 0} = none)
 * @param filter Lance filter expression applied as a prefilter, or {@code null}
 */
public record LanceKnnQuery(String column, float[] query, int k, VectorMetric metric, boolean useIndex, int nprobes,
        int refineFactor, String filter) {

    /** Thrown when lance-core answered with a plain scan instead of a nearest-neighbour search. */
    public static final class NearestDroppedException extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        NearestDroppedException(String message) {
            super(message);
        }
    }

    /** An exact (flat) query with no filter. */
    public static LanceKnnQuery of(String column, float[] query, int k, VectorMetric metric) {
        return new LanceKnnQuery(column, query, k, metric, false, 0, 0, null);
    }

    /** The same query answered through the vector index, probing {@code probes} partitions. */
    public LanceKnnQuery withIndex(int probes) {
        return new LanceKnnQuery(column, query, k, metric, true, probes, refineFactor, filter);
    }

    public LanceKnnQuery withRefineFactor(int factor) {
        return new LanceKnnQuery(column, query, k, metric, useIndex, nprobes, factor, filter);
    }

    public LanceKnnQuery withFilter(String prefilter) {
        return new LanceKnnQuery(column, query, k, metric, useIndex, nprobes, refineFactor, prefilter);
    }

    /**
     * The answer of a query run with statistics.
     *
     * @param neighbors {@code (id, _distance)} rows in the order Lance returned them
     * @param counts lance-core's scan counters ({@code deltas_searched}, {@code partitions_searched},
     *     {@code rows_scanned}, ...)
     * @param indexComparisons vector comparisons made inside index partitions ({@code 0} = no index was searched)
     */
    public record Result(List<ExactKnn.Neighbor> neighbors, Map<String, Long> counts, long indexComparisons) {
        public Result {
            neighbors = List.copyOf(neighbors);
            counts = Map.copyOf(counts);
        }
    }

    /**
     * Runs the query on the latest version of dataset {@code dir} and returns {@code (id, _distance)} rows in the
     * order Lance returned them.
     *
     * @throws NearestDroppedException when the result has no {@code _distance} column (lance-core silently turns some
     *     invalid nearest queries into plain scans)
     */
    public List<ExactKnn.Neighbor> run(BufferAllocator allocator, Path dir) {
        return execute(allocator, dir, false).neighbors();
    }

    /** Like {@link #run}, also collecting lance-core's scan statistics (to see whether an index was searched). */
    public Result runWithStats(BufferAllocator allocator, Path dir) {
        return execute(allocator, dir, true);
    }

    @SuppressWarnings("try") // LanceScanner.close() declares Exception (javac warns about InterruptedException)
    private Result execute(BufferAllocator allocator, Path dir, boolean stats) {
        Query.Builder q = new Query.Builder().setColumn(column).setKey(query).setK(k)
                .setDistanceType(VectorTable.toLance(metric)).setUseIndex(useIndex);
        if (nprobes > 0) {
            q.setNprobes(nprobes);
        }
        if (refineFactor > 0) {
            q.setRefineFactor(refineFactor);
        }
        ScanOptions.Builder scan = new ScanOptions.Builder().nearest(q.build()).columns(List.of("id"))
                .collectStats(stats);
        if (filter != null) {
            scan.filter(filter).prefilter(true);
        }
        List<ExactKnn.Neighbor> out = new ArrayList<>();
        try (BufferAllocator child = allocator.newChildAllocator("knn", 0, Long.MAX_VALUE);
                Dataset ds = Dataset.open().allocator(child).uri(dir.toString()).build();
                LanceScanner scanner = ds.newScan(scan.build())) {
            try (ArrowReader reader = scanner.scanBatches()) {
                while (reader.loadNextBatch()) {
                    VectorSchemaRoot root = reader.getVectorSchemaRoot();
                    FieldVector distance = root.getVector("_distance");
                    if (distance == null) {
                        throw new NearestDroppedException("lance-core returned a plain scan without _distance for a "
                                + "nearest query on " + column + " of " + dir);
                    }
                    BigIntVector ids = (BigIntVector) root.getVector("id");
                    for (int i = 0; i < root.getRowCount(); i++) {
                        out.add(new ExactKnn.Neighbor(ids.get(i), ((Float4Vector) distance).get(i)));
                    }
                }
            }
            // Statistics are complete only once the stream is consumed and closed.
            Optional<ScanStats> scanStats = stats ? scanner.getStats() : Optional.empty();
            return new Result(out, scanStats.map(ScanStats::getAllCounts).orElse(Map.of()),
                    scanStats.map(ScanStats::getIndexComparisons).orElse(0L));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            // LanceScanner.close() declares Exception.
            throw new IllegalStateException("closing the scanner of " + dir, e);
        }
    }
}
