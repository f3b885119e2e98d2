package io.lancejdbc.conformance.bench;

import java.util.Arrays;

/**
 * Wall-clock samples of one side of one case, in milliseconds. Percentiles use the nearest-rank method, so with
 * few samples p10 and p90 are close to the minimum and maximum.
 */
record Timings(double[] millis) {

    Timings {
        millis = millis.clone();
        Arrays.sort(millis);
    }

    double median() {
        int n = millis.length;
        return n % 2 == 1 ? millis[n / 2] : (millis[n / 2 - 1] + millis[n / 2]) / 2;
    }

    /** @param p in (0, 100] */
    double percentile(double p) {
        int rank = (int) Math.ceil(p / 100.0 * millis.length);
        return millis[Math.max(0, rank - 1)];
    }

    /** The spread p10..p90 relative to the median, e.g. 0.12 = the middle 80% of runs lie within 12% of it. */
    double relativeSpread() {
        return (percentile(90) - percentile(10)) / median();
    }
}
