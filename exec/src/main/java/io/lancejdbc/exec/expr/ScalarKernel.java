package io.lancejdbc.exec.expr;

import io.lancejdbc.sql.expr.Call;
import java.time.Clock;
import java.util.List;

/**
 * How one scalar function evaluates: the execution half of a function whose typing is its
 * {@code sql.bind.ScalarFunctionDefinition}. Registered in {@link ScalarKernels} against the function's
 * {@link io.lancejdbc.sql.expr.ScalarFunctionKey}.
 */
interface ScalarKernel {
    /**
     * An evaluator of {@code call}.
     *
     * @param call the bound call, arguments already coerced to the types the kernel expects
     * @param args the compiled arguments, in order
     * @param clock the statement clock (one NOW() per statement)
     */
    CompiledExpr compile(Call call, List<CompiledExpr> args, Clock clock);

    /** True when evaluating can raise a data error, so CASE must evaluate the call only on the rows that take it. */
    boolean mayRaise();
}
