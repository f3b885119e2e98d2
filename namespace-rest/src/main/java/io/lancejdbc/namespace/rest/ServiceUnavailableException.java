package io.lancejdbc.namespace.rest;

/** The service stayed unavailable or throttled through every retry (HTTP 503 / 429; codes 17, 21). Category {@link RestErrorCategory#SERVICE_UNAVAILABLE}. */
public class ServiceUnavailableException extends RestNamespaceException {
    private static final long serialVersionUID = 1L;

    /** See {@link RestNamespaceException#RestNamespaceException} for the parameters. */
    public ServiceUnavailableException(String message, RestOperation operation, String target, int httpStatus, Integer errorCode,
            Throwable cause) {
        super(RestErrorCategory.SERVICE_UNAVAILABLE, message, operation, target, httpStatus, errorCode, cause);
    }
}
