package io.lancejdbc.sql.expr;

import org.apache.arrow.vector.types.pojo.Field;

/**
 * A bound, typed scalar expression over the columns of one input relation. Immutable.
 *
 * <p>{@link #type()} is an Arrow field: the result type, whether it may be NULL and, for nested types, children.
 */
public sealed interface Expr permits ColumnRef, Literal, Call, ParamRef, SubqueryExpr {

    /** The result type; never null. */
    Field type();

    /** SQL-like text of the expression for EXPLAIN and error messages. */
    String sql();
}
