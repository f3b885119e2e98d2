package io.lancejdbc.driver.jdbc.accessor;

import io.lancejdbc.driver.jdbc.ArrowTypeMapping;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;

/**
 * map → OTHER read as a {@link java.util.Map} (a {@link LinkedHashMap} in entry order; JDBC has no map type, and
 * {@code Types.OTHER} with a {@code MAP<K,V>} type name tells tools it is database-specific).
 */
public final class MapAccessor extends ArrowAccessor {
    private final MapVector vector;
    private final ColumnAccessor keys;
    private final ColumnAccessor values;

    MapAccessor(MapVector vector, String column) {
        super(vector, column, ArrowTypeMapping.of(vector.getField()));
        this.vector = vector;
        // The entries are a struct of two children: the key and the value, in that order.
        List<FieldVector> entry = ((StructVector) vector.getDataVector()).getChildrenFromFields();
        this.keys = ArrowAccessors.create(entry.get(0), column + " key");
        this.values = ArrowAccessors.create(entry.get(1), column + " value");
    }

    @Override
    public Object getObject(int row) throws SQLException {
        int end = vector.getElementEndIndex(row);
        Map<Object, Object> map = new LinkedHashMap<>();
        for (int i = vector.getElementStartIndex(row); i < end; i++) {
            Object key = keys.isNull(i) ? null : keys.getObject(i);
            map.put(key, values.isNull(i) ? null : values.getObject(i));
        }
        return map;
    }

    @Override
    public String getString(int row) throws SQLException {
        StringBuilder out = new StringBuilder();
        appendNested(out, row);
        return out.toString();
    }

    @Override
    public void appendNested(StringBuilder out, int row) throws SQLException {
        int start = vector.getElementStartIndex(row);
        int end = vector.getElementEndIndex(row);
        out.append('{');
        for (int i = start; i < end; i++) {
            if (i > start) {
                out.append(", ");
            }
            appendEntryPart(out, keys, i);
            out.append(": ");
            appendEntryPart(out, values, i);
        }
        out.append('}');
    }

    private static void appendEntryPart(StringBuilder out, ColumnAccessor part, int i) throws SQLException {
        if (part.isNull(i)) {
            out.append("null");
        } else {
            part.appendNested(out, i);
        }
    }
}
