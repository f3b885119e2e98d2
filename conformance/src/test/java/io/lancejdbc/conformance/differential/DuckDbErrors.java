package io.lancejdbc.conformance.differential;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The SQLSTATE class (the first two characters of an SQLState) a DuckDB error belongs to. DuckDB's JDBC driver
 * (1.5.2.1) sets no SQLState; its messages start with DuckDB's error type ({@code "Conversion Error: ..."}), which
 * this class maps onto the classes of the SQL standard (ISO/IEC 9075-2, table "SQLSTATE class and subclass codes"),
 * so that a query both engines refuse can be required to fail for the same kind of reason.
 *
 * <p>The message is the one a {@code PreparedStatement} reports: through {@code Statement.executeQuery} DuckDB's
 * driver replaces binder and catalog errors by "Attempting to execute an unsuccessful or closed pending query
 * result", which says nothing (see {@link QueryOutcome#runPrepared}).
 */
final class DuckDbErrors {
    /** DuckDB error type (message prefix) to SQLSTATE class, checked in order (the first matching prefix wins). */
    private static final List<String[]> TYPES = List.of(
            new String[] {"Parser Error", "42"},
            new String[] {"Syntax Error", "42"},
            new String[] {"Binder Error", "42"},
            new String[] {"Catalog Error", "42"},
            new String[] {"Mismatch Type Error", "42"},
            new String[] {"Conversion Error", "22"},
            new String[] {"Out of Range Error", "22"},
            new String[] {"Invalid Input Error", "22"},
            new String[] {"Constraint Error", "23"},
            new String[] {"Not implemented Error", "0A"},
            new String[] {"Interrupt Error", "57"},
            new String[] {"Out of Memory Error", "53"},
            new String[] {"IO Error", "58"});

    private DuckDbErrors() {
    }

    /**
     * @param message a DuckDB error message ({@code SQLException.getMessage()}), not null
     * @return the SQLSTATE class of the error, or empty for an error type without a class here (internal errors,
     *     fatal errors), which then never equals lance-jdbc's class
     */
    static Optional<String> sqlStateClass(String message) {
        String m = message.strip();
        // A scalar subquery with several rows is an Invalid Input Error in DuckDB and a cardinality violation (21000)
        // in the SQL standard.
        if (m.toLowerCase(Locale.ROOT).contains("more than one row returned by a subquery")) {
            return Optional.of("21");
        }
        for (String[] t : TYPES) {
            if (m.startsWith(t[0] + ":")) {
                return Optional.of(t[1]);
            }
        }
        return Optional.empty();
    }
}
