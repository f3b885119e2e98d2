package io.lancejdbc.exec.expr;

import java.math.BigDecimal;
import java.math.RoundingMode;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
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
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Typed writers into freshly allocated Arrow vectors, the inverse of {@link ColumnReaders}: long values are
 * integers, days, or microseconds for times and timestamps (converted to the vector's unit).
 */
public final class ColumnWriters {
    private ColumnWriters() {
    }

    /** A new vector of {@code field}'s type with room for {@code rows} values; the caller owns it. */
    public static FieldVector allocate(Field field, int rows, BufferAllocator allocator) {
        FieldVector v = field.createVector(allocator);
        try {
            if (v instanceof BaseFixedWidthVector) {
                ((BaseFixedWidthVector) v).allocateNew(Math.max(rows, 1));
            } else if (v instanceof BaseVariableWidthVector) {
                ((BaseVariableWidthVector) v).allocateNew((long) Math.max(rows, 1) * 16, Math.max(rows, 1));
            } else if (v instanceof BaseLargeVariableWidthVector) {
                ((BaseLargeVariableWidthVector) v).allocateNew((long) Math.max(rows, 1) * 16, Math.max(rows, 1));
            } else {
                v.setInitialCapacity(Math.max(rows, 1));
                v.allocateNew();
            }
        } catch (RuntimeException e) {
            v.close();
            throw e;
        }
        return v;
    }

    /** Writes longs. */
    public interface LongWriter {
        void set(int i, long value);

        void setNull(int i);
    }

    public static LongWriter longs(ValueVector v) {
        if (v instanceof BigIntVector) {
            BigIntVector b = (BigIntVector) v;
            return new LongWriter() {
                @Override
                public void set(int i, long x) {
                    b.setSafe(i, x);
                }

                @Override
                public void setNull(int i) {
                    b.setNull(i);
                }
            };
        }
        if (v instanceof IntVector) {
            IntVector b = (IntVector) v;
            return writer(v, (i, x) -> b.setSafe(i, (int) x));
        }
        if (v instanceof SmallIntVector) {
            SmallIntVector b = (SmallIntVector) v;
            return writer(v, (i, x) -> b.setSafe(i, (short) x));
        }
        if (v instanceof TinyIntVector) {
            TinyIntVector b = (TinyIntVector) v;
            return writer(v, (i, x) -> b.setSafe(i, (byte) x));
        }
        if (v instanceof UInt1Vector) {
            UInt1Vector b = (UInt1Vector) v;
            return writer(v, (i, x) -> b.setSafe(i, (byte) x));
        }
        if (v instanceof UInt2Vector) {
            UInt2Vector b = (UInt2Vector) v;
            return writer(v, (i, x) -> b.setSafe(i, (char) x));
        }
        if (v instanceof UInt4Vector) {
            UInt4Vector b = (UInt4Vector) v;
            return writer(v, (i, x) -> b.setSafe(i, (int) x));
        }
        if (v instanceof UInt8Vector) {
            UInt8Vector b = (UInt8Vector) v;
            return writer(v, (i, x) -> b.setSafe(i, x));
        }
        if (v instanceof DateDayVector) {
            DateDayVector b = (DateDayVector) v;
            return writer(v, (i, x) -> b.setSafe(i, (int) x));
        }
        if (v instanceof DateMilliVector) {
            DateMilliVector b = (DateMilliVector) v;
            return writer(v, (i, x) -> b.setSafe(i, x * 86_400_000L));
        }
        if (v instanceof TimeSecVector) {
            TimeSecVector b = (TimeSecVector) v;
            return writer(v, (i, x) -> b.setSafe(i, (int) Math.floorDiv(x, 1_000_000L)));
        }
        if (v instanceof TimeMilliVector) {
            TimeMilliVector b = (TimeMilliVector) v;
            return writer(v, (i, x) -> b.setSafe(i, (int) Math.floorDiv(x, 1_000L)));
        }
        if (v instanceof TimeMicroVector) {
            TimeMicroVector b = (TimeMicroVector) v;
            return writer(v, (i, x) -> b.setSafe(i, x));
        }
        if (v instanceof TimeNanoVector) {
            TimeNanoVector b = (TimeNanoVector) v;
            return writer(v, (i, x) -> b.setSafe(i, x * 1000L));
        }
        if (v instanceof TimeStampVector) {
            TimeStampVector b = (TimeStampVector) v;
            TimeUnit unit = ((ArrowType.Timestamp) v.getField().getType()).getUnit();
            return writer(v, (i, x) -> b.setSafe(i, fromMicros(x, unit)));
        }
        if (v instanceof BitVector) {
            BitVector b = (BitVector) v;
            return writer(v, (i, x) -> b.setSafe(i, x != 0 ? 1 : 0));
        }
        throw new IllegalArgumentException("not an integer-like vector: " + v.getField());
    }

    /** Microseconds since the epoch in {@code unit}. */
    public static long fromMicros(long micros, TimeUnit unit) {
        switch (unit) {
            case SECOND:
                return Math.floorDiv(micros, 1_000_000L);
            case MILLISECOND:
                return Math.floorDiv(micros, 1_000L);
            case NANOSECOND:
                return Math.multiplyExact(micros, 1000L);
            default:
                return micros;
        }
    }

    private interface LongSetter {
        void set(int i, long x);
    }

    private static LongWriter writer(ValueVector v, LongSetter setter) {
        BaseFixedWidthVector b = (BaseFixedWidthVector) v;
        return new LongWriter() {
            @Override
            public void set(int i, long x) {
                setter.set(i, x);
            }

            @Override
            public void setNull(int i) {
                if (i >= b.getValueCapacity()) {
                    b.reAlloc();
                }
                b.setNull(i);
            }
        };
    }

    /** Writes doubles. */
    public interface DoubleWriter {
        void set(int i, double value);

        void setNull(int i);
    }

    public static DoubleWriter doubles(ValueVector v) {
        if (v instanceof Float8Vector) {
            Float8Vector b = (Float8Vector) v;
            return new DoubleWriter() {
                @Override
                public void set(int i, double x) {
                    b.setSafe(i, x);
                }

                @Override
                public void setNull(int i) {
                    b.setNull(i);
                }
            };
        }
        if (v instanceof Float4Vector) {
            Float4Vector b = (Float4Vector) v;
            return new DoubleWriter() {
                @Override
                public void set(int i, double x) {
                    b.setSafe(i, (float) x);
                }

                @Override
                public void setNull(int i) {
                    b.setNull(i);
                }
            };
        }
        if (v instanceof Float2Vector) {
            Float2Vector b = (Float2Vector) v;
            return new DoubleWriter() {
                @Override
                public void set(int i, double x) {
                    b.setSafeWithPossibleTruncate(i, (float) x);
                }

                @Override
                public void setNull(int i) {
                    b.setNull(i);
                }
            };
        }
        throw new IllegalArgumentException("not a floating point vector: " + v.getField());
    }

    /** Writes decimals, rounding half-up to the vector's scale. */
    public interface DecimalWriter {
        void set(int i, BigDecimal value);

        void setNull(int i);
    }

    public static DecimalWriter decimals(ValueVector v) {
        if (v instanceof DecimalVector) {
            DecimalVector b = (DecimalVector) v;
            int scale = b.getScale();
            int precision = b.getPrecision();
            return new DecimalWriter() {
                @Override
                public void set(int i, BigDecimal x) {
                    BigDecimal s = x.setScale(scale, RoundingMode.HALF_UP);
                    if (s.precision() > precision) {
                        throw new io.lancejdbc.engine.SqlError(io.lancejdbc.engine.SqlState.NUMERIC_OUT_OF_RANGE,
                                "Decimal value " + s.toPlainString() + " overflows DECIMAL(" + precision + "," + scale
                                        + ")");
                    }
                    b.setSafe(i, s);
                }

                @Override
                public void setNull(int i) {
                    b.setNull(i);
                }
            };
        }
        if (v instanceof Decimal256Vector) {
            Decimal256Vector b = (Decimal256Vector) v;
            int scale = b.getScale();
            return new DecimalWriter() {
                @Override
                public void set(int i, BigDecimal x) {
                    b.setSafe(i, x.setScale(scale, RoundingMode.HALF_UP));
                }

                @Override
                public void setNull(int i) {
                    b.setNull(i);
                }
            };
        }
        throw new IllegalArgumentException("not a decimal vector: " + v.getField());
    }

    /** Writes string or binary bytes. */
    public interface BytesWriter {
        void set(int i, byte[] value);

        void setNull(int i);
    }

    public static BytesWriter bytes(ValueVector v) {
        if (v instanceof BaseVariableWidthVector) {
            BaseVariableWidthVector b = (BaseVariableWidthVector) v;
            return new BytesWriter() {
                @Override
                public void set(int i, byte[] x) {
                    b.setSafe(i, x, 0, x.length);
                }

                @Override
                public void setNull(int i) {
                    b.setNull(i);
                }
            };
        }
        if (v instanceof BaseLargeVariableWidthVector) {
            BaseLargeVariableWidthVector b = (BaseLargeVariableWidthVector) v;
            return new BytesWriter() {
                @Override
                public void set(int i, byte[] x) {
                    b.setSafe(i, x, 0, x.length);
                }

                @Override
                public void setNull(int i) {
                    b.setNull(i);
                }
            };
        }
        if (v instanceof FixedSizeBinaryVector) {
            FixedSizeBinaryVector b = (FixedSizeBinaryVector) v;
            return new BytesWriter() {
                @Override
                public void set(int i, byte[] x) {
                    if (x.length != b.getByteWidth()) {
                        throw new io.lancejdbc.engine.SqlError(io.lancejdbc.engine.SqlState.DATA_EXCEPTION,
                                "Binary value of " + x.length + " bytes does not fit fixed width " + b.getByteWidth());
                    }
                    b.setSafe(i, x);
                }

                @Override
                public void setNull(int i) {
                    b.setNull(i);
                }
            };
        }
        throw new IllegalArgumentException("not a string or binary vector: " + v.getField());
    }

    /** Writes booleans. */
    public interface BoolWriter {
        void set(int i, boolean value);

        void setNull(int i);
    }

    public static BoolWriter bools(ValueVector v) {
        BitVector b = (BitVector) v;
        return new BoolWriter() {
            @Override
            public void set(int i, boolean x) {
                b.setSafe(i, x ? 1 : 0);
            }

            @Override
            public void setNull(int i) {
                if (i >= b.getValueCapacity()) {
                    b.reAlloc();
                }
                b.setNull(i);
            }
        };
    }
}
