package io.lancejdbc.sql.bind;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.sql.catalog.BoundTable;
import io.lancejdbc.sql.catalog.CatalogView;
import io.lancejdbc.sql.expr.Literal;
import io.lancejdbc.sql.parse.ParsedStatement;
import io.lancejdbc.sql.parse.SqlParser;
import io.lancejdbc.sql.plan.LogicalPlan;
import io.lancejdbc.sql.plan.VectorSearch;
import io.lancejdbc.sql.plan.VectorSearchSpec;
import io.lancejdbc.sql.types.Types;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;

/**
 * Argument validation of {@code vector_search(...)} (issue 4 §1; messages after doris-semantics §3.3). The tables
 * are schemas only: the binder reads nothing but the schema of the resolved table.
 */
class VectorSearchBinderTest {
    private static final String NOT_A_JSON_ARRAY =
            "'query_vector' must be a JSON array of numbers such as \"[0.1, 0.2, 0.3]\" (";

    private static Field vector(String name, ArrowType element, int dim) {
        return new Field(name, FieldType.nullable(new ArrowType.FixedSizeList(dim)),
                List.of(Field.nullable("item", element)));
    }

    private static final ArrowType F16 = new ArrowType.FloatingPoint(FloatingPointPrecision.HALF);
    private static final ArrowType F32 = new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);

    private static final Map<String, Schema> TABLES = Map.of(
            "items", new Schema(List.of(Field.notNullable("id", Types.INT64), Field.nullable("category", Types.UTF8),
                    vector("embedding", F32, 3))),
            "codes", new Schema(List.of(Field.notNullable("id", Types.INT64),
                    vector("i8", new ArrowType.Int(8, true), 2), vector("u8", new ArrowType.Int(8, false), 2),
                    vector("half", F16, 2),
                    new Field("ints", FieldType.nullable(new ArrowType.FixedSizeList(2)),
                            List.of(Field.nullable("item", Types.INT32))),
                    new Field("floats", FieldType.nullable(ArrowType.List.INSTANCE),
                            List.of(Field.nullable("item", F32))))),
            "scored", new Schema(List.of(Field.notNullable("id", Types.INT64), vector("embedding", F32, 2),
                    Field.nullable("_Distance", Types.FLOAT32))),
            "twins", new Schema(List.of(vector("Vec", F32, 2), vector("vec", F32, 2))));

    /** Resolves {@code [catalog.][schema.]table} against {@link #TABLES}. */
    private static final CatalogView CATALOG = new CatalogView() {
        @Override
        public String catalogName() {
            return "lance";
        }

        @Override
        public String currentSchema() {
            return "default";
        }

        @Override
        public BoundTable resolveTable(List<String> parts) {
            String name = parts.get(parts.size() - 1);
            Schema s = TABLES.get(name);
            if (s == null) {
                throw new SqlError("42S02", "Table '" + name + "' not found");
            }
            return new BoundTable("lance", parts.size() > 1 ? parts.get(parts.size() - 2) : "default", name, s, null);
        }

        @Override
        public BoundTable resolveFileTvf(String function, Map<String, String> arguments) {
            throw new UnsupportedOperationException(function);
        }
    };

    private static LogicalPlan bind(String sql, List<Literal> params) {
        ParsedStatement.Query q = (ParsedStatement.Query) SqlParser.parse(sql);
        return QueryBinder.bind(q.select(), CATALOG, params, Clock.systemUTC());
    }

    private static VectorSearch find(LogicalPlan p) {
        if (p instanceof VectorSearch) {
            return (VectorSearch) p;
        }
        for (LogicalPlan in : p.inputs()) {
            VectorSearch v = find(in);
            if (v != null) {
                return v;
            }
        }
        return null;
    }

    private static VectorSearchSpec spec(String args) {
        return find(bind("SELECT * FROM vector_search(" + args + ")", List.of())).spec();
    }

    private static SqlError error(String args) {
        return assertThrows(SqlError.class, () -> bind("SELECT * FROM vector_search(" + args + ")", List.of()));
    }

    private static void assertError(String state, String message, String args) {
        SqlError e = error(args);
        assertEquals(message, e.getMessage());
        assertEquals(state, e.sqlState(), e.getMessage());
    }

    private static final String BASE = "\"table\" = \"items\", \"column\" = \"embedding\", "
            + "\"query_vector\" = \"[0.5, 1, -2]\"";

    @Test
    void defaultsAreTopTenNoOffsetTheIndexMetricAndIndexUse() {
        VectorSearchSpec s = spec(BASE);
        assertEquals(10, s.topK());
        assertEquals(0, s.offset());
        assertNull(s.metric());
        assertNull(s.filter());
        assertEquals(List.of(0, 0, 0), List.of(s.nprobes(), s.refineFactor(), s.ef()));
        assertTrue(s.useIndex());
        assertArrayEquals(new double[] {0.5, 1, -2}, s.queryVector());
    }

    @Test
    void everyPropertyIsRead() {
        VectorSearchSpec s = spec(BASE + ", \"top_k\" = \"7\", \"offset\" = \"2\", \"metric\" = \"COSINE\","
                + " \"filter\" = \"category = 'book'\", \"nprobes\" = \"20\", \"refine_factor\" = \"10\","
                + " \"ef\" = \"64\", \"use_index\" = \"FALSE\"");
        assertEquals(List.of(7L, 2L), List.of(s.topK(), s.offset()));
        assertEquals("cosine", s.metric());
        assertEquals("category = 'book'", s.filter());
        assertEquals(List.of(20, 10, 64), List.of(s.nprobes(), s.refineFactor(), s.ef()));
        assertEquals(false, s.useIndex());
    }

    @Test
    void keysAreCaseInsensitive() {
        VectorSearchSpec s = spec("\"TABLE\" = \"items\", \"Column\" = \"EMBEDDING\", \"Query_Vector\" = \"[1,2,3]\","
                + " \"TOP_K\" = \"3\"");
        assertEquals(3, s.topK());
        assertEquals("embedding", s.column());
    }

    @Test
    void dotProductIsAnAliasOfDot() {
        assertEquals("dot", spec(BASE + ", \"metric\" = \" Dot_Product \"").metric());
    }

    @Test
    void theResultIsEveryTableColumnThenDistance() {
        VectorSearch v = find(bind("SELECT * FROM vector_search(" + BASE + ")", List.of()));
        assertEquals(List.of("id", "category", "embedding", "_distance"),
                v.output().stream().map(Field::getName).toList());
        Field d = v.output().get(3);
        assertEquals(F32, d.getType());
        assertEquals(false, d.isNullable());
    }

    @Test
    void anUnknownKeyIsRejected() {
        assertError("42000", "'k' is an invalid property for vector_search(); valid properties: column, ef, file_path,"
                + " filter, metric, nprobes, offset, query_vector, refine_factor, table, tag, timestamp, top_k, uri,"
                + " use_index, version",
                BASE + ", \"k\" = \"3\"");
    }

    @Test
    void aDuplicateKeyIsRejected() {
        assertError("42000", "Duplicate vector_search() property 'top_k'",
                BASE + ", \"top_k\" = \"3\", \"TOP_K\" = \"4\"");
    }

    @Test
    void aMissingRequiredKeyIsRejected() {
        assertError("42000", "Missing required vector_search() property 'query_vector'",
                "\"table\" = \"items\", \"column\" = \"embedding\"");
        assertError("42000", "Missing required vector_search() property 'column'",
                "\"table\" = \"items\", \"column\" = \" \", \"query_vector\" = \"[1,2,3]\"");
    }

    @Test
    void aNonIntegerValueIsRejected() {
        assertError("22023", "'top_k' must be an integer", BASE + ", \"top_k\" = \"ten\"");
        assertError("22023", "'nprobes' must be an integer", BASE + ", \"nprobes\" = \"2.5\"");
    }

    @Test
    void anOutOfRangeValueIsRejected() {
        assertError("22023", "'top_k' must be between 1 and 4294967295", BASE + ", \"top_k\" = \"0\"");
        assertError("22023", "'offset' must be between 0 and 4294967294", BASE + ", \"offset\" = \"-1\"");
        assertError("22023", "'refine_factor' must be between 1 and 2147483647",
                BASE + ", \"refine_factor\" = \"2147483648\"");
        assertError("22023", "'ef' must be between 1 and 2147483647", BASE + ", \"ef\" = \"0\"");
    }

    @Test
    void topKPlusOffsetMayNotExceedTheLargestUnsigned32BitNumber() {
        assertError("22023", "'top_k + offset' must not exceed 4294967295",
                BASE + ", \"top_k\" = \"4294967295\", \"offset\" = \"1\"");
        assertEquals(4294967295L, spec(BASE + ", \"top_k\" = \"4294967290\", \"offset\" = \"5\"").candidates());
    }

    @Test
    void anUnknownMetricIsRejected() {
        assertError("22023", "Unsupported vector metric 'manhattan': expected l2, cosine, dot, or hamming",
                BASE + ", \"metric\" = \"manhattan\"");
    }

    @Test
    void useIndexMustBeTrueOrFalse() {
        assertError("22023", "'use_index' must be 'true' or 'false'", BASE + ", \"use_index\" = \"yes\"");
    }

    @Test
    void theFilterMayNotBeEmpty() {
        assertError("22023", "'filter' must not be empty", BASE + ", \"filter\" = \"  \"");
    }

    @Test
    void textAfterTheJsonArrayIsRejected() {
        SqlError e = error("\"table\" = \"items\", \"column\" = \"embedding\", \"query_vector\" = \"[1, 2, 3, 4] x\"");
        assertEquals("22023", e.sqlState());
        assertTrue(e.getMessage().startsWith(NOT_A_JSON_ARRAY), e.getMessage());
        assertEquals("22023", error("\"table\" = \"items\", \"column\" = \"embedding\","
                + " \"query_vector\" = \"[1, 2, 3, 4] [5]\"").sqlState());
    }

    @Test
    void malformedJsonIsRejected() {
        SqlError e = error("\"table\" = \"items\", \"column\" = \"embedding\", \"query_vector\" = \"[1, 2,\"");
        assertEquals("22023", e.sqlState());
        assertTrue(e.getMessage().startsWith(NOT_A_JSON_ARRAY), e.getMessage());
        assertError("22023", "'query_vector' must be a JSON array",
                "\"table\" = \"items\", \"column\" = \"embedding\", \"query_vector\" = '{\"a\": 1}'");
        assertError("22023", "Query vector element 1 must be a number",
                "\"table\" = \"items\", \"column\" = \"embedding\", \"query_vector\" = '[1, \"x\", 3]'");
    }

    @Test
    void aWrongDimensionIsRejected() {
        assertError("22023", "Query vector dimension 2 does not match Lance column 'embedding' dimension 3",
                "\"table\" = \"items\", \"column\" = \"embedding\", \"query_vector\" = \"[1, 2]\"");
    }

    @Test
    void int8ElementsMustBeIntegersInRange() {
        String args = "\"table\" = \"codes\", \"column\" = \"i8\", \"query_vector\" = ";
        assertArrayEquals(new double[] {-128, 127}, spec(args + "\"[-128, 127.0]\"").queryVector());
        assertError("22023", "Query vector element 1 is not representable as int8", args + "\"[0, 128]\"");
        assertError("22023", "Query vector element 0 is not representable as int8", args + "\"[0.5, 1]\"");
    }

    @Test
    void uint8ElementsMustBeIntegersFrom0To255() {
        String args = "\"table\" = \"codes\", \"column\" = \"u8\", \"query_vector\" = ";
        assertArrayEquals(new double[] {0, 255}, spec(args + "\"[0, 255]\"").queryVector());
        assertError("22023", "Query vector element 0 is not representable as uint8", args + "\"[-1, 2]\"");
        assertError("22023", "Query vector element 1 is not representable as uint8", args + "\"[1, 256]\"");
    }

    @Test
    void float16ElementsMustBeWithinItsRange() {
        assertError("22023", "Query vector element 0 is not representable as float16",
                "\"table\" = \"codes\", \"column\" = \"half\", \"query_vector\" = \"[70000, 1]\"");
    }

    @Test
    void uint8ColumnsTakeOnlyHammingAndHammingOnlyUint8() {
        assertError("22023", "uint8 vector column 'u8' supports only the hamming metric",
                "\"table\" = \"codes\", \"column\" = \"u8\", \"query_vector\" = \"[1, 2]\", \"metric\" = \"l2\"");
        assertError("22023", "Metric hamming needs a uint8 vector column; 'i8' holds int8",
                "\"table\" = \"codes\", \"column\" = \"i8\", \"query_vector\" = \"[1, 2]\", \"metric\" = \"hamming\"");
    }

    @Test
    void aColumnOfAnotherTypeIsRejected() {
        SqlError e = error("\"table\" = \"codes\", \"column\" = \"ints\", \"query_vector\" = \"[1, 2]\"");
        assertEquals("42804", e.sqlState());
        assertTrue(e.getMessage().startsWith("Lance vector column 'ints' must be"
                + " fixed_size_list<float16|float32|float64|uint8|int8>, but was "), e.getMessage());
        assertTrue(error("\"table\" = \"codes\", \"column\" = \"floats\", \"query_vector\" = \"[1, 2]\"").getMessage()
                .startsWith("Lance vector column 'floats' must be"));
    }

    @Test
    void anUnknownOrAmbiguousColumnIsRejected() {
        assertError("42S22", "Lance vector search column 'vec' does not exist in default.items; its columns are id,"
                + " category, embedding",
                "\"table\" = \"items\", \"column\" = \"vec\", \"query_vector\" = \"[1, 2]\"");
        assertError("42702", "Lance vector search column 'VEC' is ambiguous under case-insensitive matching",
                "\"table\" = \"twins\", \"column\" = \"VEC\", \"query_vector\" = \"[1, 2]\"");
    }

    @Test
    void aTableWithItsOwnDistanceColumnIsRejected() {
        assertError("42000", "Lance table already contains reserved vector search column '_Distance'",
                "\"table\" = \"scored\", \"column\" = \"embedding\", \"query_vector\" = \"[1, 2]\"");
    }

    @Test
    void theTableMayHaveOneToThreeNameParts() {
        assertEquals("items", find(bind("SELECT * FROM vector_search(\"table\" = \"lance.`doris.analytics`.items\","
                + " \"column\" = \"embedding\", \"query_vector\" = \"[1,2,3]\")", List.of())).table().name());
        assertError("42000", "'table' must be table, schema.table or catalog.schema.table, got 4 name parts in"
                + " 'lance.doris.analytics.items'; quote a multi-level schema with backticks, e.g."
                + " lance.`doris.analytics`.items",
                "\"table\" = \"lance.doris.analytics.items\", \"column\" = \"embedding\","
                        + " \"query_vector\" = \"[1,2,3]\"");
    }

    private static final String PARAM = "SELECT id FROM vector_search(\"table\" = \"items\","
            + " \"column\" = \"embedding\", \"query_vector\" = ?)";

    private static Literal value(Object v) {
        return new Literal(v, Field.nullable("p", Types.NULL));
    }

    @Test
    void aQueryVectorParameterTakesFloatAndDoubleArraysAndLists() {
        assertArrayEquals(new double[] {1, 2.5, -3},
                find(bind(PARAM, List.of(value(new float[] {1, 2.5f, -3})))).spec().queryVector());
        assertArrayEquals(new double[] {1, 2, 3},
                find(bind(PARAM, List.of(value(new double[] {1, 2, 3})))).spec().queryVector());
        assertArrayEquals(new double[] {1, 2, 3},
                find(bind(PARAM, List.of(value(List.of(1, 2.0f, 3L))))).spec().queryVector());
        assertArrayEquals(new double[] {4, 5, 6},
                find(bind(PARAM, List.of(value(new Float[] {4f, 5f, 6f})))).spec().queryVector());
    }

    @Test
    void aQueryVectorParameterIsValidatedLikeALiteral() {
        SqlError e = assertThrows(SqlError.class, () -> bind(PARAM, List.of(value(new float[] {1, 2}))));
        assertEquals("Query vector dimension 2 does not match Lance column 'embedding' dimension 3", e.getMessage());
        SqlError notNumber = assertThrows(SqlError.class,
                () -> bind(PARAM, List.of(value(java.util.Arrays.asList(1, null, 3)))));
        assertEquals("Query vector element 1 must be a number", notNumber.getMessage());
    }

    @Test
    void preparingWithAnUnboundQueryVectorUsesAZeroVectorOfTheColumnDimension() {
        assertArrayEquals(new double[3], find(bind(PARAM, null)).spec().queryVector());
    }

    @Test
    void onlyTheQueryVectorMayBeAParameter() {
        SqlError e = assertThrows(SqlError.class, () -> bind("SELECT id FROM vector_search(\"table\" = \"items\","
                + " \"column\" = \"embedding\", \"query_vector\" = \"[1,2,3]\", \"top_k\" = ?)", List.of(value(5))));
        assertEquals("42000", e.sqlState());
        assertEquals("'top_k' of vector_search() cannot be a ? parameter; only 'query_vector' and the version"
                + " ('version', 'tag', 'timestamp') can", e.getMessage());
    }
}
