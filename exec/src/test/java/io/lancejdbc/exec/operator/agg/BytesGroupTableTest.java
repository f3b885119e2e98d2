package io.lancejdbc.exec.operator.agg;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.lancejdbc.exec.testing.ArrowAllocatorExtension;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(ArrowAllocatorExtension.class)
class BytesGroupTableTest {

    private static VarCharVector utf8(BufferAllocator allocator, List<String> values) {
        VarCharVector v = new VarCharVector("k", allocator);
        v.allocateNew();
        for (int i = 0; i < values.size(); i++) {
            if (values.get(i) == null) {
                v.setNull(i);
            } else {
                v.setSafe(i, values.get(i).getBytes(StandardCharsets.UTF_8));
            }
        }
        v.setValueCount(values.size());
        return v;
    }

    private static int[] assign(BytesGroupTable table, FieldVector keys) {
        int[] ids = new int[keys.getValueCount()];
        table.assign(new FieldVector[] {keys}, ids.length, ids);
        return ids;
    }

    private static List<String> keysOf(BytesGroupTable table, BufferAllocator allocator) {
        FieldVector[] out = table.keyVectors(new Field[] {Field.nullable("k", ArrowType.Utf8.INSTANCE)}, allocator);
        try (VarCharVector v = (VarCharVector) out[0]) {
            List<String> keys = new ArrayList<>();
            for (int i = 0; i < v.getValueCount(); i++) {
                keys.add(v.isNull(i) ? null : new String(v.get(i), StandardCharsets.UTF_8));
            }
            return keys;
        }
    }

    @Test
    void keysOfEveryLengthFromZeroToTwentyGetOneGroupEach(BufferAllocator allocator) {
        List<String> keys = new ArrayList<>();
        for (int len = 0; len <= 20; len++) {
            keys.add("abcdefghijklmnopqrstu".substring(0, len));
        }
        BytesGroupTable table = new BytesGroupTable();
        try (VarCharVector first = utf8(allocator, keys)) {
            int[] ids = assign(table, first);
            assertArrayEquals(java.util.stream.IntStream.rangeClosed(0, 20).toArray(), ids);
        }
        List<String> reversed = new ArrayList<>(keys);
        java.util.Collections.reverse(reversed);
        try (VarCharVector again = utf8(allocator, reversed)) {
            int[] ids = assign(table, again);
            assertArrayEquals(java.util.stream.IntStream.iterate(20, i -> i - 1).limit(21).toArray(), ids);
        }
        assertEquals(keys, keysOf(table, allocator));
    }

    @Test
    void keysSharingTheirFirstEightBytesStayApart(BufferAllocator allocator) {
        // "abc" and "abc\0" have the same zero-padded first word; the longer pairs differ only after byte 8.
        List<String> keys = List.of("abc", "abc\0", "abcdefgh1", "abcdefgh2", "abcdefgh", "abcdefgh12345678x",
                "abcdefgh12345678y");
        BytesGroupTable table = new BytesGroupTable();
        try (VarCharVector v = utf8(allocator, keys)) {
            assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5, 6}, assign(table, v));
            assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5, 6}, assign(table, v));
        }
        assertEquals(keys, keysOf(table, allocator));
    }

    @Test
    void nullKeysFormOneGroup(BufferAllocator allocator) {
        BytesGroupTable table = new BytesGroupTable();
        try (VarCharVector v = utf8(allocator, Arrays.asList("x", null, "", null, "x"))) {
            assertArrayEquals(new int[] {0, 1, 2, 1, 0}, assign(table, v));
        }
        assertEquals(Arrays.asList("x", null, ""), keysOf(table, allocator));
    }

    @Test
    void largeUtf8KeysFindTheGroupsOfUtf8Keys(BufferAllocator allocator) {
        // large_utf8 goes through the byte-array path, utf8 through the in-place path: both must hash alike.
        List<String> keys = List.of("", "a", "é✓", "12345678", "123456789", "a much longer key of some bytes");
        BytesGroupTable table = new BytesGroupTable();
        try (VarCharVector v = utf8(allocator, keys)) {
            assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5}, assign(table, v));
        }
        try (LargeVarCharVector l = new LargeVarCharVector("k", allocator)) {
            l.allocateNew();
            for (int i = 0; i < keys.size(); i++) {
                l.setSafe(i, keys.get(keys.size() - 1 - i).getBytes(StandardCharsets.UTF_8));
            }
            l.setValueCount(keys.size());
            assertArrayEquals(new int[] {5, 4, 3, 2, 1, 0}, assign(table, l));
        }
        assertEquals(6, table.size());
    }

    @Test
    void tenThousandDistinctKeysSurviveRehashing(BufferAllocator allocator) {
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            keys.add("key-" + i);
        }
        BytesGroupTable table = new BytesGroupTable();
        try (VarCharVector v = utf8(allocator, keys)) {
            int[] ids = assign(table, v);
            assertArrayEquals(java.util.stream.IntStream.range(0, 10_000).toArray(), ids);
            assertArrayEquals(ids, assign(table, v));
        }
        assertEquals(keys, keysOf(table, allocator));
    }
}
