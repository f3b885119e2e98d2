package io.lancejdbc.exec.pin;

import io.lancejdbc.engine.ResultFieldMetadata;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/** Labels a table reference's Arrow schema with where its columns come from. */
public final class ResultLabels {
    private ResultLabels() {
    }

    /** Arrow fields with the source schema/table/column in their metadata (for ResultSetMetaData). */
    public static Schema labelled(Schema schema, String schemaName, String table) {
        List<Field> out = new ArrayList<>();
        for (Field f : schema.getFields()) {
            Map<String, String> md = new HashMap<>(f.getMetadata() == null ? Map.of() : f.getMetadata());
            md.put(ResultFieldMetadata.SCHEMA_NAME, schemaName);
            md.put(ResultFieldMetadata.TABLE_NAME, table);
            md.put(ResultFieldMetadata.COLUMN_NAME, f.getName());
            out.add(new Field(f.getName(), new FieldType(f.isNullable(), f.getType(), f.getDictionary(), md),
                    f.getChildren()));
        }
        return new Schema(out, schema.getCustomMetadata());
    }
}
