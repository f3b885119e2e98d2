package io.lancejdbc.exec.expr;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.Float16;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeNanoVector;
import org.apache.arrow.vector.TimeSecVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Typed, allocation-free readers over Arrow vectors, normalising physical layouts: every integer width, dates (days),
 * times (microseconds) and timestamps (microseconds, nanoseconds truncated) read as {@code long}; every float width as
 * {@code double}; decimals as {@link BigDecimal}; strings and binaries as bytes.
 */
public final class ColumnReaders {
    private ColumnReaders() {
    }

    /** Reads a vector as longs. */
    public interface LongReader {
        boolean isNull(int i);

        long get(int i);
    }

    /** Reads a vector as doubles. */
    public interface DoubleReader {
        boolean isNull(int i);

        double get(int i);
    }

    /** Reads a vector as decimals. */
    public interface DecimalReader {
        boolean isNull(int i);

        BigDecimal get(int i);
    }

    /** Reads a string or binary vector's bytes without copying when possible. */
    public interface BytesReader {
        boolean isNull(int i);

        /** The value's bytes (a fresh array). */
        byte[] get(int i);

        /** The value as text (UTF-8). */
        default String getString(int i) {
            return new String(get(i), StandardCharsets.UTF_8);
        }

        /** Compares value {@code i} with value {@code j} of {@code other} as unsigned bytes. */
        int compare(int i, BytesReader other, int j);

        /** Byte length of value {@code i}. */
        int length(int i);

        /** Byte {@code k} of value {@code i}. */
        byte byteAt(int i, int k);
    }

    /** Reads a boolean vector. */
    public interface BoolReader {
        boolean isNull(int i);

        boolean get(int i);
    }

    public static LongReader longs(ValueVector v) {
        if (v instanceof BigIntVector) {
            ArrowBuf d = ((BigIntVector) v).getDataBuffer();
            return new FixedLong(v) {
                @Override
                public long get(int i) {
                    return d.getLong((long) i * 8);
                }
            };
        }
        if (v instanceof IntVector) {
            ArrowBuf d = ((IntVector) v).getDataBuffer();
            return new FixedLong(v) {
                @Override
                public long get(int i) {
                    return d.getInt((long) i * 4);
                }
            };
        }
        if (v instanceof SmallIntVector) {
            ArrowBuf d = ((SmallIntVector) v).getDataBuffer();
            return new FixedLong(v) {
                @Override
                public long get(int i) {
                    return d.getShort((long) i * 2);
                }
            };
        }
        if (v instanceof TinyIntVector) {
            ArrowBuf d = ((TinyIntVector) v).getDataBuffer();
            return new FixedLong(v) {
                @Override
                public long get(int i) {
                    return d.getByte(i);
                }
            };
        }
        if (v instanceof UInt1Vector) {
            ArrowBuf d = ((UInt1Vector) v).getDataBuffer();
            return new FixedLong(v) {
                @Override
                public long get(int i) {
                    return d.getByte(i) & 0xFFL;
                }
            };
        }
        if (v instanceof UInt2Vector) {
            ArrowBuf d = ((UInt2Vector) v).getDataBuffer();
            return new FixedLong(v) {
                @Override
                public long get(int i) {
                    return d.getShort((long) i * 2) & 0xFFFFL;
                }
            };
        }
        if (v instanceof UInt4Vector) {
            ArrowBuf d = ((UInt4Vector) v).getDataBuffer();
            return new FixedLong(v) {
                @Override
                public long get(int i) {
                    return d.getInt((long) i * 4) & 0xFFFFFFFFL;
                }
            };
        }
        if (v instanceof UInt8Vector) {
            ArrowBuf d = ((UInt8Vector) v).getDataBuffer();
            return new FixedLong(v) {
                @Override
                public long get(int i) {
                    return d.getLong((long) i * 8);
                }
            };
        }
        if (v instanceof DateDayVector) {
            ArrowBuf d = ((DateDayVector) v).getDataBuffer();
            return new FixedLong(v) {
                @Override
                public long get(int i) {
                    return d.getInt((long) i * 4);
                }
            };
        }
        if (v instanceof DateMilliVector) {
            ArrowBuf d = ((DateMilliVector) v).getDataBuffer();
            return new FixedLong(v) {
                @Override
                public long get(int i) {
                    return Math.floorDiv(d.getLong((long) i * 8), 86_400_000L);
                }
            };
        }
        if (v instanceof TimeSecVector || v instanceof TimeMilliVector) {
            ArrowBuf d = ((BaseFixedWidthVector) v).getDataBuffer();
            long mul = v instanceof TimeSecVector ? 1_000_000L : 1_000L;
            return new FixedLong(v) {
                @Override
                public long get(int i) {
                    return d.getInt((long) i * 4) * mul;
                }
            };
        }
        if (v instanceof TimeMicroVector || v instanceof TimeNanoVector) {
            ArrowBuf d = ((BaseFixedWidthVector) v).getDataBuffer();
            boolean nanos = v instanceof TimeNanoVector;
            return new FixedLong(v) {
                @Override
                public long get(int i) {
                    long x = d.getLong((long) i * 8);
                    return nanos ? Math.floorDiv(x, 1000L) : x;
                }
            };
        }
        if (v instanceof TimeStampVector) {
            ArrowBuf d = ((TimeStampVector) v).getDataBuffer();
            TimeUnit unit = ((ArrowType.Timestamp) v.getField().getType()).getUnit();
            return new FixedLong(v) {
                @Override
                public long get(int i) {
                    return toMicros(d.getLong((long) i * 8), unit);
                }
            };
        }
        if (v instanceof BitVector) {
            BitVector b = (BitVector) v;
            return new FixedLong(v) {
                @Override
                public long get(int i) {
                    return b.get(i);
                }
            };
        }
        if (v instanceof NullVector) {
            return new LongReader() {
                @Override
                public boolean isNull(int i) {
                    return true;
                }

                @Override
                public long get(int i) {
                    return 0;
                }
            };
        }
        throw new IllegalArgumentException("not an integer-like vector: " + v.getField());
    }

