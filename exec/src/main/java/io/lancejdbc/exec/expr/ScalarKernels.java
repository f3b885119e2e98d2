package io.lancejdbc.exec.expr;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.expr.Call;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.expr.ScalarFunctionKey;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The kernel of every scalar function, one per {@link ScalarFunctionKey}, by family: {@link StringKernels},
 * {@link NumericKernels}, {@link ConditionalKernels}, {@link TemporalKernels}, {@link CollectionKernels}. A second
 * kernel for a key fails at class initialisation; {@code ScalarKernelsTest} checks that every key has one.
 */
final class ScalarKernels {
    private static final Map<ScalarFunctionKey, ScalarKernel> KERNELS = build();

    private ScalarKernels() {
    }

    /** The kernel of {@code key}, if registered. */
    static Optional<ScalarKernel> of(ScalarFunctionKey key) {
        return Optional.ofNullable(KERNELS.get(key));
    }

    /** The keys that have a kernel. */
    static Set<ScalarFunctionKey> keys() {
        return KERNELS.keySet();
    }

    /**
     * An evaluator of a call of a scalar function.
     *
     * @param compiler compiles one argument
     * @throws SqlError 42883 when no kernel evaluates {@code c.function()}
     */
    static CompiledExpr compile(Call c, Function<Expr, CompiledExpr> compiler, Clock clock) {
        ScalarKernel kernel = ScalarFunctionKey.ofCallName(c.function()).map(KERNELS::get).orElseThrow(
                () -> new SqlError(SqlState.UNDEFINED_FUNCTION, "Function " + c.function() + "() cannot be evaluated"));
        List<CompiledExpr> args = new ArrayList<>(c.args().size());
        for (Expr a : c.args()) {
            args.add(compiler.apply(a));
        }
        return kernel.compile(c, args, clock);
    }

    /** True when {@code callName} is a function whose evaluation can raise a data error. */
    static boolean mayRaise(String callName) {
        return ScalarFunctionKey.ofCallName(callName).map(KERNELS::get).map(ScalarKernel::mayRaise).orElse(false);
    }

    private static Map<ScalarFunctionKey, ScalarKernel> build() {
        Registry r = new Registry();
        StringKernels.register(r);
        NumericKernels.register(r);
        ConditionalKernels.register(r);
        TemporalKernels.register(r);
        CollectionKernels.register(r);
        return Collections.unmodifiableMap(r.kernels);
    }

    /** Collects the kernels of the families; refuses a second kernel for a key. */
    static final class Registry {
        private final EnumMap<ScalarFunctionKey, ScalarKernel> kernels = new EnumMap<>(ScalarFunctionKey.class);

        void add(ScalarFunctionKey key, ScalarKernel kernel) {
            if (kernels.putIfAbsent(key, kernel) != null) {
                throw new IllegalStateException("scalar function " + key + " has two kernels");
            }
        }

        /** A strict row kernel that raises no data error. */
        void row(ScalarFunctionKey key, RowFunctionExpr.RowFunction body) {
            add(key, new RowKernel(key, true, false, (argTypes, resultType) -> body));
        }

        /** A strict row kernel whose body can raise a data error. */
        void raisingRow(ScalarFunctionKey key, RowFunctionExpr.RowFunction body) {
            add(key, new RowKernel(key, true, true, (argTypes, resultType) -> body));
        }

        /** A row kernel that sees NULL arguments (it decides what a NULL gives). */
        void nullAwareRow(ScalarFunctionKey key, RowFunctionExpr.RowFunction body) {
            add(key, new RowKernel(key, false, false, (argTypes, resultType) -> body));
        }
    }
}
