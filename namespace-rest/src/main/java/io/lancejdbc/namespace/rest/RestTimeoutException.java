package io.lancejdbc.namespace.rest;

/** The service did not answer within the connect, read or call timeout. Category {@link RestErrorCategory#TIMEOUT}. */
public class RestTimeoutException extends RestNamespaceException {
    private static final long serialVersionUID = 1L;

    /** See {@link RestNamespaceException#RestNamespaceException} for the parameters. */
    public RestTimeoutException(String message, RestOperation operation, String target, int httpStatus, Integer errorCode,
            Throwable cause) {
        super(RestErrorCategory.TIMEOUT, message, operation, target, httpStatus, errorCode, cause);
    }
}
