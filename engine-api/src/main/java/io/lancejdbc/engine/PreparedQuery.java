package io.lancejdbc.engine;

import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Schema;

/** A parsed and bound statement with {@code ?} parameters, executed many times with different values. */
public interface PreparedQuery {

    /** Number of {@code ?} markers. */
    int parameterCount();

    /**
     * The type inferred for each parameter from its context (e.g. the column it is compared with);
     * {@code ArrowType.Null} when the context does not decide. Size equals {@link #parameterCount()}.
     */
    List<ArrowType> parameterTypes();

    /** The result schema when the statement returns rows and it is known before execution, else null. */
    Schema resultSchema();

    /**
     * Runs the statement with {@code params}.
     *
     * @throws io.lancejdbc.engine.SqlError SQLState 07001-like {@code 22023} when the number of values is wrong
     */
    QueryResult execute(List<ParameterValue> params, QueryOptions options);
}
