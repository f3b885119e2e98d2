package io.lancejdbc.conformance.bench;

/** One timed run of a case on one side; returns a fingerprint of what it read (compared across sides). */
@FunctionalInterface
interface Workload {
    String run() throws Exception;
}
