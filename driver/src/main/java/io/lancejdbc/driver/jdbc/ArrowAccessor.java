package io.lancejdbc.driver.jdbc;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;

/**
 * An accessor over one Arrow vector of the current batch. The validity bitmap is read directly (one bit test per
 * {@link #isNull}), which is what {@code wasNull()} reports.
 */
abstract class ArrowAccessor extends ColumnAccessor {
    private final ArrowBuf validity;

    ArrowAccessor(FieldVector vector, String column, ColumnType type) {
        super(column, type);
        this.validity = vector.getValidityBuffer();
    }

    @Override
    final boolean isNull(int row) {
        return BitVectorHelper.get(validity, row) == 0;
    }
}
