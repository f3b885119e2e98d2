package io.lancejdbc.server;

import org.apache.arrow.flight.CallHeaders;
import org.apache.arrow.flight.CallInfo;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.FlightServerMiddleware;
import org.apache.arrow.flight.RequestContext;

/** The request headers of one call, for the producer (Flight's CallContext does not expose them). */
final class RequestHeaders implements FlightServerMiddleware {
    private final CallHeaders headers;

    private RequestHeaders(CallHeaders headers) {
        this.headers = headers;
    }

    CallHeaders headers() {
        return headers;
    }

    @Override
    public void onBeforeSendingHeaders(CallHeaders outgoingHeaders) {
    }

    @Override
    public void onCallCompleted(CallStatus status) {
    }

    @Override
    public void onCallErrored(Throwable err) {
    }

    /** Makes one per call. */
    static final class Factory implements FlightServerMiddleware.Factory<RequestHeaders> {
        @Override
        public RequestHeaders onCallStarted(CallInfo info, CallHeaders incomingHeaders, RequestContext context) {
            return new RequestHeaders(incomingHeaders);
        }
    }
}
