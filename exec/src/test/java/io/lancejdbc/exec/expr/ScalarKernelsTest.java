package io.lancejdbc.exec.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.sql.bind.ScalarFunctionCatalog;
import io.lancejdbc.sql.expr.Call;
import io.lancejdbc.sql.expr.ScalarFunctionKey;
import io.lancejdbc.sql.types.Types;
import java.time.Clock;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The kernel registry: one kernel per typed scalar function, and none without a typing. */
class ScalarKernelsTest {

    @Test
    void everyTypedFunctionHasAKernel() {
        EnumSet<ScalarFunctionKey> missing = EnumSet.copyOf(ScalarFunctionCatalog.typedKernels());
        missing.removeAll(ScalarKernels.keys());
        assertEquals(EnumSet.noneOf(ScalarFunctionKey.class), missing);
    }

    @Test
    void everyKernelBelongsToATypedFunction() {
        EnumSet<ScalarFunctionKey> untyped = EnumSet.copyOf(ScalarKernels.keys());
        untyped.removeAll(ScalarFunctionCatalog.typedKernels());
        assertEquals(EnumSet.noneOf(ScalarFunctionKey.class), untyped);
    }

    @Test
    void aSecondKernelForAFunctionIsRefused() {
        ScalarKernels.Registry r = new ScalarKernels.Registry();
        r.row(ScalarFunctionKey.UPPER, a -> a[0]);
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> r.row(ScalarFunctionKey.UPPER, a -> a[0]));
        assertEquals("scalar function UPPER has two kernels", e.getMessage());
    }

    @Test
    void aCallNoKernelEvaluatesIsUndefinedFunction() {
        Call c = new Call("no_such_function", List.of(), Types.of(Types.INT64, true));
        SqlError e = assertThrows(SqlError.class, () -> ScalarKernels.compile(c, x -> {
            throw new AssertionError("arguments are not compiled for an unknown function");
        }, Clock.systemUTC()));
        assertEquals("42883", e.sqlState());
        assertEquals("Function no_such_function() cannot be evaluated", e.getMessage());
    }

    @Test
    void functionsThatCanRaiseAreMarked() {
        for (ScalarFunctionKey k : List.of(ScalarFunctionKey.SUBSTRING, ScalarFunctionKey.REGEXP_LIKE,
                ScalarFunctionKey.DATE_ADD, ScalarFunctionKey.L2_DISTANCE, ScalarFunctionKey.ABS,
                ScalarFunctionKey.ROUND, ScalarFunctionKey.LN)) {
            assertTrue(ScalarKernels.mayRaise(k.callName()), k.toString());
        }
        for (ScalarFunctionKey k : List.of(ScalarFunctionKey.UPPER, ScalarFunctionKey.COALESCE,
                ScalarFunctionKey.NOW, ScalarFunctionKey.EXTRACT)) {
            assertFalse(ScalarKernels.mayRaise(k.callName()), k.toString());
        }
        assertFalse(ScalarKernels.mayRaise("+"));
    }
}
