package io.lancejdbc.exec.operator.agg;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.lancejdbc.exec.testing.ArrowAllocatorExtension;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link LongGroupTable} against a {@link HashMap} oracle (first-seen group ids, NULL its own group): dense keys
 * (the {@link DenseKeyMap} path), sparse keys (hashing), and tables that move from one to the other between batches.
 */
@ExtendWith(ArrowAllocatorExtension.class)
class LongGroupTableTest {

    /** The oracle: group ids in first-seen order, NULL (a null key) one group. */
    private static final class Oracle {
        final Map<Long, Integer> ids = new HashMap<>();
        final List<Long> keys = new ArrayList<>();

        int id(Long key) {
            return ids.computeIfAbsent(key, k -> {
                keys.add(k);
                return keys.size() - 1;
            });
        }
    }

    private static BigIntVector int64(BufferAllocator allocator, Long[] values) {
        BigIntVector v = new BigIntVector("k", allocator);
        v.allocateNew(values.length);
        for (int i = 0; i < values.length; i++) {
            if (values[i] == null) {
                v.setNull(i);
            } else {
                v.set(i, values[i]);
            }
        }
        v.setValueCount(values.length);
        return v;
    }

    private static IntVector int32(BufferAllocator allocator, Long[] values) {
        IntVector v = new IntVector("k", allocator);
        v.allocateNew(values.length);
        for (int i = 0; i < values.length; i++) {
            if (values[i] == null) {
                v.setNull(i);
            } else {
                v.set(i, (int) (long) values[i]);
            }
        }
        v.setValueCount(values.length);
        return v;
    }

    /** Feeds every batch to a table and to the oracle, comparing each row's group and, at the end, the keys. */
    private static void check(BufferAllocator allocator, List<Long[]> batches, boolean wide) {
        LongGroupTable table = new LongGroupTable();
        Oracle oracle = new Oracle();
        for (Long[] batch : batches) {
            try (FieldVector v = wide ? int64(allocator, batch) : int32(allocator, batch)) {
                int[] ids = new int[batch.length];
                table.assign(new FieldVector[] {v}, batch.length, ids);
                int[] expected = new int[batch.length];
                for (int i = 0; i < batch.length; i++) {
                    expected[i] = oracle.id(batch[i]);
                }
                assertArrayEquals(expected, ids);
            }
        }
        assertEquals(oracle.keys.size(), table.size());
        Field f = Field.nullable("k", wide ? new ArrowType.Int(64, true) : new ArrowType.Int(32, true));
        FieldVector[] out = table.keyVectors(new Field[] {f}, allocator);
        try (FieldVector keys = out[0]) {
            List<Long> got = new ArrayList<>();
            for (int g = 0; g < keys.getValueCount(); g++) {
                Object o = keys.getObject(g);
                got.add(o == null ? null : ((Number) o).longValue());
            }
            assertEquals(oracle.keys, got);
        }
    }

    private static Long[] batch(SplittableRandom random, int rows, long lo, long span, int nullEvery) {
        Long[] b = new Long[rows];
        for (int i = 0; i < rows; i++) {
            b[i] = nullEvery > 0 && random.nextInt(nullEvery) == 0 ? null : lo + random.nextLong(span);
        }
        return b;
    }

    @Test
    void denseKeysWithNullsMatchTheOracle(BufferAllocator allocator) {
        SplittableRandom random = new SplittableRandom(1);
        List<Long[]> batches = new ArrayList<>();
        for (int b = 0; b < 6; b++) {
            batches.add(batch(random, 5000, -300, 1000, 7));
        }
        check(allocator, batches, false);
        check(allocator, batches, true);
    }

    @Test
    void aMillionKeySpanGoesDenseAfterItsGroupsFillIt(BufferAllocator allocator) {
        // The first batch alone is too sparse for a dense map (8,192 keys over 1,000,000), later ones are not.
        SplittableRandom random = new SplittableRandom(2);
        List<Long[]> batches = new ArrayList<>();
        for (int b = 0; b < 40; b++) {
            batches.add(batch(random, 8192, 0, 1_000_000, 0));
        }
        check(allocator, batches, false);
    }

    @Test
    void denseKeysThatTurnSparseMoveToHashingWithTheirGroups(BufferAllocator allocator) {
        SplittableRandom random = new SplittableRandom(3);
        List<Long[]> batches = new ArrayList<>();
        batches.add(batch(random, 3000, 10, 100, 5));
        batches.add(new Long[] {Long.MAX_VALUE, 11L, null, Long.MIN_VALUE, 12L});
        batches.add(batch(random, 3000, 10, 100, 0));
        batches.add(batch(random, 3000, 0, 200, 0));
        check(allocator, batches, true);
    }

    @Test
    void keysRisingBatchByBatchAndFallingBelowTheMapStayExact(BufferAllocator allocator) {
        List<Long[]> batches = new ArrayList<>();
        for (int b = 0; b < 30; b++) {
            Long[] rising = new Long[4096];
            for (int i = 0; i < rising.length; i++) {
                rising[i] = (long) b * 4096 + i;
            }
            batches.add(rising);
        }
        Long[] below = new Long[4096];
        for (int i = 0; i < below.length; i++) {
            below[i] = -1L - i * 3L;
        }
        batches.add(below);
        batches.add(batches.get(3));
        check(allocator, batches, false);
    }

    @Test
    void keysAtTheEndsOfTheLongRangeStayExact(BufferAllocator allocator) {
        Long[] top = new Long[300];
        Long[] bottom = new Long[300];
        for (int i = 0; i < 300; i++) {
            top[i] = Long.MAX_VALUE - (i % 150);
            bottom[i] = Long.MIN_VALUE + (i % 170);
        }
        check(allocator, List.of(top, top, bottom), true);
        check(allocator, List.of(bottom, Arrays.copyOf(bottom, 10), top), true);
    }

    @Test
    void batchesOfNullsOnlyBeforeAndBetweenKeysShareOneNullGroup(BufferAllocator allocator) {
        Long[] nulls = {null, null, null};
        check(allocator, List.of(nulls, new Long[] {5L, null, 6L}, nulls, new Long[] {5L, 700_000_000L}, nulls),
                false);
    }
}
