package io.lancejdbc.namespace.rest;

/**
 * One client call's identity for messages: the operation, the id it addresses, and the message prefix naming both
 * and the service, e.g. {@code Could not list the tables of namespace 'ns1' at https://lance.example.com}.
 */
record CallContext(RestOperation operation, String target, String prefix) {

    RestNamespaceException failure(RestErrorCategory category, String why, int status, Throwable cause) {
        return ErrorResponseMapper.create(category, prefix + ": " + why, operation, target, status, null, cause);
    }

    MalformedResponseException malformed(String why, int status, Throwable cause) {
        return new MalformedResponseException(prefix + ": the service answered HTTP " + status + " with " + why,
                operation, target, status, null, cause);
    }
}
