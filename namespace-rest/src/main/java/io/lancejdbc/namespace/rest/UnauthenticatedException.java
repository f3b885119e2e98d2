package io.lancejdbc.namespace.rest;

/** The service rejected missing or invalid credentials (HTTP 401, code 16). Category {@link RestErrorCategory#UNAUTHENTICATED}. */
public class UnauthenticatedException extends RestNamespaceException {
    private static final long serialVersionUID = 1L;

    /** See {@link RestNamespaceException#RestNamespaceException} for the parameters. */
    public UnauthenticatedException(String message, RestOperation operation, String target, int httpStatus, Integer errorCode,
            Throwable cause) {
        super(RestErrorCategory.UNAUTHENTICATED, message, operation, target, httpStatus, errorCode, cause);
    }
}
