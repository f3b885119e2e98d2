package io.lancejdbc.namespace.rest;

/** The service answered with a body this client cannot read (invalid JSON, missing or mistyped fields, a looping page token). Category {@link RestErrorCategory#INTERNAL}. */
public class MalformedResponseException extends RestNamespaceException {
    private static final long serialVersionUID = 1L;

    /** See {@link RestNamespaceException#RestNamespaceException} for the parameters. */
    public MalformedResponseException(String message, RestOperation operation, String target, int httpStatus, Integer errorCode,
            Throwable cause) {
        super(RestErrorCategory.INTERNAL, message, operation, target, httpStatus, errorCode, cause);
    }
}
