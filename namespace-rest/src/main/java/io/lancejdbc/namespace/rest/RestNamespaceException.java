package io.lancejdbc.namespace.rest;

import java.util.Objects;
import java.util.OptionalInt;

/**
 * A failed call to a Lance REST namespace: the base of every exception this client throws while talking to a
 * service (configuration errors are {@link RestConfigException}).
 *
 * <p>Unchecked, like the engine's own {@code SqlError}, because every catalog call can fail this way and callers
 * translate it in one place. The message names the operation, the namespace or table id and the service URI, and
 * never a token, key or vended credential. {@link #category()} tells which SQLState class fits.
 */
public class RestNamespaceException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final RestErrorCategory category;
    private final RestOperation operation;
    private final String target;
    private final int httpStatus;
    private final Integer errorCode;

    /**
     * @param category the failure kind, not null
     * @param message the complete user-facing message, not null
     * @param operation the operation that failed, not null
     * @param target the namespace or table id as shown in messages ({@code ns1$t}, or {@code $} for the root)
     * @param httpStatus the HTTP status the service answered, or 0 when no response arrived
     * @param errorCode the Lance namespace error code from the error body, or null when there was none
     * @param cause the underlying I/O or parse failure, or null
     */
    public RestNamespaceException(RestErrorCategory category, String message, RestOperation operation, String target,
            int httpStatus, Integer errorCode, Throwable cause) {
        super(Objects.requireNonNull(message, "message"), cause);
        this.category = Objects.requireNonNull(category, "category");
        this.operation = Objects.requireNonNull(operation, "operation");
        this.target = Objects.requireNonNull(target, "target");
        this.httpStatus = httpStatus;
        this.errorCode = errorCode;
    }

    /** The failure kind; {@link RestErrorCategory#sqlState()} suggests the SQLState. Never null. */
    public RestErrorCategory category() {
        return category;
    }

    /** The operation that failed, never null. */
    public RestOperation operation() {
        return operation;
    }

    /** The namespace or table id the operation addressed, joined with the delimiter; {@code $} (the delimiter) for the root. */
    public String target() {
        return target;
    }

    /** The HTTP status of the service's answer, or 0 when no answer arrived (unreachable, timeout, interrupted). */
    public int httpStatus() {
        return httpStatus;
    }

    /** The Lance namespace error code ({@code code} of the error body), if the body had one. */
    public OptionalInt errorCode() {
        return errorCode == null ? OptionalInt.empty() : OptionalInt.of(errorCode);
    }
}
