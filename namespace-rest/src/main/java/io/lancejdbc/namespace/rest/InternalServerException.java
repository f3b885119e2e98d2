package io.lancejdbc.namespace.rest;

/** The service failed (HTTP 5xx, code 18). Category {@link RestErrorCategory#INTERNAL}. */
public class InternalServerException extends RestNamespaceException {
    private static final long serialVersionUID = 1L;

    /** See {@link RestNamespaceException#RestNamespaceException} for the parameters. */
    public InternalServerException(String message, RestOperation operation, String target, int httpStatus, Integer errorCode,
            Throwable cause) {
        super(RestErrorCategory.INTERNAL, message, operation, target, httpStatus, errorCode, cause);
    }
}
