package io.lancejdbc.namespace.rest;

/**
 * What kind of failure a {@link RestNamespaceException} is, so the engine can pick an SQLState without
 * inspecting exception classes or messages.
 *
 * <p>The SQLState of each category is a suggestion that follows the X/Open and SQL:2011 classes JDBC tools expect:
 * {@code 58030} (I/O error) for a service that cannot be reached, answered too late or kept answering 503 / 429 (not
 * an {@code 08} state: the JDBC connection is not lost, and pools evict connections on 08; the engine reports the
 * same failure as 08001 only while a connection is being opened), {@code 28000} for rejected credentials,
 * {@code 3F000} / {@code 42S02} for a missing namespace / table, {@code HY000} otherwise.
 */
public enum RestErrorCategory {
    /** The service could not be reached: connection refused, unknown host, TLS handshake failure, connection reset. */
    UNREACHABLE("58030"),
    /** The connect, read or whole-call timeout elapsed. */
    TIMEOUT("58030"),
    /** The service answered 503 / 429 (or error code 17 / 21) and kept doing so through every retry. */
    SERVICE_UNAVAILABLE("58030"),
    /** The credentials are missing or invalid (HTTP 401, error code 16). */
    UNAUTHENTICATED("28000"),
    /** The credentials are valid but lack permission (HTTP 403, error code 15). SQL:2011 "insufficient privilege". */
    PERMISSION_DENIED("42501"),
    /** The namespace does not exist (error code 1, or HTTP 404 on a namespace operation). */
    NAMESPACE_NOT_FOUND("3F000"),
    /** The table does not exist (error code 4, or HTTP 404 on a table operation). */
    TABLE_NOT_FOUND("42S02"),
    /** The request was rejected as malformed (HTTP 400, error code 13), or an identifier cannot be sent. */
    INVALID_INPUT("HY000"),
    /** The object already exists, is not empty, or was modified concurrently (HTTP 409, codes 2, 3, 5, 7, 9, 14). */
    CONFLICT("HY000"),
    /**
     * The service does not support the operation (HTTP 406 / 501, error code 0); 42000, not 0A000, so that
     * connection pools keep the connection.
     */
    UNSUPPORTED("42000"),
    /** The service failed (HTTP 5xx, error code 18), or answered something this client cannot read. */
    INTERNAL("HY000"),
    /** The calling thread was interrupted while waiting for the service. */
    CANCELLED("57014"),
    /** Any other error code of the spec (index, tag, transaction, version or column not found, invalid state...). */
    OTHER("HY000");

    private final String sqlState;

    RestErrorCategory(String sqlState) {
        this.sqlState = sqlState;
    }

    /** The five-character SQLState suggested for this category, never null. */
    public String sqlState() {
        return sqlState;
    }
}
