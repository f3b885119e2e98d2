package io.lancejdbc.namespace.rest;

/** Already exists, not empty, or concurrently modified (HTTP 409; codes 2, 3, 5, 7, 9, 14). Category {@link RestErrorCategory#CONFLICT}. */
public class ConflictException extends RestNamespaceException {
    private static final long serialVersionUID = 1L;

    /** See {@link RestNamespaceException#RestNamespaceException} for the parameters. */
    public ConflictException(String message, RestOperation operation, String target, int httpStatus, Integer errorCode,
            Throwable cause) {
        super(RestErrorCategory.CONFLICT, message, operation, target, httpStatus, errorCode, cause);
    }
}
