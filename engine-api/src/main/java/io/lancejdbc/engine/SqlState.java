package io.lancejdbc.engine;



/** SQLState values the engine reports (SQL:2011 and X/Open classes as JDBC tools expect them). */
public final class SqlState {
    /** Syntax error or access rule violation. */
    public static final String SYNTAX_ERROR = "42000";
    /** Base table or view not found. */
    public static final String TABLE_NOT_FOUND = "42S02";
    /** Column not found. */
    public static final String COLUMN_NOT_FOUND = "42S22";
    /** Ambiguous column reference. */
    public static final String AMBIGUOUS_COLUMN = "42702";
    /** Column must appear in GROUP BY or be used in an aggregate. */
    public static final String GROUPING_ERROR = "42803";
    /** Datatype mismatch between operands or for a function argument. */
    public static final String DATATYPE_MISMATCH = "42804";
    /** Undefined function. */
    public static final String UNDEFINED_FUNCTION = "42883";
    /** Invalid schema name. */
    public static final String SCHEMA_NOT_FOUND = "3F000";
    /** Data exception: numeric value out of range. */
    public static final String NUMERIC_OUT_OF_RANGE = "22003";
    /** Data exception: division by zero. */
    public static final String DIVISION_BY_ZERO = "22012";
    /** Data exception: invalid character value for cast. */
    public static final String INVALID_CAST = "22018";
    /** Data exception: invalid parameter value. */
    public static final String INVALID_PARAMETER_VALUE = "22023";
    /** Data exception (general). */
    public static final String DATA_EXCEPTION = "22000";
    /** Invalid datetime format. */
    public static final String INVALID_DATETIME = "22007";
    /** Data exception: datetime field overflow (a value outside the range its type can hold). */
    public static final String DATETIME_OVERFLOW = "22008";
    /** Connection exception: unable to establish. */
    public static final String CONNECTION_FAILURE = "08001";
    /** Connection exception: connection does not exist (closed). */
    public static final String CONNECTION_CLOSED = "08003";
    /**
     * Connection exception (general). Only for a connection that is really lost: connection pools (HikariCP, DBCP)
     * evict a connection on any 08 state, so a storage or catalog outage while a statement runs is
     * {@link #IO_ERROR}, and a failure to open a connection is {@link #CONNECTION_FAILURE}.
     */
    public static final String CONNECTION_EXCEPTION = "08000";
    /**
     * I/O error (class 58, system error, as DB2 uses 58030): object storage or the REST catalog could not be
     * reached, reset the connection, answered 5xx / 429 through every retry, or did not answer in time while a
     * statement ran. The JDBC connection is fine and a retry may succeed, so this is not an 08 state (pools would
     * evict the connection); at connect time the same failure is {@link #CONNECTION_FAILURE}.
     */
    public static final String IO_ERROR = "58030";
    /**
     * Feature not supported: only for JDBC API methods the driver does not implement. Connection pools (HikariCP,
     * DBCP) treat 0A000 as a broken connection and evict it, so SQL the engine refuses uses
     * {@link #UNSUPPORTED_SQL} or {@link #READ_ONLY_TRANSACTION} instead.
     */
    public static final String FEATURE_NOT_SUPPORTED = "0A000";
    /**
     * An SQL construct, statement form or stored data the engine does not support (syntax error or access rule
     * violation, class 42): the statement is refused, the connection stays usable. Not 0A000, which pools read as
     * a broken connection (see {@link #FEATURE_NOT_SUPPORTED}).
     */
    public static final String UNSUPPORTED_SQL = "42000";
    /** A data- or schema-changing statement on this read-only driver (read-only SQL transaction). */
    public static final String READ_ONLY_TRANSACTION = "25006";
    /** Query canceled. */
    public static final String QUERY_CANCELED = "57014";
    /** Timeout expired. */
    public static final String TIMEOUT = "HYT00";
    /** Memory allocation error (a query exceeded its memory budget). */
    public static final String OUT_OF_MEMORY = "HY001";
    /** Program limit exceeded (a configured budget, e.g. listing requests of one file TVF call). */
    public static final String LIMIT_EXCEEDED = "54000";
    /**
     * Statement too complex: nested too deeply for the parser or the planner to handle within their limits (the
     * SQL:2011 program-limit class 54).
     */
    public static final String STATEMENT_TOO_COMPLEX = "54001";
    /** General error. */
    public static final String GENERAL_ERROR = "HY000";
    /** Invalid authorization specification. */
    public static final String INVALID_AUTHORIZATION = "28000";
    /** Insufficient privilege (e.g. a local path outside {@code lance.local.allowed_roots}). */
    public static final String INSUFFICIENT_PRIVILEGE = "42501";

    private SqlState() {
    }
}
