package io.lancejdbc.engine;

import java.util.Objects;

/**
 * A failure a user can cause or observe, carrying the SQLState the JDBC layer reports.
 *
 * <p>The engine throws this unchecked exception everywhere; the driver turns it into the fitting
 * {@link java.sql.SQLException} subclass by SQLState class ({@code 42} syntax and names, {@code 22} data,
 * {@code 08} connection, {@code 0A} not supported, {@code HYT00} timeout, {@code HY000} otherwise).
 * Messages name the object and say how to fix the problem; they never carry credentials.
 */
public class SqlError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String sqlState;
    private final int position;

    /**
     * @param sqlState five-character SQLState, not null (see {@link SqlState})
     * @param message user-facing message, not null
     */
    public SqlError(String sqlState, String message) {
        this(sqlState, message, -1, null);
    }

    public SqlError(String sqlState, String message, Throwable cause) {
        this(sqlState, message, -1, cause);
    }

    /**
     * @param position 1-based character position in the SQL text the error refers to, or -1 when unknown
     */
    public SqlError(String sqlState, String message, int position, Throwable cause) {
        super(Objects.requireNonNull(message, "message"), cause);
        this.sqlState = Objects.requireNonNull(sqlState, "sqlState");
        this.position = position;
    }

    /** The five-character SQLState, never null. */
    public String sqlState() {
        return sqlState;
    }

    /** 1-based character position in the statement text, or -1 when not known. */
    public int position() {
        return position;
    }
}
