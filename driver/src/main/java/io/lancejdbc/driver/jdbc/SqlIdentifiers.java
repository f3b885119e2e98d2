package io.lancejdbc.driver.jdbc;

import java.sql.SQLException;
import java.util.regex.Pattern;

/**
 * Identifier quoting of the SQL dialect: backticks, as in Doris and MySQL. Double quotes are not identifier
 * quotes here: the dialect's table-function arguments use them around values ({@code "uri" = "s3://..."}), so
 * {@code DatabaseMetaData.getIdentifierQuoteString()} is a backtick and tools quote with it.
 */
final class SqlIdentifiers {
    static final String QUOTE = "`";
    private static final Pattern SIMPLE = Pattern.compile("[A-Za-z][A-Za-z0-9_]*");

    private SqlIdentifiers() {
    }

    /** {@code Statement.enquoteIdentifier} for backticks: already-quoted names are returned unchanged. */
    static String enquote(String identifier, boolean alwaysQuote) throws SQLException {
        if (identifier == null || identifier.isEmpty()) {
            throw SqlExceptions.of(SqlExceptions.INVALID_ARGUMENT, "An identifier must not be null or empty");
        }
        if (identifier.length() > 1 && identifier.startsWith(QUOTE) && identifier.endsWith(QUOTE)) {
            return identifier;
        }
        if (!alwaysQuote && SIMPLE.matcher(identifier).matches()) {
            return identifier;
        }
        return QUOTE + identifier.replace(QUOTE, QUOTE + QUOTE) + QUOTE;
    }
}
