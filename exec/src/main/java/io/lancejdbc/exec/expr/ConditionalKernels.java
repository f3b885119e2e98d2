package io.lancejdbc.exec.expr;

import io.lancejdbc.sql.expr.Call;
import io.lancejdbc.sql.expr.ScalarFunctionKey;
import java.time.Clock;
import java.util.List;

/**
 * Kernels of greatest/least, nullif and coalesce (typing: {@code sql.bind.ConditionalFunctionTyping}). greatest and
 * least skip NULL arguments (MySQL 8 returns NULL; DuckDB and PostgreSQL skip them, the oracle here is DuckDB).
 */
final class ConditionalKernels {
    private ConditionalKernels() {
    }

    static void register(ScalarKernels.Registry r) {
        r.nullAwareRow(ScalarFunctionKey.GREATEST, a -> extreme(a, 1));
        r.nullAwareRow(ScalarFunctionKey.LEAST, a -> extreme(a, -1));
        r.nullAwareRow(ScalarFunctionKey.NULLIF, a -> a[0] != null && a[1] != null
                && EngineValueOrder.compare(a[0], a[1]) == 0 ? null : a[0]);
        r.add(ScalarFunctionKey.COALESCE, new ScalarKernel() {
            @Override
            public CompiledExpr compile(Call call, List<CompiledExpr> args, Clock clock) {
                return new CoalesceExpr(args, call.type());
            }

            @Override
            public boolean mayRaise() {
                return false;
            }
        });
    }

    /** The largest ({@code sign} 1) or smallest ({@code sign} -1) non-NULL value; NULL when every one is. */
    private static Object extreme(Object[] a, int sign) {
        Object best = null;
        for (Object o : a) {
            if (o != null && (best == null || EngineValueOrder.compare(o, best) * sign > 0)) {
                best = o;
            }
        }
        return best;
    }
}
