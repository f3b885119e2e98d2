package io.lancejdbc.conformance.bench;

/**
 * What a full read of {@link BigResultTable} saw, summed so that the JIT cannot drop a read and so that both sides
 * and the table's formulas can be compared: row count, sum of {@code id}, sum of the non-NULL {@code x} (exact:
 * multiples of 0.25 far below 2^50), characters of {@code s} and NULLs of {@code x}.
 */
final class ResultChecksum {
    long rows;
    long idSum;
    double xSum;
    long textChars;
    long nulls;

    /**
     * The value bytes read: 8 per {@code id}, 8 per non-NULL {@code x}, the UTF-8 bytes of {@code s} (its values
     * are ASCII, one byte per character); offsets and validity bits not counted.
     */
    long valueBytes() {
        return 8 * rows + 8 * (rows - nulls) + textChars;
    }

    @Override
    public String toString() {
        return "rows=" + rows + " id=" + idSum + " x=" + xSum + " chars=" + textChars + " nulls=" + nulls;
    }
}
