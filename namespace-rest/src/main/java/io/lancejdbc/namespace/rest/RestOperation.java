package io.lancejdbc.namespace.rest;

/**
 * The Lance REST namespace operations this client performs (lance-namespace spec 0.7.7, {@code docs/src/spec.yaml}).
 *
 * <p>Every operation here is read-only. The two list operations are GETs; the other four are POSTs only because the
 * spec carries the request model in a body, and the spec defines them as lookups with no side effect. All six are
 * therefore safe to repeat, and {@link #retrySafe()} is true for each: the client retries them on HTTP 429 / 503
 * and on connection failures. A future mutating operation (create, drop, register) must say false.
 */
public enum RestOperation {
    LIST_NAMESPACES("list the child namespaces of", false, true),
    DESCRIBE_NAMESPACE("describe", false, true),
    NAMESPACE_EXISTS("check whether there is", false, true),
    LIST_TABLES("list the tables of", false, true),
    DESCRIBE_TABLE("describe", true, true),
    TABLE_EXISTS("check whether there is", true, true);

    private final String verb;
    private final boolean tableOperation;
    private final boolean retrySafe;

    RestOperation(String verb, boolean tableOperation, boolean retrySafe) {
        this.verb = verb;
        this.tableOperation = tableOperation;
        this.retrySafe = retrySafe;
    }

    /** True when the operation addresses a table id; false when it addresses a namespace id. */
    public boolean tableOperation() {
        return tableOperation;
    }

    /** True when repeating the request cannot change server state, so the client may retry it. */
    public boolean retrySafe() {
        return retrySafe;
    }

    /**
     * The operation applied to its object as a phrase for messages, e.g. {@code list the tables of namespace 'a$b'}.
     *
     * @param target the id joined with the delimiter; for a namespace operation, the delimiter alone is the root
     */
    String describe(String target, String delimiter) {
        String object;
        if (tableOperation) {
            object = "table '" + target + "'";
        } else if (target.equals(delimiter)) {
            object = "the root namespace";
        } else {
            object = "namespace '" + target + "'";
        }
        return verb + " " + object;
    }
}
