package io.lancejdbc.conformance.differential;

import io.lancejdbc.conformance.differential.QueryOutcome.Kind;
import java.util.Objects;
import java.util.function.Function;

/**
 * A documented rule as a function: from the value DuckDB returns for a column (a normalized value of
 * {@link QueryOutcome}, never null: NULL stays NULL without calling the rule) to the value lance-jdbc must return.
 *
 * @param name the rule's name (shown when a comparison fails)
 * @param kind the kind of lance-jdbc's column
 * @param function the rule; it returns a normalized value or null (a NULL answer, e.g. TRY_CAST out of range)
 */
record ColumnRule(String name, Kind kind, Function<Object, Object> function) {
    ColumnRule {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(function, "function");
    }

    /** The rule applied to one value (NULL maps to NULL). */
    Object apply(Object duckValue) {
        return duckValue == null ? null : function.apply(duckValue);
    }

    @Override
    public String toString() {
        return name;
    }
}
