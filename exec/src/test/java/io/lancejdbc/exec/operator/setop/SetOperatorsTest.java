package io.lancejdbc.exec.operator.setop;

import static io.lancejdbc.exec.operator.OperatorHarness.row;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.lancejdbc.exec.operator.OperatorHarness;
import io.lancejdbc.exec.operator.PhysicalOperator;
import io.lancejdbc.sql.plan.SetOperation;
import io.lancejdbc.sql.types.Types;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * {@link HashSetOperator} and {@link UnionAllOperator} on Arrow batches, outside SQL. Rows {@code (k BIGINT,
 * s TEXT)}; left: (1,a) ×3, (2,NULL) ×2, (NULL,NULL), (3,c) in two batches; right: (1,a) ×2, (2,NULL), (NULL,NULL),
 * (4,d). NULLs are equal to NULLs (SQL:2011 7.17).
 */
class SetOperatorsTest {
    static final OperatorHarness HARNESS = new OperatorHarness();
    static final List<Field> FIELDS = List.of(Types.field("k", Types.INT64, true), Types.field("s", Types.UTF8, true));

    @AfterAll
    static void close() {
        HARNESS.close();
    }

    private static PhysicalOperator left() {
        return OperatorHarness.source(FIELDS, List.of(List.of(row(1L, "a"), row(2L, null), row(1L, "a")),
                List.of(row(null, null), row(1L, "a"), row(3L, "c"), row(2L, null))));
    }

    private static PhysicalOperator right() {
        return OperatorHarness.source(FIELDS, List.of(List.of(row(1L, "a"), row(2L, null), row(null, null)),
                List.of(row(4L, "d"), row(1L, "a"))));
    }

    private static PhysicalOperator empty() {
        return OperatorHarness.source(FIELDS, List.of());
    }

    private static HashSetOperator op(PhysicalOperator l, PhysicalOperator r, SetOperation.Kind kind) {
        return new HashSetOperator(l, r, kind, true, FIELDS, Long.MAX_VALUE);
    }

    private static List<List<Object>> sorted(List<List<Object>> rows) {
        List<List<Object>> out = new ArrayList<>(rows);
        Comparator<List<Object>> c = Comparator.comparing(r -> (Long) r.get(0),
                Comparator.nullsFirst(Comparator.naturalOrder()));
        out.sort(c.thenComparing(r -> (String) r.get(1), Comparator.nullsFirst(Comparator.naturalOrder())));
        return out;
    }

    @Test
    void intersectAllKeepsTheSmallerMultiplicityAndMatchesNulls() {
        assertEquals(List.of(row(null, null), row(1L, "a"), row(1L, "a"), row(2L, null)),
                sorted(HARNESS.run(op(left(), right(), SetOperation.Kind.INTERSECT))));
    }

    @Test
    void exceptAllSubtractsMultiplicities() {
        assertEquals(List.of(row(1L, "a"), row(2L, null), row(3L, "c")),
                sorted(HARNESS.run(op(left(), right(), SetOperation.Kind.EXCEPT))));
    }

    @Test
    void emptyRightSide() {
        assertEquals(List.of(), HARNESS.run(op(left(), empty(), SetOperation.Kind.INTERSECT)));
        assertEquals(7, HARNESS.run(op(left(), empty(), SetOperation.Kind.EXCEPT)).size());
        assertEquals(List.of(), HARNESS.run(op(empty(), right(), SetOperation.Kind.EXCEPT)));
    }

    @Test
    void unionAllConcatenatesInputsInOrder() {
        List<List<Object>> rows = HARNESS.run(new UnionAllOperator(List.of(right(), empty(), right()), FIELDS));
        List<List<Object>> once = List.of(row(1L, "a"), row(2L, null), row(null, null), row(4L, "d"), row(1L, "a"));
        List<List<Object>> twice = new ArrayList<>(once);
        twice.addAll(once);
        assertEquals(twice, rows);
        assertEquals(List.of(), HARNESS.run(new UnionAllOperator(List.of(empty(), empty()), FIELDS)));
    }

    @Test
    void closingEarlyFreesTheBuildSide() {
        HARNESS.openReadOneAndClose(op(left(), right(), SetOperation.Kind.EXCEPT));
        HARNESS.openReadOneAndClose(new UnionAllOperator(List.of(left(), right()), FIELDS));
    }
}
