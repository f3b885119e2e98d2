package io.lancejdbc.exec.tvf;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;

class StrictSchemaComparisonTest {
    private static final ArrowType.Int INT32 = new ArrowType.Int(32, true);
    private static final ArrowType UTF8 = ArrowType.Utf8.INSTANCE;

    private static Schema schema(Field... fields) {
        return new Schema(List.of(fields));
    }

    private static Field list(String name, Field item) {
        return new Field(name, FieldType.nullable(ArrowType.List.INSTANCE), List.of(item));
    }

    @Test
    void fieldMetadataSuchAsLanceFieldIdsIsNotCompared() {
        Field a = new Field("id", new FieldType(true, INT32, null, Map.of("lance:field_id", "3")), null);
        Field b = new Field("id", new FieldType(true, INT32, null, Map.of("lance:field_id", "7")), null);
        assertEquals(Optional.empty(), StrictSchemaComparison.firstDifference(schema(a), schema(b)));
    }

    @Test
    void theFirstDifferenceInFieldOrderIsReported() {
        Optional<SchemaMismatch> m = StrictSchemaComparison.firstDifference(
                schema(Field.nullable("a", INT32), Field.nullable("b", UTF8)),
                schema(Field.nullable("a", UTF8), Field.nullable("b", INT32)));
        assertEquals(Optional.of(new SchemaMismatch("a", "a: Int(32, true)", "a: Utf8", "type")), m);
    }

    @Test
    void aListItemTypeIsComparedWithItsPath() {
        Optional<SchemaMismatch> m = StrictSchemaComparison.firstDifference(
                schema(list("tags", Field.nullable("item", UTF8))),
                schema(list("tags", Field.nullable("item", new ArrowType.LargeUtf8()))));
        assertEquals(Optional.of(new SchemaMismatch("tags.item", "item: Utf8", "item: LargeUtf8", "type")), m);
    }

    @Test
    void dictionaryEncodingIsPartOfTheType() {
        Field plain = Field.nullable("c", UTF8);
        Field dict = new Field("c", new FieldType(true, UTF8, new DictionaryEncoding(1, false, INT32)), null);
        assertEquals(Optional.of(new SchemaMismatch("c", "c: Utf8", "c: Utf8 dictionary<Int(32, true)>",
                "dictionary encoding")), StrictSchemaComparison.firstDifference(schema(plain), schema(dict)));
    }

    @Test
    void dictionaryIdsAreNotCompared() {
        Field d1 = new Field("c", new FieldType(true, UTF8, new DictionaryEncoding(1, false, INT32)), null);
        Field d2 = new Field("c", new FieldType(true, UTF8, new DictionaryEncoding(9, false, INT32)), null);
        assertEquals(Optional.empty(), StrictSchemaComparison.firstDifference(schema(d1), schema(d2)));
    }

    @Test
    void aMissingFieldAtTheEndIsReportedAtItsParent() {
        Optional<SchemaMismatch> m = StrictSchemaComparison.firstDifference(
                schema(Field.nullable("a", INT32)),
                schema(Field.nullable("a", INT32), Field.nullable("ts", new ArrowType.Timestamp(TimeUnit.SECOND, "UTC"))));
        assertEquals(Optional.of(new SchemaMismatch("(top level)", "1 fields",
                "2 fields, the first extra one ts: Timestamp(SECOND, UTC)", "number of fields")), m);
    }

    @Test
    void fieldCountIncludesNestedFields() {
        // id, s, s.x, s.l, s.l.item
        Field struct = new Field("s", FieldType.nullable(ArrowType.Struct.INSTANCE),
                List.of(Field.nullable("x", INT32), list("l", Field.nullable("item", INT32))));
        assertEquals(5, StrictSchemaComparison.fieldCount(schema(Field.nullable("id", INT32), struct)));
    }
}
