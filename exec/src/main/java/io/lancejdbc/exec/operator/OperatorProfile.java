package io.lancejdbc.exec.operator;

import io.lancejdbc.exec.stream.BatchStream;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * What each operator of one execution did, for {@code EXPLAIN ANALYZE}: batches and rows it produced, their Arrow
 * buffer bytes, the time spent in its {@code next()} calls (including its inputs', summed over the threads that
 * called it, so a split-parallel operator can show more time than the query took), and for scans the fragments read
 * and the Lance scan requests made. Counters are thread-safe: operators inside a {@link SplitStage} are counted on
 * every worker.
 */
public final class OperatorProfile {
    /** The counters of one operator. */
    public static final class Counters {
        private final LongAdder batches = new LongAdder();
        private final LongAdder rows = new LongAdder();
        private final LongAdder bytes = new LongAdder();
        private final LongAdder nanos = new LongAdder();
        private final LongAdder fragments = new LongAdder();
        private final LongAdder requests = new LongAdder();

        public long batches() {
            return batches.sum();
        }

        public long rows() {
            return rows.sum();
        }

        public long bytes() {
            return bytes.sum();
        }

        public long nanos() {
            return nanos.sum();
        }

        /** Fragments a scan asked Lance to read (each fragment of each request). */
        public long fragments() {
            return fragments.sum();
        }

        /** Lance scan requests a scan made (one per split). */
        public long requests() {
            return requests.sum();
        }

        /**
         * Counts one partial result handed to the operator above in memory rather than as a batch (a worker's
         * partial aggregation state): one batch of {@code rows} rows (groups) and no Arrow bytes, made in
         * {@code nanos} nanoseconds of its worker (reading its inputs included, as for a stream's {@code next()}).
         */
        public void addHandedOver(long rows, long nanos) {
            batches.increment();
            this.rows.add(rows);
            this.nanos.add(nanos);
        }
    }

    private final Map<PhysicalOperator, Counters> counters = Collections.synchronizedMap(new IdentityHashMap<>());

    /** The counters of {@code op} (created at first use). */
    public Counters of(PhysicalOperator op) {
        return counters.computeIfAbsent(op, o -> new Counters());
    }

    /** The counters of {@code op}, or null when it never ran. */
    public Counters find(PhysicalOperator op) {
        return counters.get(op);
    }

    /** Records one Lance scan request of {@code fragments} fragments by {@code scan}. */
    public void scanRequest(PhysicalOperator scan, int fragments) {
        Counters c = of(scan);
        c.requests.increment();
        c.fragments.add(fragments);
    }

    /** {@code stream} counted as {@code op}'s output. */
    public BatchStream observe(PhysicalOperator op, BatchStream stream) {
        Counters c = of(op);
        return new BatchStream() {
            @Override
            public Schema schema() {
                return stream.schema();
            }

            @Override
            public VectorSchemaRoot next() {
                long start = System.nanoTime();
                VectorSchemaRoot b;
                try {
                    b = stream.next();
                } finally {
                    c.nanos.add(System.nanoTime() - start);
                }
                if (b != null) {
                    c.batches.increment();
                    c.rows.add(b.getRowCount());
                    long size = 0;
                    for (FieldVector v : b.getFieldVectors()) {
                        size += v.getBufferSize();
                    }
                    c.bytes.add(size);
                }
                return b;
            }

            @Override
            public void close() {
                stream.close();
            }
        };
    }
}
