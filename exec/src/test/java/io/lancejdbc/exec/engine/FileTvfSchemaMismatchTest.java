package io.lancejdbc.exec.engine;

import static io.lancejdbc.exec.engine.TvfSql.error;
import static io.lancejdbc.exec.engine.TvfSql.rows;
import static io.lancejdbc.exec.engine.TvfSql.uris;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.exec.testing.UriDatasets;
import io.lancejdbc.engine.SqlError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Strict schema equality of the datasets of one {@code "uris"} call, through SQL: each case writes a reference
 * dataset {@code a.lance} and a differing {@code b.lance} with lance-core (first column {@code id int64}, the rest
 * NULL) and checks the exact error, which names both datasets, the field path and both definitions.
 */
class FileTvfSchemaMismatchTest {
    private static final ArrowType INT64 = new ArrowType.Int(64, true);
    private static final ArrowType INT32 = new ArrowType.Int(32, true);
    private static final ArrowType UTF8 = ArrowType.Utf8.INSTANCE;

    @TempDir
    static Path tmp;
    static Path data;
    static BufferAllocator allocator;
    static EmbeddedQueryEngine engine;
    static EngineSession session;

    @BeforeAll
    static void setUp() throws IOException {
        data = Files.createDirectories(tmp.resolve("data")).toRealPath();
        allocator = new RootAllocator();
        engine = new EmbeddedQueryEngine();
        session = engine.openSession(EngineConfig.of(Map.of("warehouse",
                Files.createDirectories(tmp.resolve("wh")).toString())));
    }

    @AfterAll
    static void tearDown() {
        session.close();
        assertEquals(0, engine.rootAllocator().getAllocatedMemory(), "Arrow memory leaked");
        engine.close();
        allocator.close();
    }

    private static Field id() {
        return Field.notNullable("id", INT64);
    }

    private static Schema schema(Field... rest) {
        List<Field> fields = new java.util.ArrayList<>();
        fields.add(id());
        fields.addAll(List.of(rest));
        return new Schema(fields);
    }

    /** Writes the two datasets of a case and returns the error of reading both with uris. */
    private static SqlError mismatch(String caseName, Schema reference, Schema other) {
        Path dir = data.resolve(caseName);
        UriDatasets.writeNulls(allocator, dir.resolve("a.lance").toString(), reference, 3);
        UriDatasets.writeNulls(allocator, dir.resolve("b.lance").toString(), other, 2);
        SqlError e = error(session, "SELECT * FROM local(\"uris\" = " + uris(dir + "/*.lance")
                + ", \"format\" = \"lance\")");
        assertEquals("42804", e.sqlState(), e.getMessage());
        return e;
    }

    private static String expected(String caseName, String field, String reason, String a, String b) {
        String ua = "file://" + data.resolve(caseName).resolve("a.lance");
        String ub = "file://" + data.resolve(caseName).resolve("b.lance");
        return "Dataset " + ub + " does not have the schema of the first dataset " + ua + ": at field '" + field
                + "' the " + reason + " differs (" + ua + ": " + a + "; " + ub + ": " + b + "); \"uris\" reads only "
                + "datasets with identical schemas (names, order, types, nullability, nested fields)";
    }

    @Test
    void identicalSchemasAreReadTogether() {
        Path dir = data.resolve("same");
        Schema s = schema(Field.nullable("amount", new ArrowType.Decimal(12, 2, 128)));
        UriDatasets.writeNulls(allocator, dir.resolve("a.lance").toString(), s, 3);
        UriDatasets.writeNulls(allocator, dir.resolve("b.lance").toString(), s, 2);
        assertEquals(List.of(List.of(5L)), rows(session, "SELECT count(*) FROM local(\"uris\" = "
                + uris(dir + "/*.lance") + ", \"format\" = \"lance\")"));
    }

    @Test
    void swappedColumnOrder() {
        SqlError e = mismatch("order", schema(Field.nullable("a", UTF8), Field.nullable("b", INT32)),
                schema(Field.nullable("b", INT32), Field.nullable("a", UTF8)));
        assertEquals(expected("order", "a", "name", "a: Utf8", "b: Int(32, true)"), e.getMessage());
    }

    @Test
    void nameCase() {
        SqlError e = mismatch("case", schema(Field.nullable("name", UTF8)), schema(Field.nullable("NAME", UTF8)));
        assertEquals(expected("case", "name", "name (the names differ only in case; names are compared exactly)",
                "name: Utf8", "NAME: Utf8"), e.getMessage());
    }

    @Test
    void decimalPrecision() {
        SqlError e = mismatch("precision", schema(Field.nullable("amount", new ArrowType.Decimal(12, 2, 128))),
                schema(Field.nullable("amount", new ArrowType.Decimal(10, 2, 128))));
        assertEquals(expected("precision", "amount", "type", "amount: Decimal(12, 2, 128)",
                "amount: Decimal(10, 2, 128)"), e.getMessage());
    }

