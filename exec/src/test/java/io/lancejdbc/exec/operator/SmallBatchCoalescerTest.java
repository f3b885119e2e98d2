package io.lancejdbc.exec.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.lancejdbc.exec.stream.BatchStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SmallBatchCoalescerTest {
    private static final Schema SCHEMA = new Schema(List.of(
            new Field("id", FieldType.nullable(new ArrowType.Int(64, true)), null),
            new Field("s", FieldType.nullable(ArrowType.Utf8.INSTANCE), null)));

    private final BufferAllocator allocator = new RootAllocator();

    @AfterEach
    void allocatorIsBackAtZero() {
        assertEquals(0, allocator.getAllocatedMemory(), "Arrow memory leaked");
        allocator.close();
    }

    /** A batch of rows {@code first, first + 1, ...}; id 4 is NULL, s holds multi-byte UTF-8. */
    private VectorSchemaRoot batch(long first, int rows) {
        BigIntVector id = new BigIntVector(SCHEMA.getFields().get(0), allocator);
        VarCharVector s = new VarCharVector(SCHEMA.getFields().get(1), allocator);
        id.allocateNew(rows);
        s.allocateNew(rows);
        for (int i = 0; i < rows; i++) {
            long v = first + i;
            if (v == 4) {
                id.setNull(i);
                s.setNull(i);
            } else {
                id.set(i, v);
                s.setSafe(i, ("é" + v + "😀").getBytes(StandardCharsets.UTF_8));
            }
        }
        id.setValueCount(rows);
        s.setValueCount(rows);
        return new VectorSchemaRoot(SCHEMA.getFields(), List.<FieldVector>of(id, s), rows);
    }

    private static BatchStream stream(List<VectorSchemaRoot> batches) {
        Deque<VectorSchemaRoot> left = new ArrayDeque<>(batches);
        return new BatchStream() {
            @Override
            public Schema schema() {
                return SCHEMA;
            }

            @Override
            public VectorSchemaRoot next() {
                return left.poll();
            }

            @Override
            public void close() {
                left.forEach(VectorSchemaRoot::close);
                left.clear();
            }
        };
    }

    /** Each batch as its rows, each row "id|s" ("null|null" for the NULL row). */
    private static List<List<String>> drain(BatchStream s) {
        List<List<String>> out = new ArrayList<>();
        VectorSchemaRoot b;
        while ((b = s.next()) != null) {
            try (VectorSchemaRoot batch = b) {
                List<String> rows = new ArrayList<>();
                for (int i = 0; i < batch.getRowCount(); i++) {
                    rows.add(batch.getVector(0).getObject(i) + "|" + batch.getVector(1).getObject(i));
                }
                out.add(rows);
            }
        }
        return out;
    }

    private static List<String> rows(long first, int n) {
        List<String> out = new ArrayList<>();
        for (long v = first; v < first + n; v++) {
            out.add(v == 4 ? "null|null" : v + "|é" + v + "😀");
        }
        return out;
    }

    @Test
    void smallBatchesAreMergedInOrderUntilTheyReachMinRows() {
        try (BatchStream s = new SmallBatchCoalescer(stream(List.of(batch(0, 3), batch(3, 3), batch(6, 3),
                batch(9, 3), batch(12, 3))), 8, allocator)) {
            assertEquals(List.of(rows(0, 9), rows(9, 6)), drain(s));
        }
    }

    @Test
    void aBatchOfMinRowsPassesThroughWithoutACopy() {
        VectorSchemaRoot big = batch(0, 8);
        try (BatchStream s = new SmallBatchCoalescer(stream(List.of(big)), 8, allocator)) {
            VectorSchemaRoot out = s.next();
            assertSame(big, out);
            out.close();
            assertNull(s.next());
        }
    }

    @Test
    void aLargeBatchEndsTheMergeAndFollowsUnchanged() {
        try (BatchStream s = new SmallBatchCoalescer(stream(List.of(batch(0, 2), batch(2, 1), batch(3, 10),
                batch(13, 2))), 8, allocator)) {
            assertEquals(List.of(rows(0, 3), rows(3, 10), rows(13, 2)), drain(s));
        }
    }

    @Test
    void closingAfterAMergeThatReadAheadFreesTheHeldBatch() {
        BatchStream s = new SmallBatchCoalescer(stream(List.of(batch(0, 2), batch(2, 10), batch(12, 10))), 8,
                allocator);
        try (VectorSchemaRoot first = s.next()) {
            assertEquals(2, first.getRowCount());
        }
        s.close();
    }

    @Test
    void anEmptyStreamStaysEmpty() {
        try (BatchStream s = new SmallBatchCoalescer(stream(List.of()), 8, allocator)) {
            assertEquals(List.of(), drain(s));
        }
    }

    @Test
    void minRowsBelowOneIsRefused() {
        try (BatchStream in = stream(List.of())) {
            org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                    () -> new SmallBatchCoalescer(in, 0, allocator));
        }
    }
}
