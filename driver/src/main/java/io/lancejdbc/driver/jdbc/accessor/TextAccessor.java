package io.lancejdbc.driver.jdbc.accessor;

import io.lancejdbc.driver.jdbc.ArrowTypeMapping;
import io.lancejdbc.driver.jdbc.TextConversions;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigDecimal;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.VarCharVector;

/** utf8 and large_utf8 → VARCHAR; other getters parse the text ({@link TextConversions}). */
public abstract class TextAccessor extends ArrowAccessor {
    TextAccessor(FieldVector vector, String column) {
        super(vector, column, ArrowTypeMapping.VARCHAR);
    }

    public abstract byte[] utf8(int row);

    @Override
    public String getString(int row) {
        return new String(utf8(row), StandardCharsets.UTF_8);
    }

    @Override
    public final Object getObject(int row) {
        return getString(row);
    }

    @Override
    public final byte[] getBytes(int row) {
        return utf8(row);
    }

    @Override
    public final boolean getBoolean(int row) throws SQLException {
        return TextConversions.toBoolean(getString(row), this);
    }

    @Override
    public final long getLong(int row) throws SQLException {
        return TextConversions.toLong(getString(row), this);
    }

    @Override
    public final double getDouble(int row) throws SQLException {
        return TextConversions.toDouble(getString(row), this);
    }

    @Override
    public final BigDecimal getBigDecimal(int row) throws SQLException {
        return TextConversions.toBigDecimal(getString(row), this);
    }

    @Override
    public final LocalDate getLocalDate(int row) throws SQLException {
        return TextConversions.toLocalDate(getString(row), this);
    }

    @Override
    public final LocalTime getLocalTime(int row) throws SQLException {
        return TextConversions.toLocalTime(getString(row), this);
    }

    @Override
    public final LocalDateTime getLocalDateTime(int row) throws SQLException {
        return TextConversions.toLocalDateTime(getString(row), this);
    }

    @Override
    public final OffsetDateTime getOffsetDateTime(int row) throws SQLException {
        return TextConversions.toOffsetDateTime(getString(row), this);
    }

    @Override
    public final Instant getInstant(int row) throws SQLException {
        return getOffsetDateTime(row).toInstant();
    }

    static final class OfUtf8 extends TextAccessor {
        /** Values up to this many bytes are copied with word reads (a multiple of 8). */
        private static final int SHORT_VALUE = 32;
        private static final VarHandle LONGS =
                MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
        private final VarCharVector vector;
        private final ArrowBuf offsets;
        private final ArrowBuf data;
        /** Holds one value's bytes while it is decoded, so getString allocates only the String. */
        private byte[] scratch = new byte[64];

        OfUtf8(VarCharVector vector, String column) {
            super(vector, column);
            this.vector = vector;
            this.offsets = vector.getOffsetBuffer();
            this.data = vector.getDataBuffer();
        }

        @Override
        public byte[] utf8(int row) {
            return vector.get(row);
        }

        @Override
        public String getString(int row) {
            // Both offsets in one read (little-endian: start in the low half).
            long bounds = offsets.getLong((long) row * BaseVariableWidthVector.OFFSET_WIDTH);
            int start = (int) bounds;
            int len = (int) (bounds >> 32) - start;
            if (len < 0) {
                throw new IllegalStateException("Arrow utf8 value " + row + " of column '" + column
                        + "' has a negative length");
            }
            byte[] buf = scratch;
            if (buf.length < len + 8) {
                buf = new byte[Math.max(len + 8, buf.length * 2)];
                scratch = buf;
            }
            if (len <= SHORT_VALUE && start + (long) SHORT_VALUE <= data.capacity()) {
                // Short values (the common case) are copied a word at a time: ArrowBuf.getBytes costs a native
                // memory copy per call, which dominates for a few bytes. Bytes past the value are ignored.
                for (int k = 0; k < len; k += 8) {
                    LONGS.set(buf, k, data.getLong(start + k));
                }
            } else {
                data.getBytes(start, buf, 0, len);
            }
            return new String(buf, 0, len, StandardCharsets.UTF_8);
        }
    }

    static final class OfLargeUtf8 extends TextAccessor {
        private final LargeVarCharVector vector;

        OfLargeUtf8(LargeVarCharVector vector, String column) {
            super(vector, column);
            this.vector = vector;
        }

        @Override
        public byte[] utf8(int row) {
            return vector.get(row);
        }
    }
}
