package io.lancejdbc.engine;



/**
 * Keys of Arrow field metadata the engine sets on result columns so that the JDBC layer can answer
 * {@code ResultSetMetaData} without knowing the plan.
 */
public final class ResultFieldMetadata {
    /** Schema (namespace) name of the source table, when the column is a direct table column. */
    public static final String SCHEMA_NAME = "lancejdbc:schema";
    /** Source table name, when the column is a direct table column. */
    public static final String TABLE_NAME = "lancejdbc:table";
    /** Source column name, when the column is a direct table column (the field name is the label). */
    public static final String COLUMN_NAME = "lancejdbc:column";

    private ResultFieldMetadata() {
    }
}
