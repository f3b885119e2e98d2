package io.lancejdbc.exec.operator.window;

import static io.lancejdbc.exec.operator.OperatorHarness.row;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.lancejdbc.exec.operator.OperatorHarness;
import io.lancejdbc.exec.operator.PhysicalOperator;
import io.lancejdbc.sql.expr.ColumnRef;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.plan.SortKey;
import io.lancejdbc.sql.plan.WindowCall;
import io.lancejdbc.sql.plan.WindowFrame;
import io.lancejdbc.sql.types.Types;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * {@link WindowOperator} on Arrow batches, outside SQL. Input {@code (id BIGINT, g TEXT, x DOUBLE)} in two batches:
 * <pre>
 * id g x        id g    x
 * 1  a 1.0      4  b    5.0
 * 2  a NULL     5  a    4.0
 * 3  b 2.0      6  NULL 7.0
 * </pre>
 * Output rows keep the input order, the window columns appended.
 */
class WindowOperatorTest {
    static final OperatorHarness HARNESS = new OperatorHarness();
    static final Field ID = Types.field("id", Types.INT64, false);
    static final Field G = Types.field("g", Types.UTF8, true);
    static final Field X = Types.field("x", Types.FLOAT64, true);
    static final List<Field> INPUT = List.of(ID, G, X);
    static final Expr ID_REF = new ColumnRef(0, "id", ID);
    static final Expr G_REF = new ColumnRef(1, "g", G);
    static final Expr X_REF = new ColumnRef(2, "x", X);
    static final WindowFrame ONE_PRECEDING = new WindowFrame(true, false, 1, false, 0);

    @AfterAll
    static void close() {
        HARNESS.close();
    }

    private static PhysicalOperator input(List<List<List<Object>>> batches) {
        return OperatorHarness.source(INPUT, batches);
    }

    private static PhysicalOperator sixRows() {
        return input(List.of(List.of(row(1L, "a", 1.0), row(2L, "a", null), row(3L, "b", 2.0)),
                List.of(row(4L, "b", 5.0), row(5L, "a", 4.0), row(6L, null, 7.0))));
    }

    private static WindowOperator window(PhysicalOperator in, WindowCall... calls) {
        List<Field> out = new ArrayList<>(INPUT);
        for (WindowCall c : calls) {
            out.add(c.type());
        }
        return new WindowOperator(in, List.of(calls), out, Long.MAX_VALUE);
    }

    private static WindowCall call(String function, List<Expr> args, List<Expr> partition, List<SortKey> order,
            WindowFrame frame, Field type) {
        return new WindowCall(function, args, partition, order, frame, type);
    }

    /** The appended column {@code c} (0 = first window column) of every output row. */
    private static List<Object> column(List<List<Object>> rows, int c) {
        List<Object> out = new ArrayList<>();
        for (List<Object> r : rows) {
            out.add(r.get(INPUT.size() + c));
        }
        return out;
    }

    @Test
    void rowNumberCountsWithinEachPartitionInOrder() {
        List<List<Object>> rows = HARNESS.run(window(sixRows(), call("row_number", List.of(), List.of(G_REF),
                List.of(new SortKey(ID_REF, false, false)), WindowFrame.DEFAULT_ORDERED,
                Types.field("rn", Types.INT64, false))));
        // a: ids 5, 2, 1 descending; b: 4, 3; NULL partition: 6.
        assertEquals(row(3L, 2L, 2L, 1L, 1L, 1L), column(rows, 0));
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L), rows.stream().map(r -> r.get(0)).toList());
    }

    @Test
    void wholePartitionSumSkipsNullsAndGroupsNullKeys() {
        List<List<Object>> rows = HARNESS.run(window(sixRows(), call("sum", List.of(X_REF), List.of(G_REF),
                List.of(), WindowFrame.WHOLE_PARTITION, Types.field("s", Types.FLOAT64, true))));
        assertEquals(row(5.0, 5.0, 7.0, 7.0, 5.0, 7.0), column(rows, 0));
    }

    @Test
    void slidingSumCountAndMinRemoveTheRowLeavingTheFrame() {
        List<SortKey> byId = List.of(new SortKey(ID_REF, true, true));
        List<List<Object>> rows = HARNESS.run(window(sixRows(),
                call("sum", List.of(X_REF), List.of(), byId, ONE_PRECEDING, Types.field("s", Types.FLOAT64, true)),
                call("count", List.of(X_REF), List.of(), byId, ONE_PRECEDING, Types.field("c", Types.INT64, false)),
                call("min", List.of(X_REF), List.of(), byId, ONE_PRECEDING, Types.field("m", Types.FLOAT64, true))));
        // x by id: 1, NULL, 2, 5, 4, 7; frames {id-1, id}.
        assertEquals(row(1.0, 1.0, 2.0, 7.0, 9.0, 11.0), column(rows, 0));
        assertEquals(row(1L, 1L, 1L, 2L, 2L, 2L), column(rows, 1));
        assertEquals(row(1.0, 1.0, 2.0, 2.0, 4.0, 4.0), column(rows, 2));
    }

    @Test
    void frameOfOnlyNullsGivesNullAndCountZero() {
        PhysicalOperator in = input(List.of(List.of(row(1L, "a", null), row(2L, "a", null))));
        List<List<Object>> rows = HARNESS.run(window(in,
                call("avg", List.of(X_REF), List.of(G_REF), List.of(), WindowFrame.WHOLE_PARTITION,
                        Types.field("a", Types.FLOAT64, true)),
                call("count", List.of(X_REF), List.of(G_REF), List.of(), WindowFrame.WHOLE_PARTITION,
                        Types.field("c", Types.INT64, false))));
        assertEquals(row(null, null), column(rows, 0));
        assertEquals(row(0L, 0L), column(rows, 1));
    }

    @Test
    void emptyInputGivesNoRows() {
        assertEquals(List.of(), HARNESS.run(window(input(List.of()), call("sum", List.of(X_REF), List.of(G_REF),
                List.of(), WindowFrame.WHOLE_PARTITION, Types.field("s", Types.FLOAT64, true)))));
        assertEquals(List.of(), HARNESS.run(window(input(List.of(List.of())), call("row_number", List.of(),
                List.of(), List.of(new SortKey(ID_REF, true, true)), WindowFrame.DEFAULT_ORDERED,
                Types.field("rn", Types.INT64, false)))));
    }

    @Test
    void closingAfterTheFirstBatchFreesTheBufferedInput() {
        HARNESS.openReadOneAndClose(window(sixRows(), call("group_concat", List.of(G_REF), List.of(), List.of(),
                WindowFrame.WHOLE_PARTITION, Types.field("s", Types.UTF8, true))));
    }
}
