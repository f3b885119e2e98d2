package io.lancejdbc.sql.bind;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.catalog.CatalogView;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.expr.Literal;
import io.lancejdbc.sql.expr.ParamRef;
import io.lancejdbc.sql.types.Types;
import java.time.Clock;
import java.util.List;

/**
 * State shared by every binder of one statement: the catalog, the parameter values (or prepare mode), the statement
 * clock (CURRENT_DATE and NOW() are fixed per statement) and the CTEs in scope.
 */
final class BindContext {
    final CatalogView catalog;
    private final List<Literal> parameters;
    final Clock clock;
    final CteScope ctes;

    BindContext(CatalogView catalog, List<Literal> parameters, Clock clock, CteScope ctes) {
        this.catalog = catalog;
        this.parameters = parameters;
        this.clock = clock;
        this.ctes = ctes;
    }

    BindContext withCtes(CteScope c) {
        return new BindContext(catalog, parameters, clock, c);
    }

    /**
     * The value of parameter {@code index} (0-based), or a {@link ParamRef} in prepare mode.
     *
     * @throws SqlError 22023 when no value was bound for it
     */
    Expr parameter(int index) {
        if (parameters == null) {
            return new ParamRef(index, Types.of(Types.NULL, true));
        }
        if (index >= parameters.size() || parameters.get(index) == null) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "No value specified for parameter " + (index + 1));
        }
        return parameters.get(index);
    }
}
