package io.lancejdbc.exec.lance;

import io.lancejdbc.exec.stream.BatchStream;
import io.lancejdbc.engine.SqlError;
import java.util.function.Supplier;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Runs a filtered scan again without scalar indexes when lance-core refuses to answer its filter from an index.
 *
 * <p>lance-core 7.0.0 fails a scan whose filter has a LIKE prefix ({@code s LIKE 'a%'}, {@code starts_with}) on a
 * text column with a BITMAP index ("LIKE prefix queries are not supported for bitmap indexes"), when the first
 * batch is read; the same filter evaluated on the data is correct ({@code PushedEqualsResidualTest} with a bitmap
 * index on every column). Such an error before the first batch reopens the scan with
 * {@code useScalarIndex(false)}; any other error, or one after a batch was returned, is passed on.
 */
final class ScalarIndexFallback implements BatchStream {
    /** The part of lance-core's message for a filter a scalar index cannot answer. */
    static final String UNSUPPORTED_BY_INDEX = "not supported for bitmap indexes";

    private final Supplier<BatchStream> withoutIndex;
    private BatchStream current;
    private boolean delivered;
    private boolean retried;

    ScalarIndexFallback(BatchStream scan, Supplier<BatchStream> withoutIndex) {
        this.current = scan;
        this.withoutIndex = withoutIndex;
    }

    /** True when {@code e} is lance-core refusing to answer a filter from a scalar index. */
    static boolean refusedByIndex(RuntimeException e) {
        return e.getMessage() != null && e.getMessage().contains(UNSUPPORTED_BY_INDEX);
    }

    @Override
    public Schema schema() {
        return current.schema();
    }

    @Override
    public VectorSchemaRoot next() {
        try {
            VectorSchemaRoot b = current.next();
            delivered |= b != null;
            return b;
        } catch (SqlError e) {
            if (delivered || retried || !refusedByIndex(e)) {
                throw e;
            }
            retried = true;
            current.close();
            current = withoutIndex.get();
            return next();
        }
    }

    @Override
    public void close() {
        current.close();
    }
}
