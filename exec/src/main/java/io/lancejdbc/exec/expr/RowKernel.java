package io.lancejdbc.exec.expr;

import io.lancejdbc.sql.expr.Call;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.expr.ScalarFunctionKey;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * A kernel evaluated row by row over engine values ({@link RowFunctionExpr}).
 *
 * @param key the function
 * @param strict true when a NULL argument makes the result NULL without calling the body
 * @param mayRaise true when the body can raise a data error
 * @param body makes the body for one compiled call (a fresh one per call, so a body may cache, e.g. a pattern)
 */
record RowKernel(ScalarFunctionKey key, boolean strict, boolean mayRaise, Body body) implements ScalarKernel {

    /** Makes a function body for the argument and result types of one call. */
    @FunctionalInterface
    interface Body {
        RowFunctionExpr.RowFunction create(List<ArrowType> argTypes, ArrowType resultType);
    }

    @Override
    public CompiledExpr compile(Call call, List<CompiledExpr> args, Clock clock) {
        List<ArrowType> argTypes = new ArrayList<>();
        for (Expr a : call.args()) {
            argTypes.add(a.type().getType());
        }
        return new RowFunctionExpr(key.callName(), args, body.create(argTypes, call.type().getType()), strict,
                call.type());
    }
}
