package io.lancejdbc.conformance.bench;

/**
 * What a scan read, summed so that the JIT cannot drop a read and so that both sides can be compared: row count,
 * sums of {@code id}, {@code i32} and {@code f64} (exact: every f64 value is a multiple of 0.25 far below 2^50),
 * total characters of {@code category}, and NULLs seen in the nullable columns.
 */
final class ScanChecksum {
    long rows;
    long idSum;
    long i32Sum;
    double f64Sum;
    long textChars;
    long nulls;

    @Override
    public String toString() {
        return "rows=" + rows + " id=" + idSum + " i32=" + i32Sum + " f64=" + f64Sum + " chars=" + textChars
                + " nulls=" + nulls;
    }
}
