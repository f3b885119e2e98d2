package io.lancejdbc.namespace.rest;

/** The service could not be reached (refused, unknown host, TLS failure, reset). Category {@link RestErrorCategory#UNREACHABLE}. */
public class RestConnectionException extends RestNamespaceException {
    private static final long serialVersionUID = 1L;

    /** See {@link RestNamespaceException#RestNamespaceException} for the parameters. */
    public RestConnectionException(String message, RestOperation operation, String target, int httpStatus, Integer errorCode,
            Throwable cause) {
        super(RestErrorCategory.UNREACHABLE, message, operation, target, httpStatus, errorCode, cause);
    }
}
