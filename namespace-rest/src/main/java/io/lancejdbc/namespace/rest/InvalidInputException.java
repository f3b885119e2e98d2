package io.lancejdbc.namespace.rest;

/** The service rejected the request as invalid (HTTP 400, code 13), or an id cannot be sent. Category {@link RestErrorCategory#INVALID_INPUT}. */
public class InvalidInputException extends RestNamespaceException {
    private static final long serialVersionUID = 1L;

    /** See {@link RestNamespaceException#RestNamespaceException} for the parameters. */
    public InvalidInputException(String message, RestOperation operation, String target, int httpStatus, Integer errorCode,
            Throwable cause) {
        super(RestErrorCategory.INVALID_INPUT, message, operation, target, httpStatus, errorCode, cause);
    }
}
