package io.lancejdbc.exec.lance;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.exec.stream.BatchStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.lance.ipc.FullTextQuery;
import org.lance.ipc.LanceScanner;
import org.lance.ipc.ScanOptions;

/**
 * Runs full-text searches with lance-core 7.0.0 ({@code ScanOptions.Builder.fullTextQuery}): BM25 over the
 * column's INVERTED index where there is one; lance-core searches fragments no index covers (and columns without an
 * index) by tokenizing them at query time. Results come in descending {@code _score} order, at most {@code k} rows.
 */
public final class FullTextSearchReader {
    private final DatasetHandlePool pool;

    public FullTextSearchReader(DatasetHandlePool pool) {
        this.pool = pool;
    }

    /**
     * @param allocator allocator every returned batch is allocated from; the caller closes the batches
     * @throws SqlError 42S22 / 42000 for a prefilter naming an unknown column or not parsing; HY000 when lance-core
     *     fails or returns no {@code _score}; 42S02 / 22023 when the dataset or version is gone
     */
    public BatchStream search(FullTextQuerySpec q, BufferAllocator allocator) {
        DatasetSource source = q.source();
        DatasetLease lease = pool.acquire(source, q.version());
        try {
            LanceScanner scanner = LanceScanner.create(lease.dataset(), options(q), allocator);
            ArrowReader reader;
            try {
                reader = scanner.scanBatches();
            } catch (Exception e) {
                // Exception: lance-core throws java.io.IOException without declaring it; the scanner is closed.
                scanner.close();
                throw e;
            }
            ReaderBatchStream stream = new ReaderBatchStream(reader, allocator, allocator, List.of(scanner, lease),
                    "full-text search", source);
            if (stream.schema().findField(FullTextQuerySpec.SCORE) == null) {
                stream.close();
                throw new SqlError(SqlState.GENERAL_ERROR, "lance-core returned no _score for the full-text search on "
                        + q.searchColumns() + " of dataset " + DatasetUriNormalizer.redactUserInfo(source.uri()));
            }
            List<String> expected = new ArrayList<>(q.columns());
            expected.add(FullTextQuerySpec.SCORE);
            return ColumnSelectingStream.select(stream, expected, allocator);
        } catch (SqlError e) {
            lease.close();
            throw e;
        } catch (Exception e) {
            lease.close();
            throw LanceErrorMapper.map(e, "full-text search", source.uri(), source.storageOptions());
        }
    }

    private static ScanOptions options(FullTextQuerySpec q) {
        FullTextQuery.Operator op = q.and() ? FullTextQuery.Operator.AND : FullTextQuery.Operator.OR;
        FullTextQuery query;
        if (q.searchColumns().size() == 1) {
            Optional<Integer> fuzziness = q.fuzziness() >= 0 ? Optional.of(q.fuzziness()) : Optional.of(0);
            // lance-core's defaults for the other match parameters: boost 1, max_expansions 50, prefix_length 0.
            query = FullTextQuery.match(q.query(), q.searchColumns().get(0), 1.0f, fuzziness, 50, op, 0);
        } else {
            query = FullTextQuery.multiMatch(q.query(), q.searchColumns(),
                    Collections.nCopies(q.searchColumns().size(), 1.0f), op);
        }
        List<String> columns = new ArrayList<>(q.columns());
        columns.add(FullTextQuerySpec.SCORE);
        ScanOptions.Builder options = new ScanOptions.Builder().fullTextQuery(query).columns(columns).limit(q.k())
                .batchSize(q.batchSize());
        q.filter().ifPresent(f -> options.filter(f).prefilter(true));
        return options.build();
    }
}
