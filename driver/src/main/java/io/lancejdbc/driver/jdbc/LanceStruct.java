package io.lancejdbc.driver.jdbc;

import java.sql.SQLException;
import java.sql.Struct;
import java.util.List;
import java.util.Map;

/**
 * A struct value as {@link java.sql.Struct}: the attributes in field order, each as its own column type's Java
 * class (nested lists are {@link java.sql.Array}, nested structs {@code Struct}), copied out of the batch.
 */
public final class LanceStruct implements Struct {
    private final String typeName;
    private final List<String> fieldNames;
    private final Object[] attributes;

    public LanceStruct(String typeName, List<String> fieldNames, Object[] attributes) {
        this.typeName = typeName;
        this.fieldNames = fieldNames;
        this.attributes = attributes;
    }

    @Override
    public String getSQLTypeName() {
        return typeName;
    }

    @Override
    public Object[] getAttributes() {
        return attributes.clone();
    }

    @Override
    public Object[] getAttributes(Map<String, Class<?>> map) throws SQLException {
        if (map != null && !map.isEmpty()) {
            throw SqlExceptions.unsupported("Custom type maps");
        }
        return getAttributes();
    }

    /** Renders like {@code getString} of the column: {@code {"name": "x", "n": 1}}. */
    @Override
    public String toString() {
        StringBuilder out = new StringBuilder("{");
        for (int i = 0; i < attributes.length; i++) {
            if (i > 0) {
                out.append(", ");
            }
            NestedText.appendQuoted(out, fieldNames.get(i));
            out.append(": ");
            NestedText.appendValue(out, attributes[i]);
        }
        return out.append('}').toString();
    }
}
