package io.lancejdbc.exec.lance;

import io.lancejdbc.exec.stream.BatchStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/** Drains batch streams in tests, closing every batch. */
final class Batches {
    private Batches() {
    }

    /** The {@code id} column (int64) of every batch, in stream order; closes the stream. */
    static List<Long> ids(BatchStream stream) {
        List<Long> out = new ArrayList<>();
        try (stream) {
            for (VectorSchemaRoot next = stream.next(); next != null; next = stream.next()) {
                try (VectorSchemaRoot b = next) {
                    BigIntVector v = (BigIntVector) b.getVector("id");
                    for (int i = 0; i < b.getRowCount(); i++) {
                        out.add(v.get(i));
                    }
                }
            }
        }
        return out;
    }

    /** Total rows over every batch; closes the stream. */
    static long rows(BatchStream stream) {
        long n = 0;
        try (stream) {
            for (VectorSchemaRoot next = stream.next(); next != null; next = stream.next()) {
                try (VectorSchemaRoot b = next) {
                    n += b.getRowCount();
                }
            }
        }
        return n;
    }
}
