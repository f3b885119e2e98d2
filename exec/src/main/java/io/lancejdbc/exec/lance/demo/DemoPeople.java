package io.lancejdbc.exec.lance.demo;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/** The demo {@code people} table: nested types (struct, list, list of struct, map), storage version 2.2. */
final class DemoPeople {
    static final String NAME = "people";
    /** Lance stores a map column only from storage version 2.2 on. */
    static final String STORAGE_VERSION = "2.2";

    /** One person; {@code null} fields are stored as NULL. */
    private record Person(String name, Integer age, String street, String city, String zip, List<String> tags,
            List<KeyValue> phones, List<KeyValue> attributes) {
    }

    /** A phone (kind, number) or an attribute (key, value). */
    private record KeyValue(String key, String value) {
    }

    private static KeyValue kv(String key, String value) {
        return new KeyValue(key, value);
    }

    private static final List<Person> PEOPLE = List.of(
            new Person("Ada", 36, "12 Analytical Way", "London", "N1 9GU", List.of("math", "engines"),
                    List.of(kv("home", "+44 20 7946 0001")), List.of(kv("team", "research"))),
            new Person("Grace", 45, "7 Harbor St", "Arlington", "22201", List.of("navy", "compilers"),
                    List.of(kv("work", "+1 703 555 0102"), kv("mobile", "+1 703 555 0199")),
                    List.of(kv("team", "platform"), kv("level", "staff"))),
            new Person("Alan", 41, "3 Bletchley Rd", "Milton Keynes", "MK3 6EB", List.of("logic"), List.of(),
                    List.of(kv("team", "research"))),
            new Person("Edsger", null, "1 Dijkstra Ln", "Austin", "78712", List.of("algorithms", "structure"),
                    List.of(kv("work", "+1 512 555 0144")), List.of()),
            new Person("Barbara", 52, "55 Liskov Ct", "Cambridge", null, List.of("types"),
                    List.of(kv("mobile", "+1 617 555 0123")), List.of(kv("level", "principal"))),
            new Person("Donald", 60, null, null, null, List.of(), List.of(),
                    List.of(kv("team", "books"))),
            new Person("Frances", 38, "9 Allen Ave", "Peekskill", "10566", null, null, null),
            new Person("Ken", 47, "21 Unix Rd", "Murray Hill", "07974", List.of("unix", "go", "utf-8"),
                    List.of(kv("work", "+1 908 555 0111")), List.of(kv("team", "systems"))),
            new Person("Margaret", 33, "11 Apollo Pl", "Houston", "77058", List.of("software"),
                    List.of(kv("work", "+1 281 555 0169")), List.of(kv("mission", "apollo"))),
            new Person("Tim", 29, "4 Web Sq", "Geneva", "1211", List.of("web"), List.of(),
                    List.of(kv("team", "www"))),
            new Person("Radia", 39, "8 Spanning Tree Dr", "Seattle", "98101", List.of("networks"),
                    List.of(kv("home", "+1 206 555 0150")), List.of(kv("team", "networking"))),
            new Person("Linus", 25, "2 Kernel St", "Helsinki", "00100", List.of("kernel", "git"),
                    List.of(kv("mobile", "+358 40 555 0100")), List.of(kv("team", "systems"))));

    static final int ROWS = PEOPLE.size();

    private DemoPeople() {
    }

    static Schema schema() {
        Field utf8Item = Field.nullable("item", ArrowType.Utf8.INSTANCE);
        return new Schema(List.of(
                Field.notNullable("id", new ArrowType.Int(64, true)),
                Field.nullable("name", ArrowType.Utf8.INSTANCE),
                Field.nullable("age", new ArrowType.Int(32, true)),
                new Field("address", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(
                        Field.nullable("street", ArrowType.Utf8.INSTANCE),
                        Field.nullable("city", ArrowType.Utf8.INSTANCE),
                        Field.nullable("zip", ArrowType.Utf8.INSTANCE))),
                new Field("tags", FieldType.nullable(ArrowType.List.INSTANCE), List.of(utf8Item)),
                new Field("phones", FieldType.nullable(ArrowType.List.INSTANCE), List.of(
                        new Field("item", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(
                                Field.nullable("kind", ArrowType.Utf8.INSTANCE),
                                Field.nullable("number", ArrowType.Utf8.INSTANCE))))),
                new Field("attributes", FieldType.nullable(new ArrowType.Map(false)), List.of(
                        new Field("entries", FieldType.notNullable(ArrowType.Struct.INSTANCE), List.of(
                                Field.notNullable("key", ArrowType.Utf8.INSTANCE),
                                Field.nullable("value", ArrowType.Utf8.INSTANCE)))))));
    }

    static void write(BufferAllocator allocator, Path dir) {
        new DemoTableWriter(allocator, dir, schema(), STORAGE_VERSION).create(0, ROWS, ROWS, DemoPeople::fill);
    }

    private static void fill(VectorSchemaRoot root, long firstRow, int rowCount) {
        BigIntVector id = (BigIntVector) root.getVector("id");
        VarCharVector name = (VarCharVector) root.getVector("name");
        IntVector age = (IntVector) root.getVector("age");
        StructVector address = (StructVector) root.getVector("address");
        ListVector tags = (ListVector) root.getVector("tags");
        ListVector phones = (ListVector) root.getVector("phones");
        MapVector attributes = (MapVector) root.getVector("attributes");
        for (int i = 0; i < rowCount; i++) {
            int r = (int) firstRow + i;
            Person p = PEOPLE.get(r);
            id.setSafe(i, r + 1);
            name.setSafe(i, utf8(p.name()));
            if (p.age() == null) {
                age.setNull(i);
            } else {
                age.setSafe(i, p.age());
            }
            if (p.street() == null) {
                address.setNull(i);
            } else {
                address.setIndexDefined(i);
                setString(address.getChild("street", VarCharVector.class), i, p.street());
                setString(address.getChild("city", VarCharVector.class), i, p.city());
                setString(address.getChild("zip", VarCharVector.class), i, p.zip());
            }
            if (p.tags() == null) {
                tags.setNull(i);
            } else {
                int start = tags.startNewValue(i);
                VarCharVector items = (VarCharVector) tags.getDataVector();
                for (int j = 0; j < p.tags().size(); j++) {
                    items.setSafe(start + j, utf8(p.tags().get(j)));
                }
                tags.endValue(i, p.tags().size());
            }
            if (p.phones() == null) {
                phones.setNull(i);
            } else {
                int start = phones.startNewValue(i);
                StructVector items = (StructVector) phones.getDataVector();
                for (int j = 0; j < p.phones().size(); j++) {
                    items.setIndexDefined(start + j);
                    setString(items.getChild("kind", VarCharVector.class), start + j, p.phones().get(j).key());
                    setString(items.getChild("number", VarCharVector.class), start + j, p.phones().get(j).value());
                }
                phones.endValue(i, p.phones().size());
            }
            if (p.attributes() == null) {
                attributes.setNull(i);
            } else {
                int start = attributes.startNewValue(i);
                StructVector entries = (StructVector) attributes.getDataVector();
                for (int j = 0; j < p.attributes().size(); j++) {
                    entries.setIndexDefined(start + j);
                    setString(entries.getChild("key", VarCharVector.class), start + j, p.attributes().get(j).key());
                    setString(entries.getChild("value", VarCharVector.class), start + j, p.attributes().get(j).value());
                }
                attributes.endValue(i, p.attributes().size());
            }
        }
    }

    private static void setString(VarCharVector v, int index, String value) {
        if (value == null) {
            v.setNull(index);
        } else {
            v.setSafe(index, utf8(value));
        }
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
