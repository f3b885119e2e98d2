package io.lancejdbc.conformance.differential;

import java.util.Optional;

/** Whether the two outcomes of a {@link DiffQuery} relate as the query expects. */
final class DiffJudge {
    private DiffJudge() {
    }

    /** @return the reason the outcomes do not relate as expected, or empty when they do */
    static Optional<String> judge(DiffQuery q, QueryOutcome ours, QueryOutcome theirs) {
        switch (q.expect()) {
            case OURS_FAILS:
                if (!ours.failed()) {
                    return Optional.of("lance-jdbc answered but must refuse with " + q.oursFailsWith()
                            + " (documented as " + q.difference() + ")");
                }
                if (!ours.sqlState().equals(q.oursFailsWith())) {
                    return Optional.of("lance-jdbc failed with " + ours.sqlState() + " instead of "
                            + q.oursFailsWith() + ": " + ours.error());
                }
                return theirs.failed() ? Optional.of("DuckDB failed too, so " + q.difference()
                        + " is not what this query shows: " + theirs.error()) : Optional.empty();
            case BOTH_FAIL:
                if (!ours.failed() || !theirs.failed()) {
                    return Optional.of("both engines must fail; lance-jdbc: " + ours + "; DuckDB: " + theirs);
                }
                return ours.sqlState().equals(q.oursFailsWith()) ? Optional.empty()
                        : Optional.of("lance-jdbc failed with " + ours.sqlState() + " instead of "
                                + q.oursFailsWith() + ": " + ours.error());
            case SAME_ROWS:
                if (ours.failed() && theirs.failed()) {
                    return Optional.of("both engines failed; lance-jdbc: " + ours.error() + "; DuckDB: "
                            + theirs.error());
                }
                return OutcomeComparison.compare(ours, theirs, q.ordered());
            default:
                return OutcomeComparison.compare(ours, theirs, q.ordered());
        }
    }
}