    /** A timestamp value in {@code unit} as microseconds since the epoch (nanoseconds truncated toward -inf). */
    public static long toMicros(long value, TimeUnit unit) {
        switch (unit) {
            case SECOND:
                return value * 1_000_000L;
            case MILLISECOND:
                return value * 1_000L;
            case NANOSECOND:
                return Math.floorDiv(value, 1000L);
            default:
                return value;
        }
    }

    public static DoubleReader doubles(ValueVector v) {
        if (v instanceof Float8Vector) {
            ArrowBuf d = ((Float8Vector) v).getDataBuffer();
            return new FixedDouble(v) {
                @Override
                public double get(int i) {
                    return d.getDouble((long) i * 8);
                }
            };
        }
        if (v instanceof Float4Vector) {
            ArrowBuf d = ((Float4Vector) v).getDataBuffer();
            return new FixedDouble(v) {
                @Override
                public double get(int i) {
                    return d.getFloat((long) i * 4);
                }
            };
        }
        if (v instanceof Float2Vector) {
            // From the buffer like the other widths: a hash key reads every row, NULL slots included.
            ArrowBuf d = ((Float2Vector) v).getDataBuffer();
            return new FixedDouble(v) {
                @Override
                public double get(int i) {
                    return Float16.toFloat(d.getShort((long) i * 2));
                }
            };
        }
        if (v instanceof DecimalVector || v instanceof Decimal256Vector) {
            DecimalReader r = decimals(v);
            return new FixedDouble(v) {
                @Override
                public double get(int i) {
                    return r.get(i).doubleValue();
                }
            };
        }
        if (v instanceof UInt8Vector) {
            ArrowBuf d = ((UInt8Vector) v).getDataBuffer();
            return new FixedDouble(v) {
                @Override
                public double get(int i) {
                    long x = d.getLong((long) i * 8);
                    return x >= 0 ? x : (double) (x >>> 1) * 2.0 + (x & 1);
                }
            };
        }
        LongReader l = longs(v);
        return new FixedDouble(v) {
            @Override
            public double get(int i) {
                return l.get(i);
            }
        };
    }

    public static DecimalReader decimals(ValueVector v) {
        if (v instanceof DecimalVector) {
            DecimalVector d = (DecimalVector) v;
            return new DecimalReader() {
                @Override
                public boolean isNull(int i) {
                    return d.isNull(i);
                }

                @Override
                public BigDecimal get(int i) {
                    return d.getObjectNotNull(i);
                }
            };
        }
        if (v instanceof Decimal256Vector) {
            Decimal256Vector d = (Decimal256Vector) v;
            return new DecimalReader() {
                @Override
                public boolean isNull(int i) {
                    return d.isNull(i);
                }

                @Override
                public BigDecimal get(int i) {
                    return d.getObjectNotNull(i);
                }
            };
        }
        if (v instanceof UInt8Vector) {
            LongReader l = longs(v);
            return new DecimalReader() {
                @Override
                public boolean isNull(int i) {
                    return l.isNull(i);
                }

                @Override
                public BigDecimal get(int i) {
                    long x = l.get(i);
                    return x >= 0 ? BigDecimal.valueOf(x) : new BigDecimal(new BigInteger(Long.toUnsignedString(x)));
                }
            };
        }
        if (v instanceof Float4Vector || v instanceof Float8Vector || v instanceof Float2Vector) {
            DoubleReader dr = doubles(v);
            return new DecimalReader() {
                @Override
                public boolean isNull(int i) {
                    return dr.isNull(i);
                }

                @Override
                public BigDecimal get(int i) {
                    return BigDecimal.valueOf(dr.get(i));
                }
            };
        }
        LongReader l = longs(v);
        return new DecimalReader() {
            @Override
            public boolean isNull(int i) {
                return l.isNull(i);
            }

            @Override
            public BigDecimal get(int i) {
                return BigDecimal.valueOf(l.get(i));
            }
        };
    }

