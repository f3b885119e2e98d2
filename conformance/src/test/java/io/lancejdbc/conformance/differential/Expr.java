package io.lancejdbc.conformance.differential;

/**
 * A generated expression in both dialects.
 *
 * @param ours the expression as lance-jdbc reads it
 * @param duck the same expression in DuckDB's spelling (documented differences spelled out: integers widened to
 *     BIGINT, or to HUGEINT when {@code wide} (D2), REAL operands to DOUBLE (D4), float to integer casts rounded half
 *     away from zero (D10))
 * @param type its type
 * @param wide for integers, whether a value may leave the BIGINT range (it involves a uint64)
 */
record Expr(String ours, String duck, GenType type, boolean wide) {
    /** An expression spelled alike in both dialects. */
    static Expr same(String sql, GenType type) {
        return new Expr(sql, sql, type, false);
    }

    /** The integer type DuckDB must compute this expression in to match lance-jdbc (D2). */
    String duckIntegerType() {
        return wide ? "HUGEINT" : "BIGINT";
    }

    /** DuckDB's spelling of this operand of arithmetic or a comparison: REAL widened to DOUBLE (D4). */
    String duckOperand() {
        return type == GenType.REAL ? "CAST(" + duck + " AS DOUBLE)" : duck;
    }
}
