package io.lancejdbc.namespace.rest;

/** The namespace does not exist. Category {@link RestErrorCategory#NAMESPACE_NOT_FOUND}. */
public class NamespaceNotFoundException extends RestNamespaceException {
    private static final long serialVersionUID = 1L;

    /** See {@link RestNamespaceException#RestNamespaceException} for the parameters. */
    public NamespaceNotFoundException(String message, RestOperation operation, String target, int httpStatus, Integer errorCode,
            Throwable cause) {
        super(RestErrorCategory.NAMESPACE_NOT_FOUND, message, operation, target, httpStatus, errorCode, cause);
    }
}
