package io.lancejdbc.conformance.differential;

/**
 * The three-valued truth of a predicate on each row of a table: {@code TRUE}, {@code FALSE} or {@code UNKNOWN}
 * (NULL). Immutable.
 */
final class Truth {
    static final byte FALSE = 0;
    static final byte TRUE = 1;
    static final byte UNKNOWN = 2;

    private final byte[] values;

    private Truth(byte[] values) {
        this.values = values;
    }

    /** The truth of each row. */
    static Truth of(byte[] values) {
        return new Truth(values.clone());
    }

    /** How many rows the predicate selects (is TRUE on). */
    int selected() {
        int n = 0;
        for (byte v : values) {
            n += v == TRUE ? 1 : 0;
        }
        return n;
    }

    /** How many rows the predicate is FALSE on. */
    int rejected() {
        int n = 0;
        for (byte v : values) {
            n += v == FALSE ? 1 : 0;
        }
        return n;
    }

    /** Whether row {@code i} is selected. */
    boolean selects(int i) {
        return values[i] == TRUE;
    }

    int size() {
        return values.length;
    }

    Truth and(Truth o) {
        byte[] out = new byte[values.length];
        for (int i = 0; i < out.length; i++) {
            byte a = values[i];
            byte b = o.values[i];
            out[i] = a == FALSE || b == FALSE ? FALSE : a == TRUE && b == TRUE ? TRUE : UNKNOWN;
        }
        return new Truth(out);
    }

    Truth or(Truth o) {
        byte[] out = new byte[values.length];
        for (int i = 0; i < out.length; i++) {
            byte a = values[i];
            byte b = o.values[i];
            out[i] = a == TRUE || b == TRUE ? TRUE : a == FALSE && b == FALSE ? FALSE : UNKNOWN;
        }
        return new Truth(out);
    }

    Truth not() {
        byte[] out = new byte[values.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = values[i] == UNKNOWN ? UNKNOWN : values[i] == TRUE ? FALSE : TRUE;
        }
        return new Truth(out);
    }
}