    public static BoolReader bools(ValueVector v) {
        if (v instanceof BitVector) {
            BitVector b = (BitVector) v;
            ArrowBuf data = b.getDataBuffer();
            ArrowBuf validity = b.getValidityBuffer();
            return new BoolReader() {
                @Override
                public boolean isNull(int i) {
                    return ((validity.getByte(i >> 3) >> (i & 7)) & 1) == 0;
                }

                @Override
                public boolean get(int i) {
                    return ((data.getByte(i >> 3) >> (i & 7)) & 1) != 0;
                }
            };
        }
        if (v instanceof NullVector) {
            return new BoolReader() {
                @Override
                public boolean isNull(int i) {
                    return true;
                }

                @Override
                public boolean get(int i) {
                    return false;
                }
            };
        }
        throw new IllegalArgumentException("not a boolean vector: " + v.getField());
    }

    public static BytesReader bytes(ValueVector v) {
        if (v instanceof BaseVariableWidthVector) {
            BaseVariableWidthVector b = (BaseVariableWidthVector) v;
            ArrowBuf offsets = b.getOffsetBuffer();
            ArrowBuf data = b.getDataBuffer();
            return new BytesReader() {
                @Override
                public boolean isNull(int i) {
                    return b.isNull(i);
                }

                private int start(int i) {
                    return offsets.getInt((long) i * 4);
                }

                @Override
                public int length(int i) {
                    return offsets.getInt((long) (i + 1) * 4) - start(i);
                }

                @Override
                public byte byteAt(int i, int k) {
                    return data.getByte(start(i) + k);
                }

                @Override
                public byte[] get(int i) {
                    int s = start(i);
                    byte[] out = new byte[length(i)];
                    data.getBytes(s, out, 0, out.length);
                    return out;
                }

                @Override
                public int compare(int i, BytesReader other, int j) {
                    return compareBytes(this, i, other, j);
                }
            };
        }
        if (v instanceof BaseLargeVariableWidthVector) {
            BaseLargeVariableWidthVector b = (BaseLargeVariableWidthVector) v;
            ArrowBuf offsets = b.getOffsetBuffer();
            ArrowBuf data = b.getDataBuffer();
            return new BytesReader() {
                @Override
                public boolean isNull(int i) {
                    return b.isNull(i);
                }

                private long start(int i) {
                    return offsets.getLong((long) i * 8);
                }

                @Override
                public int length(int i) {
                    return (int) (offsets.getLong((long) (i + 1) * 8) - start(i));
                }

                @Override
                public byte byteAt(int i, int k) {
                    return data.getByte(start(i) + k);
                }

                @Override
                public byte[] get(int i) {
                    byte[] out = new byte[length(i)];
                    data.getBytes(start(i), out, 0, out.length);
                    return out;
                }

                @Override
                public int compare(int i, BytesReader other, int j) {
                    return compareBytes(this, i, other, j);
                }
            };
        }
        if (v instanceof FixedSizeBinaryVector) {
            FixedSizeBinaryVector b = (FixedSizeBinaryVector) v;
            int w = b.getByteWidth();
            ArrowBuf data = b.getDataBuffer();
            return new BytesReader() {
                @Override
                public boolean isNull(int i) {
                    return b.isNull(i);
                }

                @Override
                public int length(int i) {
                    return w;
                }

                @Override
                public byte byteAt(int i, int k) {
                    return data.getByte((long) i * w + k);
                }

                @Override
                public byte[] get(int i) {
                    byte[] out = new byte[w];
                    data.getBytes((long) i * w, out, 0, w);
                    return out;
                }

                @Override
                public int compare(int i, BytesReader other, int j) {
                    return compareBytes(this, i, other, j);
                }
            };
        }
        throw new IllegalArgumentException("not a string or binary vector: " + v.getField());
    }

    static int compareBytes(BytesReader a, int i, BytesReader b, int j) {
        int la = a.length(i);
        int lb = b.length(j);
        int n = Math.min(la, lb);
        for (int k = 0; k < n; k++) {
            int x = a.byteAt(i, k) & 0xFF;
            int y = b.byteAt(j, k) & 0xFF;
            if (x != y) {
                return x - y;
            }
        }
        return la - lb;
    }

    private abstract static class FixedLong implements LongReader {
        private final ArrowBuf validity;

        FixedLong(ValueVector v) {
            this.validity = v.getValidityBuffer();
        }

        @Override
        public boolean isNull(int i) {
            return ((validity.getByte(i >> 3) >> (i & 7)) & 1) == 0;
        }
    }

    private abstract static class FixedDouble implements DoubleReader {
        private final ArrowBuf validity;

        FixedDouble(ValueVector v) {
            this.validity = v.getValidityBuffer();
        }

        @Override
        public boolean isNull(int i) {
            return ((validity.getByte(i >> 3) >> (i & 7)) & 1) == 0;
        }
    }
}
