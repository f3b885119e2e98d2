package io.lancejdbc.namespace.rest;

/** The calling thread was interrupted while waiting for the service. Category {@link RestErrorCategory#CANCELLED}. */
public class RestCancelledException extends RestNamespaceException {
    private static final long serialVersionUID = 1L;

    /** See {@link RestNamespaceException#RestNamespaceException} for the parameters. */
    public RestCancelledException(String message, RestOperation operation, String target, int httpStatus, Integer errorCode,
            Throwable cause) {
        super(RestErrorCategory.CANCELLED, message, operation, target, httpStatus, errorCode, cause);
    }
}
