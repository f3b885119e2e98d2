package io.lancejdbc.conformance.bench;

import java.util.Arrays;

/**
 * One case measured on both sides.
 *
 * @param ours the driver's run times
 * @param raw lance-core's run times
 * @param pairedRatios ours/raw of each repetition (the two runs of a repetition ran back to back, so the machine's
 *     load drifts less between them than across the whole case)
 */
record CaseResult(BenchmarkCase benchmarkCase, Timings ours, Timings raw, double[] pairedRatios) {

    /** The headline ratio: median(ours) / median(raw). */
    double ratio() {
        return ours.median() / raw.median();
    }

    double medianPairedRatio() {
        double[] r = pairedRatios.clone();
        Arrays.sort(r);
        int n = r.length;
        return n % 2 == 1 ? r[n / 2] : (r[n / 2 - 1] + r[n / 2]) / 2;
    }

    boolean meetsTarget() {
        return ratio() <= benchmarkCase.target;
    }
}
