package io.lancejdbc.exec.operator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.BiConsumer;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.TimeStampNanoVector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link FullSorter} (normalized first key, radix sort, tie-breaks) against {@link RowComparator}'s stable merge sort,
 * which defines the order: over several batches of generated values with many ties, NULLs and each type's edge values
 * (int64 and uint64 extremes, NaN payloads, -0.0, infinities, wide decimals, strings sharing long prefixes and
 * multi-byte UTF-8, nanosecond timestamps that read equal in microseconds), every row must come out at the same
 * place, ties included.
 */
class FullSorterTest {
    private static final int[] BATCH_ROWS = {1, 3000, 0, 517, 4096, 2};
    private static final long[] LONG_EDGES = {Long.MIN_VALUE, Long.MIN_VALUE + 1, -1, 0, 1, Long.MAX_VALUE - 1,
        Long.MAX_VALUE};
    private static final double[] DOUBLE_EDGES = {Double.NEGATIVE_INFINITY, -Double.MAX_VALUE, -1.5, -Double.MIN_VALUE,
        -0.0, 0.0, Double.MIN_VALUE, 1.0, Double.MAX_VALUE, Double.POSITIVE_INFINITY, Double.NaN,
        Double.longBitsToDouble(0xfff8000000000001L), Double.longBitsToDouble(0x7ff0000000000001L)};
    private static final String[] WORDS = {"", "a", "a\0", "ab", "abcdefgh", "abcdefgh\0", "abcdefghi", "abcdefghj",
        "abcdefgg~", "größe", "Straße", "日本語テキスト", "😀 smile", "école", "e\u0301cole", "\u007f", "\u0080",
        "zzzzzzzzzzzzzzzzzz"};

    private BufferAllocator allocator;
    private final List<List<FieldVector>> columns = new ArrayList<>();

    @BeforeEach
    void open() {
        allocator = new RootAllocator();
    }

    @AfterEach
    void close() {
        for (List<FieldVector> c : columns) {
            for (FieldVector v : c) {
                v.close();
            }
        }
        assertEquals(0, allocator.getAllocatedMemory(), "memory left reserved or allocated");
        allocator.close();
    }

    @ParameterizedTest(name = "{0} then {1}, asc={2} nullsFirst={3}")
    @CsvSource({
        "bigint, none, true, true", "bigint, none, false, false", "bigint, int, true, false",
        "uint64, none, true, false", "uint64, none, false, true", "uint64, string, false, false",
        "int, none, true, true", "int, double, false, true", "int, bigint, true, false",
        "double, none, true, true", "double, none, false, false", "double, none, true, false",
        "double, int, false, true", "float, none, true, false", "float, none, false, true",
        "decimal10, none, true, true", "decimal10, int, false, false", "decimal38, none, true, false",
        "decimal38, none, false, true", "string, none, true, true", "string, none, false, false",
        "string, int, true, false", "binary, none, false, true", "bool, int, true, true", "bool, none, false, false",
        "date, none, true, false", "timestampns, none, true, true", "timestampns, int, false, false",
        "null, int, true, true", "decimal76, int, true, false", "int, string, false, true",
    })
    void ordersAsTheComparator(String firstType, String secondType, boolean asc, boolean nullsFirst) {
        SplittableRandom r = new SplittableRandom(firstType.hashCode() * 31L + secondType.hashCode());
        List<List<FieldVector>> keys = new ArrayList<>();
        List<FieldVector> first = column(firstType, r);
        List<FieldVector> second = secondType.equals("none") ? null : column(secondType, r);
        for (int b = 0; b < BATCH_ROWS.length; b++) {
            keys.add(second == null ? List.of(first.get(b)) : List.of(first.get(b), second.get(b)));
        }
        int n = second == null ? 1 : 2;
        boolean[] ascending = new boolean[n];
        boolean[] nulls = new boolean[n];
        ascending[0] = asc;
        nulls[0] = nullsFirst;
        if (n == 2) {
            ascending[1] = !asc;
            nulls[1] = !nullsFirst;
        }
        assertAgrees(keys, ascending, nulls);
    }

    @Test
    void emptyInputGivesNoRows() {
        assertEquals(0, FullSorter.sort(List.of(), new int[0], new boolean[] {true}, new boolean[] {true},
                allocator).length);
    }

    @Test
    void scratchMemoryIsAccountedAgainstTheQueryLimit() {
        List<FieldVector> c = column("bigint", new SplittableRandom(7));
        List<List<FieldVector>> keys = new ArrayList<>();
        for (FieldVector v : c) {
            keys.add(List.of(v));
        }
        int total = 0;
        for (int n : BATCH_ROWS) {
            total += n;
        }
        try (BufferAllocator query = allocator.newChildAllocator("query", 0,
                FullSorter.SCRATCH_BYTES_PER_ROW * total - 1)) {
            assertThrows(OutOfMemoryException.class, () -> FullSorter.sort(keys, BATCH_ROWS, new boolean[] {true},
                    new boolean[] {true}, query));
            assertEquals(0, query.getAllocatedMemory());
        }
        try (BufferAllocator query = allocator.newChildAllocator("query", 0,
                FullSorter.SCRATCH_BYTES_PER_ROW * total)) {
            assertEquals(total, FullSorter.sort(keys, BATCH_ROWS, new boolean[] {true}, new boolean[] {true},
                    query).length);
            assertEquals(0, query.getAllocatedMemory());
        }
    }

