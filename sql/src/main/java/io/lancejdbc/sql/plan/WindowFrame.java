package io.lancejdbc.sql.plan;

/**
 * A window frame {@code ROWS|RANGE BETWEEN start AND end}. Offsets count rows (ROWS) or key distance (RANGE).
 *
 * @param rows true for ROWS, false for RANGE
 * @param startUnbounded UNBOUNDED PRECEDING
 * @param startOffset rows before the current row (negative = following); ignored when unbounded
 * @param endUnbounded UNBOUNDED FOLLOWING
 * @param endOffset rows after the current row (negative = preceding); ignored when unbounded
 */
public record WindowFrame(boolean rows, boolean startUnbounded, long startOffset, boolean endUnbounded,
        long endOffset) {
    /** The SQL default with ORDER BY: RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW. */
    public static final WindowFrame DEFAULT_ORDERED = new WindowFrame(false, true, 0, false, 0);
    /** The SQL default without ORDER BY: the whole partition. */
    public static final WindowFrame WHOLE_PARTITION = new WindowFrame(false, true, 0, true, 0);
}
