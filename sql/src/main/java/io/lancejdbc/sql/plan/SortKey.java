package io.lancejdbc.sql.plan;

import io.lancejdbc.sql.expr.Expr;
import java.util.Objects;

/**
 * One ORDER BY key.
 *
 * @param expr the key expression over the sorted input
 * @param ascending ASC (true) or DESC
 * @param nullsFirst where NULLs go; the default is NULLS FIRST for ASC and NULLS LAST for DESC (NULL sorts lowest,
 *     as in Doris and MySQL)
 */
public record SortKey(Expr expr, boolean ascending, boolean nullsFirst) {
    public SortKey {
        Objects.requireNonNull(expr, "expr");
    }

    public String sql() {
        return expr.sql() + (ascending ? " ASC" : " DESC") + (nullsFirst ? " NULLS FIRST" : " NULLS LAST");
    }
}