    @Test
    void decimalScale() {
        SqlError e = mismatch("scale", schema(Field.nullable("amount", new ArrowType.Decimal(12, 2, 128))),
                schema(Field.nullable("amount", new ArrowType.Decimal(12, 3, 128))));
        assertEquals(expected("scale", "amount", "type", "amount: Decimal(12, 2, 128)", "amount: Decimal(12, 3, 128)"),
                e.getMessage());
    }

    @Test
    void timestampUnit() {
        SqlError e = mismatch("unit", schema(Field.nullable("ts", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null))),
                schema(Field.nullable("ts", new ArrowType.Timestamp(TimeUnit.MILLISECOND, null))));
        assertEquals(expected("unit", "ts", "type", "ts: Timestamp(MICROSECOND, null)",
                "ts: Timestamp(MILLISECOND, null)"), e.getMessage());
    }

    @Test
    void timestampZone() {
        SqlError e = mismatch("zone", schema(Field.nullable("ts", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC"))),
                schema(Field.nullable("ts", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "Asia/Shanghai"))));
        assertEquals(expected("zone", "ts", "type", "ts: Timestamp(MICROSECOND, UTC)",
                "ts: Timestamp(MICROSECOND, Asia/Shanghai)"), e.getMessage());
    }

    @Test
    void timestampWithAndWithoutZone() {
        SqlError e = mismatch("nozone", schema(Field.nullable("ts", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null))),
                schema(Field.nullable("ts", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC"))));
        assertEquals(expected("nozone", "ts", "type", "ts: Timestamp(MICROSECOND, null)",
                "ts: Timestamp(MICROSECOND, UTC)"), e.getMessage());
    }

    @Test
    void nullability() {
        SqlError e = mismatch("nullability", schema(Field.nullable("n", INT32)), schema(Field.notNullable("n", INT32)));
        assertEquals(expected("nullability", "n", "nullability", "n: Int(32, true)", "n: Int(32, true) NOT NULL"),
                e.getMessage());
    }

    @Test
    void integerWidth() {
        SqlError e = mismatch("width", schema(Field.nullable("n", INT32)), schema(Field.nullable("n", INT64)));
        assertEquals(expected("width", "n", "type", "n: Int(32, true)", "n: Int(64, true)"), e.getMessage());
    }

    @Test
    void nestedFieldType() {
        Field refAddr = new Field("addr", FieldType.nullable(ArrowType.Struct.INSTANCE),
                List.of(Field.nullable("city", UTF8), Field.nullable("zip", INT32)));
        Field otherAddr = new Field("addr", FieldType.nullable(ArrowType.Struct.INSTANCE),
                List.of(Field.nullable("city", UTF8), Field.nullable("zip", UTF8)));
        SqlError e = mismatch("nested", schema(refAddr), schema(otherAddr));
        assertEquals(expected("nested", "addr.zip", "type", "zip: Int(32, true)", "zip: Utf8"), e.getMessage());
    }

    @Test
    void nestedFieldMissing() {
        Field refAddr = new Field("addr", FieldType.nullable(ArrowType.Struct.INSTANCE),
                List.of(Field.nullable("city", UTF8), Field.nullable("zip", UTF8)));
        Field otherAddr = new Field("addr", FieldType.nullable(ArrowType.Struct.INSTANCE),
                List.of(Field.nullable("city", UTF8)));
        SqlError e = mismatch("nestedmissing", schema(refAddr), schema(otherAddr));
        assertEquals(expected("nestedmissing", "addr", "number of fields", "2 fields, the first extra one zip: Utf8",
                "1 fields"), e.getMessage());
    }

    @Test
    void fixedSizeListDimension() {
        Field item = Field.nullable("item", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE));
        SqlError e = mismatch("dimension",
                schema(new Field("vec", FieldType.nullable(new ArrowType.FixedSizeList(4)), List.of(item))),
                schema(new Field("vec", FieldType.nullable(new ArrowType.FixedSizeList(8)), List.of(item))));
        assertEquals(expected("dimension", "vec", "type", "vec: FixedSizeList(4)<item: FloatingPoint(SINGLE)>",
                "vec: FixedSizeList(8)<item: FloatingPoint(SINGLE)>"), e.getMessage());
    }

    @Test
    void anExtraColumn() {
        SqlError e = mismatch("extra", schema(Field.nullable("name", UTF8)),
                schema(Field.nullable("name", UTF8), Field.nullable("extra", INT32)));
        assertEquals(expected("extra", "(top level)", "number of fields", "2 fields",
                "3 fields, the first extra one extra: Int(32, true)"), e.getMessage());
    }
}
