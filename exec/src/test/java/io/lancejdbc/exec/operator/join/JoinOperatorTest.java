package io.lancejdbc.exec.operator.join;

import static io.lancejdbc.exec.operator.OperatorHarness.row;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.lancejdbc.exec.operator.OperatorHarness;
import io.lancejdbc.exec.operator.PhysicalOperator;
import io.lancejdbc.sql.expr.ColumnRef;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.plan.JoinType;
import io.lancejdbc.sql.types.Types;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * {@link JoinOperator} on Arrow batches, outside SQL. Left {@code (lid BIGINT, k BIGINT)}: (1, 1), (2, 2), (3, NULL),
 * (4, 9) in two batches; right {@code (rid BIGINT, k BIGINT)}: (10, 1), (20, 2), (21, 2), (30, NULL). Results are
 * compared sorted (the join promises no order).
 */
class JoinOperatorTest {
    static final OperatorHarness HARNESS = new OperatorHarness();
    static final Field LID = Types.field("lid", Types.INT64, false);
    static final Field RID = Types.field("rid", Types.INT64, false);
    static final Field K = Types.field("k", Types.INT64, true);
    static final Expr KEY = new ColumnRef(1, "k", K);

    @AfterAll
    static void close() {
        HARNESS.close();
    }

    private static PhysicalOperator left() {
        return OperatorHarness.source(List.of(LID, K), List.of(List.of(row(1L, 1L), row(2L, 2L)),
                List.of(row(3L, null), row(4L, 9L))));
    }

    private static PhysicalOperator right() {
        return OperatorHarness.source(List.of(RID, K), List.of(List.of(row(10L, 1L), row(20L, 2L), row(21L, 2L),
                row(30L, null))));
    }

    private static PhysicalOperator empty(Field id) {
        return OperatorHarness.source(List.of(id, K), List.of());
    }

    private static JoinOperator join(PhysicalOperator l, PhysicalOperator r, JoinType type, boolean nullSafe,
            boolean buildLeft, boolean nullAware) {
        JoinSpec spec = new JoinSpec(type, List.of(KEY), List.of(KEY), new boolean[] {nullSafe}, null, buildLeft,
                nullAware);
        List<Field> out = new ArrayList<>(List.of(LID, K));
        if (type != JoinType.SEMI && type != JoinType.ANTI) {
            out.add(RID);
            out.add(Types.field("k_r", Types.INT64, true));
        }
        return new JoinOperator(l, r, spec, out, Long.MAX_VALUE);
    }

    private static List<List<Object>> sorted(List<List<Object>> rows) {
        List<List<Object>> out = new ArrayList<>(rows);
        Comparator<Object> nullsFirst = Comparator.nullsFirst(Comparator.comparingLong(o -> (Long) o));
        out.sort((a, b) -> {
            for (int i = 0; i < a.size(); i++) {
                int c = nullsFirst.compare(a.get(i), b.get(i));
                if (c != 0) {
                    return c;
                }
            }
            return 0;
        });
        return out;
    }

    @Test
    void innerJoinMatchesEveryEqualKeyAndNoNull() {
        List<List<Object>> expected = List.of(row(1L, 1L, 10L, 1L), row(2L, 2L, 20L, 2L), row(2L, 2L, 21L, 2L));
        assertEquals(expected, sorted(HARNESS.run(join(left(), right(), JoinType.INNER, false, false, false))));
        assertEquals(expected, sorted(HARNESS.run(join(left(), right(), JoinType.INNER, false, true, false))));
    }

    @Test
    void nullSafeKeyMatchesNullWithNull() {
        assertEquals(List.of(row(1L, 1L, 10L, 1L), row(2L, 2L, 20L, 2L), row(2L, 2L, 21L, 2L),
                row(3L, null, 30L, null)), sorted(HARNESS.run(join(left(), right(), JoinType.INNER, true, false,
                        false))));
    }

    @Test
    void leftJoinPadsUnmatchedLeftRowsWithNulls() {
        assertEquals(List.of(row(1L, 1L, 10L, 1L), row(2L, 2L, 20L, 2L), row(2L, 2L, 21L, 2L),
                row(3L, null, null, null), row(4L, 9L, null, null)),
                sorted(HARNESS.run(join(left(), right(), JoinType.LEFT, false, false, false))));
    }

    @Test
    void fullJoinPadsBothSides() {
        List<List<Object>> rows = sorted(HARNESS.run(join(left(), right(), JoinType.FULL, false, false, false)));
        assertEquals(List.of(row(null, null, 30L, null), row(1L, 1L, 10L, 1L), row(2L, 2L, 20L, 2L),
                row(2L, 2L, 21L, 2L), row(3L, null, null, null), row(4L, 9L, null, null)), rows);
    }

    @Test
    void semiJoinReturnsEachMatchedLeftRowOnce() {
        assertEquals(List.of(row(1L, 1L), row(2L, 2L)),
                sorted(HARNESS.run(join(left(), right(), JoinType.SEMI, false, false, false))));
    }

    @Test
    void antiJoinKeepsNullKeysUnlessNullAware() {
        assertEquals(List.of(row(3L, null), row(4L, 9L)),
                sorted(HARNESS.run(join(left(), right(), JoinType.ANTI, false, false, false))));
        // NOT IN semantics: the right side holds a NULL key, so no left row qualifies.
        assertEquals(List.of(), HARNESS.run(join(left(), right(), JoinType.ANTI, false, false, true)));
    }

    @Test
    void nullAwareAntiJoinAgainstAnEmptySideKeepsEveryRow() {
        assertEquals(List.of(row(1L, 1L), row(2L, 2L), row(3L, null), row(4L, 9L)),
                sorted(HARNESS.run(join(left(), empty(RID), JoinType.ANTI, false, false, true))));
    }

    @Test
    void emptyInputsGiveNoRowsOrOnlyPaddedRows() {
        assertEquals(List.of(), HARNESS.run(join(empty(LID), right(), JoinType.INNER, false, false, false)));
        assertEquals(List.of(), HARNESS.run(join(left(), empty(RID), JoinType.INNER, false, true, false)));
        assertEquals(List.of(row(1L, 1L, null, null), row(2L, 2L, null, null), row(3L, null, null, null),
                row(4L, 9L, null, null)), sorted(HARNESS.run(join(left(), empty(RID), JoinType.LEFT, false, false,
                        false))));
    }

    @Test
    void closingEarlyFreesTheBuildSide() {
        HARNESS.openReadOneAndClose(join(left(), right(), JoinType.FULL, false, false, false));
        HARNESS.openReadOneAndClose(join(left(), right(), JoinType.INNER, false, true, false));
    }
}
