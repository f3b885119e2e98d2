package io.lancejdbc.flight.client;

import io.lancejdbc.engine.Cancellation;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.engine.remote.RemoteProtocol;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.FlightRuntimeException;

/**
 * Flight errors back into {@link SqlError}s with the server's SQLState and message: the state comes from the error
 * metadata ({@value RemoteProtocol#SQLSTATE_KEY}) or the {@code [SQLState xxxxx]} prefix a lance-jdbc server puts
 * on the description; other servers' errors get a state from the gRPC status code.
 */
final class FlightErrorMapper {
    private static final Pattern PREFIX = Pattern.compile("^\\[SQLState ([0-9A-Z]{5})\\] (.*)$", Pattern.DOTALL);

    private FlightErrorMapper() {
    }

    /**
     * @param cancellation the query's signal when the call belongs to one (its reason wins once cancelled), else null
     */
    static SqlError map(FlightRuntimeException e, Cancellation cancellation) {
        if (cancellation != null && cancellation.isCancelled()) {
            try {
                cancellation.throwIfCancelled();
            } catch (SqlError cancelled) {
                return cancelled;
            }
        }
        CallStatus status = e.status();
        String description = status.description() == null ? "" : status.description();
        // ErrorFlightMetadata.get throws NoSuchElementException for an absent key (an authentication failure
        // carries no metadata).
        String state = status.metadata() == null || !status.metadata().containsKey(RemoteProtocol.SQLSTATE_KEY)
                ? null : status.metadata().get(RemoteProtocol.SQLSTATE_KEY);
        Matcher m = PREFIX.matcher(description);
        if (m.matches()) {
            state = state == null ? m.group(1) : state;
            description = m.group(2);
        }
        if (state == null) {
            state = stateOf(status);
            if (description.isEmpty()) {
                description = status.code() == org.apache.arrow.flight.FlightStatusCode.UNAUTHENTICATED
                        ? "Authentication failed: the server refused the credentials; give a valid bearer token"
                                + " (property 'token') or user and password (properties 'user', 'password')"
                        : "The server failed the call (" + status.code() + ")";
            }
        }
        return new SqlError(state, description, e);
    }

    private static String stateOf(CallStatus status) {
        switch (status.code()) {
            case UNAUTHENTICATED:
                return SqlState.INVALID_AUTHORIZATION;
            case UNAUTHORIZED:
                return SqlState.INSUFFICIENT_PRIVILEGE;
            case CANCELLED:
                return SqlState.QUERY_CANCELED;
            case TIMED_OUT:
                return SqlState.TIMEOUT;
            case UNAVAILABLE:
                return "08006";
            case UNIMPLEMENTED:
                return SqlState.FEATURE_NOT_SUPPORTED;
            case INVALID_ARGUMENT:
                return SqlState.SYNTAX_ERROR;
            case NOT_FOUND:
                return SqlState.TABLE_NOT_FOUND;
            case RESOURCE_EXHAUSTED:
                return SqlState.LIMIT_EXCEEDED;
            default:
                return SqlState.GENERAL_ERROR;
        }
    }
}
