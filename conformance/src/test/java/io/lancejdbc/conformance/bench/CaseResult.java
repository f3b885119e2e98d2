package io.lancejdbc.conformance.bench;

import java.util.Arrays;

/**
 * One case measured on both sides.
 *
 * @param ours the driver's run times
 * @param raw lance-core's run times
 * @param pairedRatios ours/raw of each repetition (the two runs of a repetition ran back to back, so the machine's
 *     load drifts less between them than across the whole case)
 * @param oursCpu CPU time of the whole process (all threads, Lance's native ones included) during our runs
 * @param rawCpu the same during lance-core's runs
 */
record CaseResult(BenchmarkCase benchmarkCase, Timings ours, Timings raw, double[] pairedRatios, Timings oursCpu,
        Timings rawCpu) {

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

    /** median CPU time ours / lance-core: less sensitive than wall time to other processes on a shared machine. */
    double cpuRatio() {
        return oursCpu.median() / rawCpu.median();
    }

    boolean meetsTarget() {
        return ratio() <= benchmarkCase.target;
    }
}
