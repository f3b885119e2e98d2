package io.lancejdbc.sql.bind;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.sql.expr.Literal;
import io.lancejdbc.sql.plan.LogicalPlan;
import io.lancejdbc.sql.plan.Project;
import io.lancejdbc.sql.plan.SetOperation;
import io.lancejdbc.sql.plan.Values;
import io.lancejdbc.sql.types.Types;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.Test;

/** Type unification of set operations: the common type, the left name, nullability, and the casts inserted. */
class SetOperationBinderTest {
    private static LogicalPlan oneColumn(String name, ArrowType type, boolean nullable) {
        return new Values(List.of(Types.field(name, type, nullable)), List.of(List.of(Literal.nullOf(type))));
    }

    private static SetOperation union(LogicalPlan left, LogicalPlan right) {
        return (SetOperation) SetOperationBinder.setOperation(SetOperation.Kind.UNION, true, left, right);
    }

    @Test
    void intAndBigintUnifyToBigintAndOnlyTheIntSideIsCast() {
        LogicalPlan left = oneColumn("a", Types.INT32, false);
        LogicalPlan right = oneColumn("b", Types.INT64, false);
        SetOperation u = union(left, right);
        assertEquals(Types.INT64, u.output().get(0).getType());
        assertTrue(u.inputs().get(0) instanceof Project);
        assertEquals(Types.INT64, u.inputs().get(0).output().get(0).getType());
        assertSame(right, u.inputs().get(1));
    }

    @Test
    void theColumnTakesTheLeftNameAndIsNullableWhenEitherSideIs() {
        Field f = union(oneColumn("a", Types.INT64, false), oneColumn("b", Types.INT64, true)).output().get(0);
        assertEquals("a", f.getName());
        assertTrue(f.isNullable());
    }

    @Test
    void twoNonNullSidesGiveANonNullColumn() {
        assertFalse(union(oneColumn("a", Types.UTF8, false), oneColumn("b", Types.UTF8, false)).output().get(0)
                .isNullable());
    }

    @Test
    void twoUntypedNullColumnsBecomeInt() {
        SetOperation u = union(oneColumn("a", Types.NULL, true), oneColumn("b", Types.NULL, true));
        assertEquals(Types.INT32, u.output().get(0).getType());
    }

    @Test
    void anUntypedNullTakesTheOtherSidesType() {
        assertEquals(Types.UTF8, union(oneColumn("a", Types.NULL, true), oneColumn("b", Types.UTF8, true)).output()
                .get(0).getType());
    }

    @Test
    void differentColumnCountsAre42000() {
        LogicalPlan two = new Values(List.of(Types.field("a", Types.INT64, true), Types.field("b", Types.INT64,
                true)), List.of());
        SqlError e = assertThrows(SqlError.class, () -> SetOperationBinder.setOperation(SetOperation.Kind.EXCEPT,
                false, oneColumn("a", Types.INT64, true), two));
        assertEquals("42000", e.sqlState());
        assertEquals("EXCEPT inputs have different column counts: 1 and 2", e.getMessage());
    }

    @Test
    void textAndBinaryHaveNoCommonTypeAndAre42804() {
        SqlError e = assertThrows(SqlError.class, () -> union(oneColumn("a", Types.UTF8, true),
                oneColumn("b", Types.BINARY, true)));
        assertEquals("42804", e.sqlState());
    }
}
