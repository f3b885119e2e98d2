package io.lancejdbc.driver.jdbc;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLInvalidAuthorizationSpecException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLNonTransientException;
import java.sql.SQLSyntaxErrorException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransientException;

/**
 * Builds the {@link SQLException} subclass that fits an SQLState, so that Spring, jOOQ and Hibernate translate
 * our failures by class: {@code 42} syntax, names and unsupported SQL, {@code 22} data, {@code 08} connection,
 * {@code 0A} JDBC API methods not implemented, {@code 25} writes on the read-only driver, {@code HYT00} timeout,
 * {@code 57014} cancelled, {@code 58030} storage or catalog I/O error (transient), {@code 28} authorization.
 */
public final class SqlExceptions {
    /** Driver-side SQLStates that the engine's {@link SqlState} does not need. */
    public static final String WRONG_PARAMETER_COUNT = "07001";
    public static final String INVALID_CONVERSION = "07006";
    public static final String INVALID_CURSOR_STATE = "24000";
    public static final String NO_DATA = "02000";
    public static final String RESULT_NOT_EXPECTED = "0100E";
    public static final String NULL_NOT_ALLOWED = "22004";
    public static final String INVALID_ARGUMENT = "HY024";
    public static final String INVALID_COLUMN_INDEX = "07009";
    public static final String OBJECT_CLOSED = "HY010";

    private SqlExceptions() {
    }

    /** The fitting subclass for {@code sqlState}. */
    public static SQLException of(String sqlState, String message, Throwable cause) {
        SQLException e;
        if (sqlState.startsWith("08")) {
            e = new SQLNonTransientConnectionException(message, sqlState);
        } else if (sqlState.startsWith("0A")) {
            e = new SQLFeatureNotSupportedException(message, sqlState);
        } else if (sqlState.startsWith("22")) {
            e = new SQLDataException(message, sqlState);
        } else if (sqlState.startsWith("42")) {
            e = new SQLSyntaxErrorException(message, sqlState);
        } else if (sqlState.startsWith("28")) {
            e = new SQLInvalidAuthorizationSpecException(message, sqlState);
        } else if (sqlState.equals(SqlState.TIMEOUT) || sqlState.equals("HYT01")) {
            e = new SQLTimeoutException(message, sqlState);
        } else if (sqlState.equals(SqlState.QUERY_CANCELED) || sqlState.equals(SqlState.IO_ERROR)) {
            // 58030: storage or the REST catalog failed while the statement ran; a retry may succeed.
            e = new SQLTransientException(message, sqlState);
        } else if (sqlState.startsWith("3F") || sqlState.startsWith("07") || sqlState.startsWith("24")
                || sqlState.startsWith("25")) {
            e = new SQLNonTransientException(message, sqlState);
        } else {
            e = new SQLException(message, sqlState);
        }
        if (cause != null) {
            e.initCause(cause);
        }
        return e;
    }

    public static SQLException of(String sqlState, String message) {
        return of(sqlState, message, null);
    }

    /**
     * An engine failure as JDBC sees it. The {@link SqlError} stays the cause, so callers reach
     * {@link SqlError#position()} (the 1-based position of a syntax error) through {@code getCause()}.
     */
    public static SQLException from(SqlError error) {
        return of(error.sqlState(), error.getMessage(), error);
    }

    /**
     * A failure the engine did not classify: an {@link SqlError} keeps its state, anything else is an internal
     * error (HY000) that names the exception class.
     */
    public static SQLException from(RuntimeException error) {
        if (error instanceof SqlError) {
            return from((SqlError) error);
        }
        String detail = error.getMessage() == null ? "" : ": " + error.getMessage();
        return of(SqlState.GENERAL_ERROR, "Internal error in lance-jdbc (" + error.getClass().getName() + detail
                + "); please report it with the statement that caused it", error);
    }

    public static SQLException closed(String what) {
        return of(OBJECT_CLOSED, what + " is closed");
    }

    public static SQLFeatureNotSupportedException unsupported(String what) {
        return new SQLFeatureNotSupportedException(what + " is not supported by lance-jdbc (read-only driver)",
                SqlState.FEATURE_NOT_SUPPORTED);
    }
}
