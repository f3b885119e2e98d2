package io.lancejdbc.driver.jdbc.accessor;

import io.lancejdbc.driver.jdbc.ArrowTypeMapping;
import io.lancejdbc.driver.jdbc.ColumnType;
import java.util.HexFormat;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.LargeVarBinaryVector;
import org.apache.arrow.vector.VarBinaryVector;

/**
 * binary and large_binary → VARBINARY, fixed_size_binary(n) → BINARY(n); {@code getObject} and {@code getBytes}
 * return a copy of the bytes, {@code getString} lower-case hex.
 */
public abstract class BinaryAccessor extends ArrowAccessor {
    BinaryAccessor(FieldVector vector, String column, ColumnType type) {
        super(vector, column, type);
    }

    @Override
    public abstract byte[] getBytes(int row);

    @Override
    public final Object getObject(int row) {
        return getBytes(row);
    }

    @Override
    public final String getString(int row) {
        return HexFormat.of().formatHex(getBytes(row));
    }

    static final class OfBinary extends BinaryAccessor {
        private final VarBinaryVector vector;

        OfBinary(VarBinaryVector vector, String column) {
            super(vector, column, ArrowTypeMapping.VARBINARY);
            this.vector = vector;
        }

        @Override
        public byte[] getBytes(int row) {
            return vector.get(row);
        }
    }

    static final class OfLargeBinary extends BinaryAccessor {
        private final LargeVarBinaryVector vector;

        OfLargeBinary(LargeVarBinaryVector vector, String column) {
            super(vector, column, ArrowTypeMapping.VARBINARY);
            this.vector = vector;
        }

        @Override
        public byte[] getBytes(int row) {
            return vector.get(row);
        }
    }

    static final class OfFixedSize extends BinaryAccessor {
        private final FixedSizeBinaryVector vector;

        OfFixedSize(FixedSizeBinaryVector vector, String column) {
            super(vector, column, ArrowTypeMapping.of(vector.getField()));
            this.vector = vector;
        }

        @Override
        public byte[] getBytes(int row) {
            return vector.get(row);
        }
    }
}
