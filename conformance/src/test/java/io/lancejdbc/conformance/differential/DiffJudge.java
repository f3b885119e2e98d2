package io.lancejdbc.conformance.differential;

import java.util.Optional;

/**
 * Whether the two outcomes of a {@link DiffQuery} relate as the query expects. DuckDB's outcome has the query's
 * documented rules already applied ({@link QueryOutcome#withRules}).
 *
 * <p>Beyond equal answers it requires what makes an agreement worth something: a query that both engines answer
 * with no rows fails unless it is {@linkplain DiffQuery#intendedEmpty() empty by design} (then both must be empty),
 * and two failures agree only when they have the same SQLSTATE class (DuckDB's class read from its message,
 * {@link DuckDbErrors}).
 */
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
                if (!q.oursFailsWith().equals(ours.sqlState())) {
                    return Optional.of("lance-jdbc failed with " + ours.sqlState() + " instead of "
                            + q.oursFailsWith() + ": " + ours.error());
                }
                return theirs.failed() ? Optional.of("DuckDB failed too, so " + q.difference()
                        + " is not what this query shows: " + theirs.error()) : Optional.empty();
            case BOTH_FAIL:
                if (!ours.failed() || !theirs.failed()) {
                    return Optional.of("both engines must fail; lance-jdbc: " + ours + "; DuckDB: " + theirs);
                }
                if (!q.oursFailsWith().equals(ours.sqlState())) {
                    return Optional.of("lance-jdbc failed with " + ours.sqlState() + " instead of "
                            + q.oursFailsWith() + ": " + ours.error());
                }
                return sameErrorClass(ours, theirs);
            case SAME_ROWS:
                if (ours.failed() && theirs.failed()) {
                    return Optional.of("both engines failed; lance-jdbc: " + ours.error() + "; DuckDB: "
                            + theirs.error());
                }
                return answersAgree(q, ours, theirs);
            case SAME_ROWS_OR_BOTH_FAIL:
            default:
                if (ours.failed() && theirs.failed()) {
                    return sameErrorClass(ours, theirs);
                }
                return answersAgree(q, ours, theirs);
        }
    }

    private static Optional<String> answersAgree(DiffQuery q, QueryOutcome ours, QueryOutcome theirs) {
        Optional<String> difference = OutcomeComparison.compare(ours, theirs, q.ordered());
        if (difference.isPresent()) {
            return difference;
        }
        if (q.intendedEmpty() && !ours.empty()) {
            return Optional.of("the query is empty by design but both engines returned rows");
        }
        if (!q.intendedEmpty() && ours.empty()) {
            return Optional.of("both engines returned no rows, so the query cannot tell a wrong answer from a right"
                    + " one: change the query or the data so that the answer has rows, or mark it emptyByDesign()"
                    + " when an empty answer is the point");
        }
        return Optional.empty();
    }

    private static Optional<String> sameErrorClass(QueryOutcome ours, QueryOutcome theirs) {
        Optional<String> a = ours.sqlStateClass();
        Optional<String> b = theirs.sqlStateClass();
        if (a.isPresent() && a.equals(b)) {
            return Optional.empty();
        }
        return Optional.of("both engines failed, but for different kinds of reason: lance-jdbc SQLSTATE class "
                + a.orElse("(none)") + " (" + ours.sqlState() + ": " + ours.error() + "), DuckDB class "
                + b.orElse("(unknown)") + " (" + theirs.error() + ")");
    }
}
