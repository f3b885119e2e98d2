package io.lancejdbc.sql.bind;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.sql.expr.Call;
import io.lancejdbc.sql.expr.ColumnRef;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.expr.ScalarFunctionKey;
import io.lancejdbc.sql.types.Types;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;

class ScalarFunctionCatalogTest {
    /** Argument types enough to reach every kernel of every definition. */
    private static final List<Field> PALETTE = List.of(
            Types.of(Types.UTF8, true),
            Types.of(Types.INT64, true),
            Types.of(Types.FLOAT64, true),
            Types.of(Types.DATE, true),
            Types.of(Types.TIMESTAMP_US, true),
            Types.list("", Types.field("item", Types.FLOAT32, true), true),
            new Field("", FieldType.nullable(new ArrowType.Map(false)), List.of(new Field("entries",
                    FieldType.notNullable(ArrowType.Struct.INSTANCE), List.of(Types.field("key", Types.UTF8, false),
                            Types.field("value", Types.INT64, true))))));

    @Test
    void aliasesReportTheNameOfTheFunctionTheyBindAs() {
        Map<String, String> aliases = new TreeMap<>();
        for (ScalarFunctionDefinition d : ScalarFunctionCatalog.definitions()) {
            for (String a : d.aliases()) {
                aliases.put(a, ScalarFunctionCatalog.canonical(a));
            }
        }
        assertEquals(new TreeMap<>(Map.ofEntries(
                Map.entry("substr", "substring"), Map.entry("char_length", "length"),
                Map.entry("character_length", "length"), Map.entry("ceiling", "ceil"), Map.entry("pow", "power"),
                Map.entry("lcase", "lower"), Map.entry("ucase", "upper"), Map.entry("nvl", "ifnull"),
                Map.entry("size", "cardinality"), Map.entry("array_length", "cardinality"),
                Map.entry("array_size", "cardinality"), Map.entry("strpos", "position"),
                Map.entry("instr", "position"), Map.entry("dot_product", "inner_product"),
                Map.entry("current_timestamp", "now"), Map.entry("localtimestamp", "now"),
                Map.entry("list_contains", "array_contains"), Map.entry("regexp_matches", "regexp_like"),
                Map.entry("dayofmonth", "day"))), aliases);
    }

    @Test
    void aNameThatIsNoAliasIsItsOwnCanonicalName() {
        assertEquals("strftime", ScalarFunctionCatalog.canonical("strftime"));
        assertEquals("count", FunctionRegistry.canonical("COUNT"));
    }

    @Test
    void strposTakesItsArgumentsInTheOrderOfInstrNotOfPosition() {
        Expr hay = column(0, Types.UTF8);
        Expr needle = column(1, Types.UTF8);
        Call strpos = (Call) FunctionRegistry.scalar("STRPOS", List.of(hay, needle));
        Call position = (Call) FunctionRegistry.scalar("position", List.of(needle, hay));
        assertEquals(position, strpos);
        assertEquals(ScalarFunctionKey.POSITION.callName(), strpos.function());
    }

    /**
     * Binding every definition over every argument list of up to three palette types produces calls only of the
     * kernels the definition declares, and every declared kernel is produced by some argument list.
     */
    @Test
    void everyDefinitionProducesExactlyTheKernelsItDeclares() {
        List<List<Field>> argLists = new ArrayList<>();
        argLists.add(List.of());
        for (Field a : PALETTE) {
            argLists.add(List.of(a));
            for (Field b : PALETTE) {
                argLists.add(List.of(a, b));
                for (Field c : PALETTE) {
                    argLists.add(List.of(a, b, c));
                }
            }
        }
        for (ScalarFunctionDefinition d : ScalarFunctionCatalog.definitions()) {
            Set<ScalarFunctionKey> produced = EnumSet.noneOf(ScalarFunctionKey.class);
            for (String name : d.names()) {
                for (List<Field> types : argLists) {
                    List<Expr> args = new ArrayList<>();
                    for (int i = 0; i < types.size(); i++) {
                        args.add(new ColumnRef(i, "c" + i, types.get(i)));
                    }
                    Expr bound;
                    try {
                        bound = FunctionRegistry.scalar(name, args);
                    } catch (SqlError e) {
                        continue;
                    }
                    Set<ScalarFunctionKey> keys = keysIn(bound);
                    assertTrue(d.kernels().containsAll(keys), name + types + " produced " + keys + ", declared "
                            + d.kernels());
                    produced.addAll(keys);
                }
            }
            assertEquals(d.kernels(), produced, d.names() + " declares kernels it never produces");
        }
    }

    @Test
    void everyKernelIsTypedByADefinitionOrAnOperator() {
        assertEquals(EnumSet.allOf(ScalarFunctionKey.class), EnumSet.copyOf(ScalarFunctionCatalog.typedKernels()));
    }

    @Test
    void operatorsBuildCallsOfTheirKernels() {
        Expr ts = column(0, Types.TIMESTAMP_US);
        Expr date = column(1, Types.DATE);
        assertEquals(Set.of(ScalarFunctionKey.EXTRACT), keysIn(Operators.extract("YEAR", ts)));
        assertEquals(Set.of(ScalarFunctionKey.DATE_ADD), keysIn(Operators.arithmetic("+", date,
                column(2, Types.INT64))));
        assertEquals(Set.of(ScalarFunctionKey.DATEDIFF), keysIn(Operators.arithmetic("-", date, date)));
        assertEquals(Set.of(ScalarFunctionKey.TIMESTAMP_DIFF_US), keysIn(Operators.arithmetic("-", ts, ts)));
        assertTrue(ScalarFunctionCatalog.operatorKernels().containsAll(Set.of(ScalarFunctionKey.EXTRACT,
                ScalarFunctionKey.DATE_ADD, ScalarFunctionKey.DATEDIFF, ScalarFunctionKey.TIMESTAMP_DIFF_US)));
    }

    private static ColumnRef column(int i, ArrowType t) {
        return new ColumnRef(i, "c" + i, Types.of(t, true));
    }

    private static Set<ScalarFunctionKey> keysIn(Expr e) {
        Set<ScalarFunctionKey> out = EnumSet.noneOf(ScalarFunctionKey.class);
        collect(e, out);
        return out;
    }

    private static void collect(Expr e, Set<ScalarFunctionKey> out) {
        if (e instanceof Call) {
            Call c = (Call) e;
            ScalarFunctionKey.ofCallName(c.function()).ifPresent(out::add);
            for (Expr a : c.args()) {
                collect(a, out);
            }
        }
    }
}