    private void assertAgrees(List<List<FieldVector>> keys, boolean[] asc, boolean[] nullsFirst) {
        int total = 0;
        for (int n : BATCH_ROWS) {
            total += n;
        }
        long[] expected = FullSorter.inputOrder(BATCH_ROWS, total);
        new RowComparator(keys, asc, nullsFirst).sort(expected, total);
        long[] actual = FullSorter.sort(keys, BATCH_ROWS, asc, nullsFirst, allocator);
        assertArrayEquals(expected, actual);
    }

    /** One vector per batch of {@link #BATCH_ROWS}, about one value in 13 NULL, many repeated values. */
    private List<FieldVector> column(String type, SplittableRandom r) {
        List<FieldVector> out = new ArrayList<>();
        columns.add(out);
        for (int b = 0; b < BATCH_ROWS.length; b++) {
            int n = BATCH_ROWS[b];
            FieldVector v = vector(type, n, r);
            out.add(v);
        }
        return out;
    }

    private FieldVector vector(String type, int n, SplittableRandom r) {
        switch (type) {
            case "bigint":
                return fill(new BigIntVector("k", allocator), n, r,
                        (v, i) -> ((BigIntVector) v).set(i, r.nextInt(4) == 0 ? LONG_EDGES[r.nextInt(LONG_EDGES.length)]
                                : r.nextLong(-50, 50)));
            case "uint64":
                return fill(new UInt8Vector("k", allocator), n, r,
                        (v, i) -> ((UInt8Vector) v).set(i, r.nextInt(4) == 0 ? LONG_EDGES[r.nextInt(LONG_EDGES.length)]
                                : r.nextLong(-50, 50)));
            case "int":
                return fill(new IntVector("k", allocator), n, r, (v, i) -> ((IntVector) v).set(i, r.nextInt(-20, 20)));
            case "double":
                return fill(new Float8Vector("k", allocator), n, r,
                        (v, i) -> ((Float8Vector) v).set(i, r.nextInt(3) == 0
                                ? DOUBLE_EDGES[r.nextInt(DOUBLE_EDGES.length)] : r.nextInt(-40, 40) / 4.0));
            case "float":
                return fill(new Float4Vector("k", allocator), n, r,
                        (v, i) -> ((Float4Vector) v).set(i, r.nextInt(3) == 0
                                ? (float) DOUBLE_EDGES[r.nextInt(DOUBLE_EDGES.length)] : r.nextInt(-40, 40) / 4f));
            case "decimal10":
                return fill(new DecimalVector("k", allocator, 10, 2), n, r,
                        (v, i) -> ((DecimalVector) v).set(i, BigDecimal.valueOf(r.nextLong(-99_999_999L,
                                99_999_999L) / (r.nextBoolean() ? 1 : 1_000_000), 2)));
            case "decimal38":
                return fill(new DecimalVector("k", allocator, 38, 6), n, r,
                        (v, i) -> ((DecimalVector) v).set(i, new BigDecimal(BigInteger.valueOf(r.nextLong(-30, 30))
                                .shiftLeft(r.nextBoolean() ? 0 : r.nextInt(60, 120)).add(BigInteger.valueOf(
                                        r.nextInt(3))), 6)));
            case "string":
                return fill(new VarCharVector("k", allocator), n, r,
                        (v, i) -> ((VarCharVector) v).setSafe(i, WORDS[r.nextInt(WORDS.length)]
                                .getBytes(StandardCharsets.UTF_8)));
            case "binary":
                return fill(new VarBinaryVector("k", allocator), n, r, (v, i) -> {
                    byte[] bytes = new byte[r.nextInt(12)];
                    for (int k = 0; k < bytes.length; k++) {
                        bytes[k] = (byte) (r.nextInt(3) - 1);
                    }
                    ((VarBinaryVector) v).setSafe(i, bytes);
                });
            case "bool":
                return fill(new BitVector("k", allocator), n, r, (v, i) -> ((BitVector) v).set(i, r.nextInt(2)));
            case "date":
                return fill(new DateDayVector("k", allocator), n, r,
                        (v, i) -> ((DateDayVector) v).set(i, r.nextInt(-800, 800)));
            case "timestampns":
                // Values 1 ns apart read as the same microsecond: ties for the comparator as for the codes.
                return fill(new TimeStampNanoVector("k", allocator), n, r,
                        (v, i) -> ((TimeStampNanoVector) v).set(i, r.nextLong(-5000, 5000)));
            case "decimal76":
                // No code for DECIMAL(76): the whole sort runs on the comparator.
                return fill(new Decimal256Vector("k", allocator, 76, 10), n, r,
                        (v, i) -> ((Decimal256Vector) v).set(i, BigDecimal.valueOf(r.nextLong(-20, 20), 10)));
            case "null": {
                NullVector v = new NullVector("k", n);
                return v;
            }
            default:
                throw new IllegalArgumentException(type);
        }
    }

    private static <V extends FieldVector> FieldVector fill(V v, int n, SplittableRandom r,
            BiConsumer<FieldVector, Integer> set) {
        v.setInitialCapacity(Math.max(n, 1));
        v.allocateNew();
        for (int i = 0; i < n; i++) {
            if (r.nextInt(13) == 0) {
                setNull(v, i);
            } else {
                set.accept(v, i);
            }
        }
        v.setValueCount(n);
        return v;
    }

    private static void setNull(FieldVector v, int i) {
        if (v instanceof org.apache.arrow.vector.BaseFixedWidthVector) {
            ((org.apache.arrow.vector.BaseFixedWidthVector) v).setNull(i);
        } else {
            ((org.apache.arrow.vector.BaseVariableWidthVector) v).setNull(i);
        }
    }
}
