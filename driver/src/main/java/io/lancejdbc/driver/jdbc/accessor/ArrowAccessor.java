package io.lancejdbc.driver.jdbc.accessor;

import io.lancejdbc.driver.jdbc.ColumnType;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;

/**
 * An accessor over one Arrow vector of the current batch. {@link #isNull} reads the validity bitmap (what
 * {@code wasNull()} reports) 64 rows at a time: the word of the last row asked for is kept, so a forward scan makes
 * one bounds-checked buffer read per 64 rows instead of one per row.
 */
public abstract class ArrowAccessor extends ColumnAccessor {
    private final ArrowBuf validity;
    /** Whole 8-byte words in the bitmap; rows past them are read bit by bit. */
    private final long validityWords;
    private long wordIndex = Long.MIN_VALUE;
    private long word;

    ArrowAccessor(FieldVector vector, String column, ColumnType type) {
        super(column, type);
        this.validity = vector.getValidityBuffer();
        this.validityWords = validity.capacity() / 8;
    }

    @Override
    public final boolean isNull(int row) {
        long index = row >> 6;
        if (index != wordIndex) {
            if (row < 0 || index >= validityWords) {
                // Out of range rows fail here exactly as in Arrow (IndexOutOfBoundsException).
                return BitVectorHelper.get(validity, row) == 0;
            }
            word = validity.getLong(index * 8);
            wordIndex = index;
        }
        return (word >>> (row & 63) & 1) == 0;
    }
}
