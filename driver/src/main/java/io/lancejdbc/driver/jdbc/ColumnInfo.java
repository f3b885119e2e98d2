package io.lancejdbc.driver.jdbc;

import io.lancejdbc.engine.ResultFieldMetadata;
import java.sql.ResultSetMetaData;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * One result column as {@code ResultSetMetaData} describes it.
 *
 * @param label the column label (the field name: an alias when the query gave one); never null
 * @param name the source column name, or the label for computed columns; never null
 * @param catalog the catalog of the source table, or "" for computed columns
 * @param schema the schema of the source table, or ""
 * @param table the source table, or ""
 * @param type the JDBC type
 * @param nullable one of {@link ResultSetMetaData#columnNoNulls}, {@code columnNullable},
 *     {@code columnNullableUnknown}
 */
record ColumnInfo(String label, String name, String catalog, String schema, String table, ColumnType type,
        int nullable) {

    /**
     * A result column from the engine's Arrow field: the table, schema and source column come from the
     * {@link ResultFieldMetadata} keys when the engine set them (direct table columns).
     *
     * @param catalogName the connection's catalog, reported for columns that come from a table
     */
    static ColumnInfo of(Field field, String catalogName) {
        Map<String, String> meta = field.getMetadata();
        String table = meta == null ? null : meta.get(ResultFieldMetadata.TABLE_NAME);
        String schema = meta == null ? null : meta.get(ResultFieldMetadata.SCHEMA_NAME);
        String column = meta == null ? null : meta.get(ResultFieldMetadata.COLUMN_NAME);
        boolean fromTable = table != null && !table.isEmpty();
        return new ColumnInfo(field.getName(), column == null || column.isEmpty() ? field.getName() : column,
                fromTable ? catalogName : "", schema == null ? "" : schema, fromTable ? table : "",
                ArrowTypeMapping.of(field),
                field.isNullable() ? ResultSetMetaData.columnNullable : ResultSetMetaData.columnNoNulls);
    }

    /** A column computed by the driver (metadata results, array result sets). */
    static ColumnInfo computed(String label, ColumnType type, boolean nullable) {
        return new ColumnInfo(label, label, "", "", "", type,
                nullable ? ResultSetMetaData.columnNullable : ResultSetMetaData.columnNoNulls);
    }
}
