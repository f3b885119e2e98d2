package io.lancejdbc.exec.expr;

import static io.lancejdbc.exec.expr.ExprFixtures.batch;
import static io.lancejdbc.exec.expr.ExprFixtures.column;
import static io.lancejdbc.exec.expr.ExprFixtures.longs;
import static io.lancejdbc.exec.expr.ExprFixtures.values;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.exec.testing.ArrowAllocatorExtension;
import io.lancejdbc.sql.bind.FunctionRegistry;
import io.lancejdbc.sql.expr.Call;
import io.lancejdbc.sql.expr.ColumnRef;
import io.lancejdbc.sql.expr.Functions;
import io.lancejdbc.sql.types.Types;
import java.time.Clock;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** CASE over real vectors: first true branch wins, NULL conditions fall through, raising branches run only where taken. */
@ExtendWith(ArrowAllocatorExtension.class)
class CaseExprTest {

    @Test
    void aNullConditionFallsThroughToTheNextBranch(BufferAllocator allocator) {
        try (VectorSchemaRoot b = batch(longs(allocator, "x", null, 1L, 2L))) {
            CompiledExpr x = column(b, 0);
            CompiledExpr isOne = new ComparisonExpr(Functions.EQ, x, new ConstantExpr(1L, Types.of(Types.INT64, false)));
            CompiledExpr isNull = new LogicExpr(Functions.IS_NULL, List.of(x));
            CaseExpr c = new CaseExpr(List.of(isOne, new ConstantExpr(10L, Types.of(Types.INT64, false)), isNull,
                    new ConstantExpr(20L, Types.of(Types.INT64, false))), null, List.of(false, false), false,
                    Types.of(Types.INT64, true));
            assertEquals(Arrays.asList(20L, 10L, null), values(c.evaluate(b, allocator)));
        }
    }

    /** {@code CASE WHEN x > MIN THEN abs(x) ELSE 0 END} never evaluates abs(BIGINT min), which would overflow. */
    @Test
    void aRaisingFunctionRunsOnlyOnTheRowsThatTakeItsBranch(BufferAllocator allocator) {
        try (VectorSchemaRoot b = batch(longs(allocator, "x", Long.MIN_VALUE, -5L, null))) {
            ColumnRef ref = new ColumnRef(0, "x", b.getVector(0).getField());
            Call abs = (Call) FunctionRegistry.scalar("abs", List.of(ref));
            assertTrue(ExprCompiler.mayFail(abs));
            CompiledExpr absExpr = ScalarKernels.compile(abs, e -> column(b, 0), Clock.systemUTC());
            CompiledExpr aboveMin = new ComparisonExpr(Functions.GT, column(b, 0),
                    new ConstantExpr(Long.MIN_VALUE, Types.of(Types.INT64, false)));
            CaseExpr c = new CaseExpr(List.of(aboveMin, absExpr), new ConstantExpr(0L, Types.of(Types.INT64, false)),
                    List.of(true), false, Types.of(Types.INT64, true));
            assertEquals(List.of(0L, 5L, 0L), values(c.evaluate(b, allocator)));
        }
    }
}
