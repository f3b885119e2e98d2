package io.lancejdbc.exec.tvf;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Strict schema equality of the datasets of one {@code uris} call (docs/file-tvf-design-rules.md §8): field
 * names (exact, case included), field order, Arrow types with all their parameters (integer width and
 * signedness, decimal precision/scale/width, timestamp unit and time zone, fixed-size list dimension, ...),
 * nullability, dictionary encoding and nested structure, recursively. Field metadata (Lance field ids, encodings)
 * is not compared.
 */
public final class StrictSchemaComparison {
    private StrictSchemaComparison() {
    }

    /**
     * The first difference in field order (depth first), or empty when the schemas are equal under the rules above.
     */
    public static Optional<SchemaMismatch> firstDifference(Schema reference, Schema other) {
        return compare("", reference.getFields(), other.getFields());
    }

    /** Fields of a schema, nested fields included (the measure of {@code lance.glob.max_fields_per_schema}). */
    public static int fieldCount(Schema schema) {
        return count(schema.getFields());
    }

    private static int count(List<Field> fields) {
        int n = fields.size();
        for (Field f : fields) {
            n += count(f.getChildren());
        }
        return n;
    }

    private static Optional<SchemaMismatch> compare(String parent, List<Field> reference, List<Field> other) {
        int common = Math.min(reference.size(), other.size());
        for (int i = 0; i < common; i++) {
            Optional<SchemaMismatch> m = compare(parent, reference.get(i), other.get(i));
            if (m.isPresent()) {
                return m;
            }
        }
        if (reference.size() != other.size()) {
            String where = parent.isEmpty() ? "(top level)" : parent;
            String ref = reference.size() + " fields" + (reference.size() > common
                    ? ", the first extra one " + definition(reference.get(common)) : "");
            String oth = other.size() + " fields" + (other.size() > common
                    ? ", the first extra one " + definition(other.get(common)) : "");
            return Optional.of(new SchemaMismatch(where, ref, oth, "number of fields"));
        }
        return Optional.empty();
    }

    private static Optional<SchemaMismatch> compare(String parent, Field reference, Field other) {
        String path = parent.isEmpty() ? reference.getName() : parent + "." + reference.getName();
        if (!reference.getName().equals(other.getName())) {
            String reason = reference.getName().toLowerCase(Locale.ROOT).equals(other.getName().toLowerCase(Locale.ROOT))
                    ? "name (the names differ only in case; names are compared exactly)" : "name";
            return mismatch(path, reference, other, reason);
        }
        if (!reference.getType().equals(other.getType())) {
            return mismatch(path, reference, other, "type");
        }
        if (reference.isNullable() != other.isNullable()) {
            return mismatch(path, reference, other, "nullability");
        }
        if (!sameDictionary(reference.getDictionary(), other.getDictionary())) {
            return mismatch(path, reference, other, "dictionary encoding");
        }
        return compare(path, reference.getChildren(), other.getChildren());
    }

    private static boolean sameDictionary(DictionaryEncoding a, DictionaryEncoding b) {
        if (a == null || b == null) {
            return a == b;
        }
        // Dictionary ids are file-local numbering, like field ids; the index type and ordering are the type.
        return a.isOrdered() == b.isOrdered() && a.getIndexType().equals(b.getIndexType());
    }

    private static Optional<SchemaMismatch> mismatch(String path, Field reference, Field other, String reason) {
        return Optional.of(new SchemaMismatch(path, definition(reference), definition(other), reason));
    }

    /**
     * A field as error messages show it: {@code name: ArrowType[ NOT NULL]}, with nested fields in angle brackets,
     * e.g. {@code addr: Struct<city: Utf8, zip: Int(32, true) NOT NULL>}.
     */
    static String definition(Field f) {
        StringBuilder sb = new StringBuilder(f.getName()).append(": ");
        appendType(sb, f);
        return sb.toString();
    }

    private static void appendType(StringBuilder sb, Field f) {
        sb.append(f.getType());
        if (!f.getChildren().isEmpty()) {
            sb.append('<');
            String sep = "";
            for (Field c : f.getChildren()) {
                sb.append(sep).append(c.getName()).append(": ");
                appendType(sb, c);
                sep = ", ";
            }
            sb.append('>');
        }
        if (f.getDictionary() != null) {
            sb.append(" dictionary<").append(f.getDictionary().getIndexType()).append('>');
        }
        if (!f.isNullable()) {
            sb.append(" NOT NULL");
        }
    }
}
