package io.lancejdbc.namespace.rest;

/** The table does not exist. Category {@link RestErrorCategory#TABLE_NOT_FOUND}. */
public class TableNotFoundException extends RestNamespaceException {
    private static final long serialVersionUID = 1L;

    /** See {@link RestNamespaceException#RestNamespaceException} for the parameters. */
    public TableNotFoundException(String message, RestOperation operation, String target, int httpStatus, Integer errorCode,
            Throwable cause) {
        super(RestErrorCategory.TABLE_NOT_FOUND, message, operation, target, httpStatus, errorCode, cause);
    }
}
