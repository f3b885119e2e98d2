package io.lancejdbc.exec.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link SortPrefix} codes against {@link RowComparator} on every pair of extreme values: whenever two codes differ
 * they must order the pair as the comparator does, and distinct non-NULL values must get distinct codes (except the
 * documented integer extremes that share NULL's code).
 */
class SortPrefixTest {
    private static final double[] DOUBLES = {Double.NEGATIVE_INFINITY, -Double.MAX_VALUE, -1.5, -Double.MIN_NORMAL,
        -Double.MIN_VALUE, -0.0, 0.0, Double.MIN_VALUE, Double.MIN_NORMAL, 1.0, 1.0 + Math.ulp(1.0), Double.MAX_VALUE,
        Double.POSITIVE_INFINITY, Double.NaN, Double.longBitsToDouble(0xfff8000000000001L)};
    /** Empty, proper prefixes, shared first 8 bytes, bytes above 0x7f (multi-byte UTF-8), a NUL byte. */
    private static final String[] TEXTS = {"", "a", "ab", "ab\u0000", "ab\u0000x", "abcdefgh", "abcdefgh1", "abcdefgh2",
        "abcdefgi", "k0000123", "k0000124", "\u00e9", "\u00e9t\u00e9", "\u65e5\u672c\u8a9e", "\ud83d\ude00",
        "\u007f", "z", "Z", "ABCDEFGHIJ"};
    private static final long[] LONGS = {Long.MIN_VALUE, Long.MIN_VALUE + 1, -1, 0, 1, Long.MAX_VALUE - 1,
        Long.MAX_VALUE};

    @ParameterizedTest(name = "asc={0} nullsFirst={1}")
    @CsvSource({"true, true", "true, false", "false, true", "false, false"})
    void doubleCodesOrderAsTheComparator(boolean asc, boolean nullsFirst) {
        try (BufferAllocator a = new RootAllocator(); Float8Vector v = new Float8Vector("d", a)) {
            v.allocateNew(DOUBLES.length + 1);
            for (int i = 0; i < DOUBLES.length; i++) {
                v.set(i, DOUBLES[i]);
            }
            v.setNull(DOUBLES.length);
            v.setValueCount(DOUBLES.length + 1);
            assertAgrees(v, asc, nullsFirst, false);
        }
    }

    @ParameterizedTest(name = "asc={0} nullsFirst={1}")
    @CsvSource({"true, true", "true, false", "false, true", "false, false"})
    void longCodesOrderAsTheComparator(boolean asc, boolean nullsFirst) {
        try (BufferAllocator a = new RootAllocator(); BigIntVector v = new BigIntVector("l", a);
                UInt8Vector u = new UInt8Vector("u", a)) {
            v.allocateNew(LONGS.length + 1);
            u.allocateNew(LONGS.length + 1);
            for (int i = 0; i < LONGS.length; i++) {
                v.set(i, LONGS[i]);
                u.set(i, LONGS[i]); // as uint64: 2^63 .. 2^64-1 above every smaller value
            }
            v.setNull(LONGS.length);
            u.setNull(LONGS.length);
            v.setValueCount(LONGS.length + 1);
            u.setValueCount(LONGS.length + 1);
            assertAgrees(v, asc, nullsFirst, true);
            assertAgrees(u, asc, nullsFirst, true);
        }
    }

    @ParameterizedTest(name = "asc={0} nullsFirst={1}")
    @CsvSource({"true, true", "true, false", "false, true", "false, false"})
    void textCodesOrderAsTheComparator(boolean asc, boolean nullsFirst) {
        try (BufferAllocator a = new RootAllocator(); VarCharVector v = new VarCharVector("s", a)) {
            v.allocateNew(TEXTS.length + 1);
            for (int i = 0; i < TEXTS.length; i++) {
                v.setSafe(i, TEXTS[i].getBytes(StandardCharsets.UTF_8));
            }
            v.setNull(TEXTS.length);
            v.setValueCount(TEXTS.length + 1);
            assertOrderAgrees(v, asc, nullsFirst);
        }
    }

    @ParameterizedTest(name = "asc={0} nullsFirst={1}")
    @CsvSource({"true, true", "false, false"})
    void largeTextCodesOrderAsTheComparator(boolean asc, boolean nullsFirst) {
        try (BufferAllocator a = new RootAllocator(); LargeVarCharVector v = new LargeVarCharVector("s", a)) {
            v.allocateNew(TEXTS.length + 1);
            for (int i = 0; i < TEXTS.length; i++) {
                v.setSafe(i, TEXTS[i].getBytes(StandardCharsets.UTF_8));
            }
            v.setNull(TEXTS.length);
            v.setValueCount(TEXTS.length + 1);
            assertOrderAgrees(v, asc, nullsFirst);
        }
    }

    @Test
    void textCodeIsTheFirstEightBytesBigEndian() {
        try (BufferAllocator a = new RootAllocator(); VarCharVector v = new VarCharVector("s", a)) {
            v.allocateNew(3);
            v.setSafe(0, "k0000123".getBytes(StandardCharsets.UTF_8));
            v.setSafe(1, "ab".getBytes(StandardCharsets.UTF_8));
            v.setSafe(2, new byte[0]);
            v.setValueCount(3);
            long[] codes = SortPrefix.encode(v, true, true);
            assertEquals(0x6b30303030313233L ^ Long.MIN_VALUE, codes[0]);
            assertEquals(0x6162000000000000L ^ Long.MIN_VALUE, codes[1]);
            assertEquals(Long.MIN_VALUE, codes[2]);
        }
    }

    @Test
    void decimalHasNoCode() {
        try (BufferAllocator a = new RootAllocator(); DecimalVector v = new DecimalVector("d", a, 10, 2)) {
            v.allocateNew(1);
            v.setValueCount(1);
            assertNull(SortPrefix.encode(v, true, true));
        }
    }

    /** Codes may tie on different values (text sharing 8 bytes), but where they differ they order as the comparator. */
    private static void assertOrderAgrees(FieldVector v, boolean asc, boolean nullsFirst) {
        long[] codes = SortPrefix.encode(v, asc, nullsFirst);
        RowComparator cmp = new RowComparator(List.of(List.of(v)), new boolean[] {asc}, new boolean[] {nullsFirst});
        int n = v.getValueCount();
        int distinct = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (codes[i] != codes[j]) {
                    distinct++;
                    assertEquals(Integer.signum(cmp.compare(i, j)), Long.compare(codes[i], codes[j]),
                            "rows " + i + ", " + j + " of " + v);
                }
            }
        }
        assertNotEquals(0, distinct);
    }

    private static void assertAgrees(FieldVector v, boolean asc, boolean nullsFirst, boolean extremesShareNull) {
        long[] codes = SortPrefix.encode(v, asc, nullsFirst);
        RowComparator cmp = new RowComparator(List.of(List.of(v)), new boolean[] {asc}, new boolean[] {nullsFirst});
        int n = v.getValueCount();
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                int expected = Integer.signum(cmp.compare(i, j));
                if (codes[i] != codes[j]) {
                    assertEquals(expected, Long.compare(codes[i], codes[j]), "rows " + i + ", " + j + " of " + v);
                } else if (!(extremesShareNull && (v.isNull(i) || v.isNull(j)))) {
                    assertEquals(0, expected, "equal codes for different values: rows " + i + ", " + j + " of " + v);
                }
            }
        }
        // Codes distinguish what the comparator distinguishes, apart from the NULL-sharing extremes.
        assertNotEquals(codes[0], codes[n - 2]);
    }
}
