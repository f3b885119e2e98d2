package io.lancejdbc.namespace.rest;

/** The credentials lack permission for the operation (HTTP 403, code 15). Category {@link RestErrorCategory#PERMISSION_DENIED}. */
public class PermissionDeniedException extends RestNamespaceException {
    private static final long serialVersionUID = 1L;

    /** See {@link RestNamespaceException#RestNamespaceException} for the parameters. */
    public PermissionDeniedException(String message, RestOperation operation, String target, int httpStatus, Integer errorCode,
            Throwable cause) {
        super(RestErrorCategory.PERMISSION_DENIED, message, operation, target, httpStatus, errorCode, cause);
    }
}
