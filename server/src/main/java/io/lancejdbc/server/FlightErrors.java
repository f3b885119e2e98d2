package io.lancejdbc.server;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.ErrorFlightMetadata;
import org.apache.arrow.flight.FlightRuntimeException;

/**
 * Engine errors as Flight errors. The SQLState travels in the error metadata under {@value #SQLSTATE_KEY} (our
 * thin client rebuilds the SQLException with the same state) and in front of the description as
 * {@code [SQLState 42S02] ...} for other clients, which show only the description. The description is the
 * engine's message, which never holds a credential.
 */
final class FlightErrors {
    /** The Flight error metadata key holding the SQLState. */
    static final String SQLSTATE_KEY = io.lancejdbc.engine.remote.RemoteProtocol.SQLSTATE_KEY;

    private FlightErrors() {
    }

    static FlightRuntimeException of(SqlError e) {
        ErrorFlightMetadata md = new ErrorFlightMetadata();
        md.insert(SQLSTATE_KEY, e.sqlState());
        return statusOf(e.sqlState()).withDescription("[SQLState " + e.sqlState() + "] " + e.getMessage())
                .withMetadata(md).toRuntimeException();
    }

    /** An unexpected failure: the class name only, since its message may quote internal state. */
    static FlightRuntimeException of(RuntimeException e) {
        if (e instanceof FlightRuntimeException) {
            return (FlightRuntimeException) e;
        }
        if (e instanceof SqlError) {
            return of((SqlError) e);
        }
        org.slf4j.LoggerFactory.getLogger(FlightErrors.class).error("Unexpected server failure", e);
        return of(new SqlError(SqlState.GENERAL_ERROR, "Internal server error (" + e.getClass().getSimpleName()
                + "); the server log has the details"));
    }

    private static CallStatus statusOf(String state) {
        if (state.equals(SqlState.QUERY_CANCELED)) {
            return CallStatus.CANCELLED;
        }
        if (state.equals(SqlState.TIMEOUT)) {
            return CallStatus.TIMED_OUT;
        }
        if (state.equals(SqlState.INVALID_AUTHORIZATION)) {
            return CallStatus.UNAUTHENTICATED;
        }
        if (state.equals(SqlState.INSUFFICIENT_PRIVILEGE)) {
            return CallStatus.UNAUTHORIZED;
        }
        if (state.equals(SqlState.FEATURE_NOT_SUPPORTED) || state.equals("25006")) {
            return CallStatus.UNIMPLEMENTED;
        }
        if (state.equals(SqlState.LIMIT_EXCEEDED) || state.equals(SqlState.OUT_OF_MEMORY)) {
            return CallStatus.RESOURCE_EXHAUSTED;
        }
        if (state.equals(SqlState.TABLE_NOT_FOUND) || state.equals(SqlState.SCHEMA_NOT_FOUND)) {
            return CallStatus.NOT_FOUND;
        }
        if (state.startsWith("08")) {
            return CallStatus.UNAVAILABLE;
        }
        if (state.startsWith("42") || state.startsWith("22") || state.startsWith("3F") || state.startsWith("54")) {
            return CallStatus.INVALID_ARGUMENT;
        }
        return CallStatus.INTERNAL;
    }
}
