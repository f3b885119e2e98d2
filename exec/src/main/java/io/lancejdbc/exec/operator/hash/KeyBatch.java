package io.lancejdbc.exec.operator.hash;

import org.apache.arrow.vector.FieldVector;

/**
 * The key columns of one batch (a hash join's equi-join keys, or every column of a set operation), with a combined
 * hash per row. A key column is either NULL-rejecting (SQL {@code =}: a row with a NULL there matches nothing) or
 * NULL-safe ({@code <=>}, set operations: NULL equals NULL).
 */
public final class KeyBatch {
    private static final long NULL_HASH = 0x5bd1e995L;

    private final KeyColumn[] columns;
    private final boolean[] nullSafe;
    private final int rows;
    private long[] hashes;
    private final boolean[] rejected;
    private final boolean anyRejected;

    /**
     * @param keys the key vectors (they must stay open while this batch is used)
     * @param nullSafe per key: true when NULL equals NULL
     * @param rows number of rows
     */
    public KeyBatch(FieldVector[] keys, boolean[] nullSafe, int rows) {
        this.columns = new KeyColumn[keys.length];
        this.nullSafe = nullSafe.clone();
        this.rows = rows;
        for (int k = 0; k < keys.length; k++) {
            columns[k] = KeyColumn.of(keys[k], rows);
        }
        boolean[] rej = null;
        for (int k = 0; k < columns.length; k++) {
            KeyColumn c = columns[k];
            if (nullSafe[k] || !c.hasNulls()) {
                continue;
            }
            for (int i = 0; i < rows; i++) {
                if (c.isNull(i)) {
                    if (rej == null) {
                        rej = new boolean[rows];
                    }
                    rej[i] = true;
                }
            }
        }
        this.rejected = rej;
        this.anyRejected = rej != null;
    }

    public int rows() {
        return rows;
    }

    public int width() {
        return columns.length;
    }

    public KeyColumn column(int k) {
        return columns[k];
    }

    public boolean nullSafe(int k) {
        return nullSafe[k];
    }

    /** The combined hash of every row (computed on first use). */
    public long[] hashes() {
        if (hashes == null) {
            long[] h = new long[rows];
            for (KeyColumn c : columns) {
                boolean hasNulls = c.hasNulls();
                for (int i = 0; i < rows; i++) {
                    long x = hasNulls && c.isNull(i) ? NULL_HASH : c.hash(i);
                    h[i] = KeyColumn.mix(h[i] * 31 + x);
                }
            }
            hashes = h;
        }
        return hashes;
    }

    /** True when row {@code i} has a NULL in a NULL-rejecting key, so it matches no row. */
    public boolean rejected(int i) {
        return anyRejected && rejected[i];
    }

    /** True when some row is {@link #rejected(int)}. */
    public boolean anyRejected() {
        return anyRejected;
    }

    /** True when row {@code i} and row {@code j} of {@code other} have equal keys (neither rejected). */
    public boolean equal(int i, KeyBatch other, int j) {
        for (int k = 0; k < columns.length; k++) {
            KeyColumn a = columns[k];
            KeyColumn b = other.columns[k];
            boolean an = a.isNull(i);
            boolean bn = b.isNull(j);
            if (an || bn) {
                if (an != bn) {
                    return false;
                }
                continue;
            }
            if (!a.equal(i, b, j)) {
                return false;
            }
        }
        return true;
    }

    /** Approximate heap bytes held. */
    public long estimatedBytes() {
        long b = hashes == null ? 0 : hashes.length * 8L;
        b += rejected == null ? 0 : rows;
        for (KeyColumn c : columns) {
            b += c.estimatedBytes();
        }
        return b;
    }
}
