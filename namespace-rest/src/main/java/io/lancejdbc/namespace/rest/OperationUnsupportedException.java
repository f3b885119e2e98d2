package io.lancejdbc.namespace.rest;

/** The service does not implement the operation (HTTP 406 / 501, code 0). Category {@link RestErrorCategory#UNSUPPORTED}. */
public class OperationUnsupportedException extends RestNamespaceException {
    private static final long serialVersionUID = 1L;

    /** See {@link RestNamespaceException#RestNamespaceException} for the parameters. */
    public OperationUnsupportedException(String message, RestOperation operation, String target, int httpStatus, Integer errorCode,
            Throwable cause) {
        super(RestErrorCategory.UNSUPPORTED, message, operation, target, httpStatus, errorCode, cause);
    }
}
