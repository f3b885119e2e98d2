package io.lancejdbc.exec.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.exec.testing.ArrowAllocatorExtension;
import java.nio.charset.StandardCharsets;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.VarCharVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(ArrowAllocatorExtension.class)
class DirectColumnsTest {

    @Test
    void int64ValuesAndNullsReadAsInArrow(BufferAllocator allocator) {
        try (BigIntVector v = new BigIntVector("x", allocator)) {
            v.allocateNew(3);
            v.set(0, Long.MIN_VALUE);
            v.setNull(1);
            v.set(2, Long.MAX_VALUE);
            v.setValueCount(3);
            DirectColumns.Longs r = DirectColumns.longs(v, 3);
            assertEquals(Long.MIN_VALUE, r.get(0));
            assertFalse(r.isNull(0));
            assertTrue(r.isNull(1));
            assertEquals(Long.MAX_VALUE, r.get(2));
        }
    }

    @Test
    void int32ValuesWidenWithTheirSign(BufferAllocator allocator) {
        try (IntVector v = new IntVector("x", allocator)) {
            v.allocateNew(2);
            v.set(0, -7);
            v.set(1, Integer.MAX_VALUE);
            v.setValueCount(2);
            DirectColumns.Longs r = DirectColumns.longs(v, 2);
            assertEquals(-7L, r.get(0));
            assertEquals(Integer.MAX_VALUE, r.get(1));
            assertFalse(r.isNull(1));
        }
    }

    @Test
    void float64ValuesKeepEveryBit(BufferAllocator allocator) {
        try (Float8Vector v = new Float8Vector("x", allocator)) {
            v.allocateNew(3);
            v.set(0, -0.0);
            v.set(1, Double.NaN);
            v.setNull(2);
            v.setValueCount(3);
            DirectColumns.Doubles r = DirectColumns.doubles(v, 3);
            assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(r.get(0)));
            assertTrue(Double.isNaN(r.get(1)));
            assertTrue(r.isNull(2));
        }
    }

    @Test
    void otherVectorTypesHaveNoDirectReader(BufferAllocator allocator) {
        try (UInt4Vector u = new UInt4Vector("u", allocator);
                LargeVarCharVector l = new LargeVarCharVector("l", allocator)) {
            assertNull(DirectColumns.longs(u, 0));
            assertNull(DirectColumns.doubles(u, 0));
            assertNull(DirectColumns.bytes(l, 0));
        }
    }

    @Test
    void moreRowsThanTheBuffersHoldAreRefused(BufferAllocator allocator) {
        try (BigIntVector v = new BigIntVector("x", allocator)) {
            v.allocateNew(4);
            v.setValueCount(4);
            long capacity = v.getDataBuffer().capacity();
            int rows = (int) (capacity / 8) + 1;
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> DirectColumns.longs(v, rows));
            assertEquals("Arrow vector 'x' has a " + capacity + "-byte buffer where its values need " + rows * 8
                    + " bytes", e.getMessage());
        }
    }

    @Test
    void stringBytesReadUpToTheEndOfTheDataBuffer(BufferAllocator allocator) {
        try (VarCharVector v = new VarCharVector("s", allocator)) {
            v.allocateNew(16, 2);
            v.set(0, "abcdefghijklm".getBytes(StandardCharsets.UTF_8));
            v.set(1, "xyz".getBytes(StandardCharsets.UTF_8));
            v.setValueCount(2);
            assertEquals(16, v.getDataBuffer().capacity(), "test precondition: the last value ends the buffer");
            DirectColumns.Bytes r = DirectColumns.bytes(v, 2);
            int start = r.start(1);
            assertEquals(13, start);
            assertEquals(16, r.end(1));
            // Eight bytes from 13 cross the buffer's end: the missing ones read as zero.
            assertEquals('x' | 'y' << 8 | 'z' << 16, r.getLong(start));
            assertEquals("xyz", new String(r.copy(start, 3), StandardCharsets.UTF_8));
        }
    }

    @Test
    void offsetsOutsideTheDataBufferAreRefused(BufferAllocator allocator) {
        try (VarCharVector v = new VarCharVector("s", allocator)) {
            v.allocateNew(16, 2);
            v.set(0, "ab".getBytes(StandardCharsets.UTF_8));
            v.set(1, "cd".getBytes(StandardCharsets.UTF_8));
            v.setValueCount(2);
            long capacity = v.getDataBuffer().capacity();
            v.getOffsetBuffer().setInt(8, (int) capacity + 1);
            DirectColumns.Bytes r = DirectColumns.bytes(v, 2);
            assertEquals(0, r.start(0));
            IndexOutOfBoundsException e = assertThrows(IndexOutOfBoundsException.class, () -> r.start(1));
            assertEquals("value 1 spans bytes 2.." + (capacity + 1) + " of a " + capacity + "-byte data buffer",
                    e.getMessage());
        }
    }

    @Test
    void validityWordsHoldEachRowsBitAndNothingPastTheLastRow(BufferAllocator allocator) {
        java.util.SplittableRandom random = new java.util.SplittableRandom(7);
        for (int rows : new int[] {1, 7, 63, 64, 65, 127, 128, 129, 1000, 8192}) {
            try (Float8Vector v = new Float8Vector("x", allocator); IntVector w = new IntVector("y", allocator)) {
                v.allocateNew(rows);
                w.allocateNew(rows);
                for (int i = 0; i < rows; i++) {
                    if (random.nextInt(5) == 0) {
                        v.setNull(i);
                        w.setNull(i);
                    } else {
                        v.set(i, i);
                        w.set(i, i);
                    }
                }
                v.setValueCount(rows);
                w.setValueCount(rows);
                DirectColumns.Doubles d = DirectColumns.doubles(v, rows);
                DirectColumns.Longs l = DirectColumns.longs(w, rows);
                for (int from = 0; from < rows; from += 64) {
                    long expected = 0;
                    for (int k = 0; k < 64 && from + k < rows; k++) {
                        expected |= v.isNull(from + k) ? 0 : 1L << k;
                    }
                    assertEquals(expected, d.validBits(from), rows + " rows, word at " + from);
                    assertEquals(expected, l.validBits(from), rows + " rows, word at " + from);
                }
            }
        }
    }

    @Test
    void aBatchWithoutNullsHasEveryRowsBitSet(BufferAllocator allocator) {
        try (BigIntVector v = new BigIntVector("x", allocator)) {
            v.allocateNew(70);
            for (int i = 0; i < 70; i++) {
                v.set(i, i);
            }
            v.setValueCount(70);
            DirectColumns.Longs r = DirectColumns.longs(v, 70);
            assertFalse(r.hasNulls());
            assertEquals(-1L, r.validBits(0));
            assertEquals(0x3FL, r.validBits(64));
        }
    }
}
