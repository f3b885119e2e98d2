package io.lancejdbc.driver.jdbc.accessor;

import io.lancejdbc.driver.jdbc.ArrowTypeMapping;
import io.lancejdbc.driver.jdbc.LanceStruct;
import io.lancejdbc.driver.jdbc.NestedText;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.StructVector;

/** struct → STRUCT read as {@link LanceStruct}; {@code getString} renders {@code {"a": 1, "b": "x"}}. */
public final class StructAccessor extends ArrowAccessor {
    private final List<String> names = new ArrayList<>();
    private final List<ColumnAccessor> fields = new ArrayList<>();

    StructAccessor(StructVector vector, String column) {
        super(vector, column, ArrowTypeMapping.of(vector.getField()));
        for (FieldVector child : vector.getChildrenFromFields()) {
            names.add(child.getName());
            fields.add(ArrowAccessors.create(child, column + "." + child.getName()));
        }
    }

    @Override
    public Object getObject(int row) throws SQLException {
        Object[] attributes = new Object[fields.size()];
        for (int i = 0; i < attributes.length; i++) {
            ColumnAccessor field = fields.get(i);
            attributes[i] = field.isNull(row) ? null : field.getObject(row);
        }
        return new LanceStruct(type.typeName(), List.copyOf(names), attributes);
    }

    @Override
    public String getString(int row) throws SQLException {
        StringBuilder out = new StringBuilder();
        appendNested(out, row);
        return out.toString();
    }

    @Override
    public void appendNested(StringBuilder out, int row) throws SQLException {
        out.append('{');
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                out.append(", ");
            }
            NestedText.appendQuoted(out, names.get(i));
            out.append(": ");
            ColumnAccessor field = fields.get(i);
            if (field.isNull(row)) {
                out.append("null");
            } else {
                field.appendNested(out, row);
            }
        }
        out.append('}');
    }
}
