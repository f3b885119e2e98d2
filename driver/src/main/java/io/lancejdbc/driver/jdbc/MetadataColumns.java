package io.lancejdbc.driver.jdbc;

import java.util.ArrayList;
import java.util.List;

/**
 * The exact column labels, order and types of every {@code DatabaseMetaData} result set, as the JDBC 4.3
 * javadoc of each method lists them. VARCHAR columns hold Strings, INTEGER and SMALLINT columns Integers,
 * BIGINT Longs and BOOLEAN Booleans.
 */
final class MetadataColumns {
    private static final ColumnType S = ArrowTypeMapping.VARCHAR;
    private static final ColumnType I = ArrowTypeMapping.INTEGER;
    private static final ColumnType SH = ArrowTypeMapping.SMALLINT;
    private static final ColumnType B = ArrowTypeMapping.BOOLEAN;
    private static final ColumnType L = ArrowTypeMapping.BIGINT;

    static final List<ColumnInfo> CATALOGS = columns("TABLE_CAT", S);
    static final List<ColumnInfo> SCHEMAS = columns("TABLE_SCHEM", S, "TABLE_CATALOG", S);
    static final List<ColumnInfo> TABLE_TYPES = columns("TABLE_TYPE", S);
    static final List<ColumnInfo> TABLES = columns("TABLE_CAT", S, "TABLE_SCHEM", S, "TABLE_NAME", S,
            "TABLE_TYPE", S, "REMARKS", S, "TYPE_CAT", S, "TYPE_SCHEM", S, "TYPE_NAME", S,
            "SELF_REFERENCING_COL_NAME", S, "REF_GENERATION", S);
    static final List<ColumnInfo> COLUMNS = columns("TABLE_CAT", S, "TABLE_SCHEM", S, "TABLE_NAME", S,
            "COLUMN_NAME", S, "DATA_TYPE", I, "TYPE_NAME", S, "COLUMN_SIZE", I, "BUFFER_LENGTH", I,
            "DECIMAL_DIGITS", I, "NUM_PREC_RADIX", I, "NULLABLE", I, "REMARKS", S, "COLUMN_DEF", S,
            "SQL_DATA_TYPE", I, "SQL_DATETIME_SUB", I, "CHAR_OCTET_LENGTH", I, "ORDINAL_POSITION", I,
            "IS_NULLABLE", S, "SCOPE_CATALOG", S, "SCOPE_SCHEMA", S, "SCOPE_TABLE", S, "SOURCE_DATA_TYPE", SH,
            "IS_AUTOINCREMENT", S, "IS_GENERATEDCOLUMN", S);
    static final List<ColumnInfo> PRIMARY_KEYS = columns("TABLE_CAT", S, "TABLE_SCHEM", S, "TABLE_NAME", S,
            "COLUMN_NAME", S, "KEY_SEQ", SH, "PK_NAME", S);
    static final List<ColumnInfo> INDEX_INFO = columns("TABLE_CAT", S, "TABLE_SCHEM", S, "TABLE_NAME", S,
            "NON_UNIQUE", B, "INDEX_QUALIFIER", S, "INDEX_NAME", S, "TYPE", SH, "ORDINAL_POSITION", SH,
            "COLUMN_NAME", S, "ASC_OR_DESC", S, "CARDINALITY", L, "PAGES", L, "FILTER_CONDITION", S);
    static final List<ColumnInfo> TYPE_INFO = columns("TYPE_NAME", S, "DATA_TYPE", I, "PRECISION", I,
            "LITERAL_PREFIX", S, "LITERAL_SUFFIX", S, "CREATE_PARAMS", S, "NULLABLE", SH, "CASE_SENSITIVE", B,
            "SEARCHABLE", SH, "UNSIGNED_ATTRIBUTE", B, "FIXED_PREC_SCALE", B, "AUTO_INCREMENT", B,
            "LOCAL_TYPE_NAME", S, "MINIMUM_SCALE", SH, "MAXIMUM_SCALE", SH, "SQL_DATA_TYPE", I,
            "SQL_DATETIME_SUB", I, "NUM_PREC_RADIX", I);
    static final List<ColumnInfo> PROCEDURES = columns("PROCEDURE_CAT", S, "PROCEDURE_SCHEM", S,
            "PROCEDURE_NAME", S, "RESERVED1", S, "RESERVED2", S, "RESERVED3", S, "REMARKS", S,
            "PROCEDURE_TYPE", SH, "SPECIFIC_NAME", S);
    static final List<ColumnInfo> PROCEDURE_COLUMNS = columns("PROCEDURE_CAT", S, "PROCEDURE_SCHEM", S,
            "PROCEDURE_NAME", S, "COLUMN_NAME", S, "COLUMN_TYPE", SH, "DATA_TYPE", I, "TYPE_NAME", S,
            "PRECISION", I, "LENGTH", I, "SCALE", SH, "RADIX", SH, "NULLABLE", SH, "REMARKS", S,
            "COLUMN_DEF", S, "SQL_DATA_TYPE", I, "SQL_DATETIME_SUB", I, "CHAR_OCTET_LENGTH", I,
            "ORDINAL_POSITION", I, "IS_NULLABLE", S, "SPECIFIC_NAME", S);
    static final List<ColumnInfo> FUNCTIONS = columns("FUNCTION_CAT", S, "FUNCTION_SCHEM", S,
            "FUNCTION_NAME", S, "REMARKS", S, "FUNCTION_TYPE", SH, "SPECIFIC_NAME", S);
    static final List<ColumnInfo> FUNCTION_COLUMNS = columns("FUNCTION_CAT", S, "FUNCTION_SCHEM", S,
            "FUNCTION_NAME", S, "COLUMN_NAME", S, "COLUMN_TYPE", SH, "DATA_TYPE", I, "TYPE_NAME", S,
            "PRECISION", I, "LENGTH", I, "SCALE", SH, "RADIX", SH, "NULLABLE", SH, "REMARKS", S,
            "CHAR_OCTET_LENGTH", I, "ORDINAL_POSITION", I, "IS_NULLABLE", S, "SPECIFIC_NAME", S);
    static final List<ColumnInfo> COLUMN_PRIVILEGES = columns("TABLE_CAT", S, "TABLE_SCHEM", S, "TABLE_NAME", S,
            "COLUMN_NAME", S, "GRANTOR", S, "GRANTEE", S, "PRIVILEGE", S, "IS_GRANTABLE", S);
    static final List<ColumnInfo> TABLE_PRIVILEGES = columns("TABLE_CAT", S, "TABLE_SCHEM", S, "TABLE_NAME", S,
            "GRANTOR", S, "GRANTEE", S, "PRIVILEGE", S, "IS_GRANTABLE", S);
    static final List<ColumnInfo> BEST_ROW_IDENTIFIER = columns("SCOPE", SH, "COLUMN_NAME", S, "DATA_TYPE", I,
            "TYPE_NAME", S, "COLUMN_SIZE", I, "BUFFER_LENGTH", I, "DECIMAL_DIGITS", SH, "PSEUDO_COLUMN", SH);
    static final List<ColumnInfo> VERSION_COLUMNS = columns("SCOPE", SH, "COLUMN_NAME", S, "DATA_TYPE", I,
            "TYPE_NAME", S, "COLUMN_SIZE", I, "BUFFER_LENGTH", I, "DECIMAL_DIGITS", SH, "PSEUDO_COLUMN", SH);
    /** getImportedKeys, getExportedKeys and getCrossReference share these columns. */
    static final List<ColumnInfo> KEYS = columns("PKTABLE_CAT", S, "PKTABLE_SCHEM", S, "PKTABLE_NAME", S,
            "PKCOLUMN_NAME", S, "FKTABLE_CAT", S, "FKTABLE_SCHEM", S, "FKTABLE_NAME", S, "FKCOLUMN_NAME", S,
            "KEY_SEQ", SH, "UPDATE_RULE", SH, "DELETE_RULE", SH, "FK_NAME", S, "PK_NAME", S, "DEFERRABILITY", SH);
    static final List<ColumnInfo> UDTS = columns("TYPE_CAT", S, "TYPE_SCHEM", S, "TYPE_NAME", S, "CLASS_NAME", S,
            "DATA_TYPE", I, "REMARKS", S, "BASE_TYPE", SH);
    static final List<ColumnInfo> SUPER_TYPES = columns("TYPE_CAT", S, "TYPE_SCHEM", S, "TYPE_NAME", S,
            "SUPERTYPE_CAT", S, "SUPERTYPE_SCHEM", S, "SUPERTYPE_NAME", S);
    static final List<ColumnInfo> SUPER_TABLES = columns("TABLE_CAT", S, "TABLE_SCHEM", S, "TABLE_NAME", S,
            "SUPERTABLE_NAME", S);
    static final List<ColumnInfo> ATTRIBUTES = columns("TYPE_CAT", S, "TYPE_SCHEM", S, "TYPE_NAME", S,
            "ATTR_NAME", S, "DATA_TYPE", I, "ATTR_TYPE_NAME", S, "ATTR_SIZE", I, "DECIMAL_DIGITS", I,
            "NUM_PREC_RADIX", I, "NULLABLE", I, "REMARKS", S, "ATTR_DEF", S, "SQL_DATA_TYPE", I,
            "SQL_DATETIME_SUB", I, "CHAR_OCTET_LENGTH", I, "ORDINAL_POSITION", I, "IS_NULLABLE", S,
            "SCOPE_CATALOG", S, "SCOPE_SCHEMA", S, "SCOPE_TABLE", S, "SOURCE_DATA_TYPE", SH);
    static final List<ColumnInfo> CLIENT_INFO_PROPERTIES = columns("NAME", S, "MAX_LEN", I, "DEFAULT_VALUE", S,
            "DESCRIPTION", S);
    static final List<ColumnInfo> PSEUDO_COLUMNS = columns("TABLE_CAT", S, "TABLE_SCHEM", S, "TABLE_NAME", S,
            "COLUMN_NAME", S, "DATA_TYPE", I, "COLUMN_SIZE", I, "DECIMAL_DIGITS", I, "NUM_PREC_RADIX", I,
            "COLUMN_USAGE", S, "REMARKS", S, "CHAR_OCTET_LENGTH", I, "IS_NULLABLE", S);

    private MetadataColumns() {
    }

    /** Alternating label and type. */
    private static List<ColumnInfo> columns(Object... labelsAndTypes) {
        List<ColumnInfo> out = new ArrayList<>();
        for (int i = 0; i < labelsAndTypes.length; i += 2) {
            out.add(ColumnInfo.computed((String) labelsAndTypes[i], (ColumnType) labelsAndTypes[i + 1], true));
        }
        return List.copyOf(out);
    }
}
