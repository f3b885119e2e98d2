package io.lancejdbc.driver.jdbc;

import io.lancejdbc.engine.metadata.CatalogMetadata;
import io.lancejdbc.engine.metadata.IndexDescriptor;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.RowIdLifetime;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * {@code DatabaseMetaData} over the engine's {@link CatalogMetadata}: one catalog (the {@code catalog} property,
 * default {@code lance}), one schema per Lance namespace, tables of type {@code TABLE}.
 *
 * <p>Every method that returns a result set returns one with exactly the JDBC 4.3 columns ({@link MetadataColumns})
 * and an owning statement, empty when the concept does not exist here (procedures, functions, UDTs, keys,
 * privileges, ...). Pattern arguments use LIKE syntax with {@code \} as escape; null means no filter; a catalog or
 * schema of {@code ""} means "without catalog/schema" and matches nothing, since every table has both. Name
 * arguments (the table of {@code getPrimaryKeys}) match exactly, or as a pattern when they contain {@code %}.
 *
 * <p>The boolean and string answers describe the read-only engine and its Doris-style dialect: identifiers quoted
 * with backticks and matched case-insensitively but stored as written, NULLs sort first in ascending order, no
 * transactions (isolation TRANSACTION_NONE; {@code commit}/{@code rollback} are accepted and do nothing).
 */
final class LanceDatabaseMetaData implements DatabaseMetaData {
    private static final String TABLE = "TABLE";
    private final LanceConnection connection;

    LanceDatabaseMetaData(LanceConnection connection) {
        this.connection = connection;
    }

    private CatalogMetadata catalog() throws SQLException {
        connection.checkOpen();
        return connection.session().metadata();
    }

    private ResultSet result(List<ColumnInfo> columns, List<Object[]> rows) throws SQLException {
        return connection.metadataResult(columns, rows);
    }

    private ResultSet empty(List<ColumnInfo> columns) throws SQLException {
        return result(columns, List.of());
    }

    /** True when the catalog argument selects this connection's catalog. */
    private boolean catalogMatches(String catalog) {
        if (catalog == null) {
            return true;
        }
        return NamePattern.ofName(catalog).matches(connection.catalogName());
    }

    /** The schemas a schema argument selects, sorted; "" selects none. */
    private List<String> schemas(NamePattern pattern, String raw) throws SQLException {
        List<String> out = new ArrayList<>();
        if ("".equals(raw)) {
            return out;
        }
        for (String schema : catalogCall(() -> catalog().schemaNames())) {
            if (pattern.matches(schema)) {
                out.add(schema);
            }
        }
        out.sort(Comparator.naturalOrder());
        return out;
    }

    /** A table list; a schema that vanished since it was listed is skipped (null). */
    private List<String> tables(String schema) throws SQLException {
        return skipIfGone(() -> catalog().tableNames(schema));
    }

    @FunctionalInterface
    private interface CatalogCall<T> {
        T call() throws SQLException;
    }

    private static <T> T catalogCall(CatalogCall<T> call) throws SQLException {
        try {
            return call.call();
        } catch (RuntimeException e) {
            throw SqlExceptions.from(e);
        }
    }

    /** Objects can disappear between listing and describing (a concurrent drop): such a one is simply absent. */
    private static <T> T skipIfGone(CatalogCall<T> call) throws SQLException {
        try {
            return call.call();
        } catch (SqlError e) {
            if (e.sqlState().equals(SqlState.SCHEMA_NOT_FOUND) || e.sqlState().equals(SqlState.TABLE_NOT_FOUND)) {
                return null;
            }
            throw SqlExceptions.from(e);
        } catch (RuntimeException e) {
            throw SqlExceptions.from(e);
        }
    }

    /**
     * Describes one table of a listing ({@code getColumns}, {@code getPrimaryKeys}, {@code getIndexInfo}). A table
     * gone since it was listed is absent. So is a table whose dataset cannot be read (a Lance 0.7 manifest, missing
     * or corrupt files: any other SQLState), with an SQLWarning on the connection naming it and why: one unreadable
     * dataset must not hide the rest of the warehouse from a browsing tool (DBeaver and jOOQ's {@code meta()} ask for
     * the columns of every table at once); querying it still reports the error. Failures of the connection itself
     * (08xxx, 28xxx), cancellation, time-outs and memory limits still fail the call.
     *
     * @return the description, or null when the table is left out
     */
    private <T> T describeOrSkip(String method, String schema, String table, CatalogCall<T> call)
            throws SQLException {
        try {
            return skipIfGone(call);
        } catch (SQLException e) {
            String state = e.getSQLState() == null ? "" : e.getSQLState();
            if (state.startsWith("08") || state.startsWith("28") || state.equals(SqlState.QUERY_CANCELED)
                    || state.equals(SqlState.TIMEOUT) || state.equals(SqlState.OUT_OF_MEMORY)) {
                throw e;
            }
            connection.addWarning(method + " left out table " + schema + "." + table + ", which cannot be read ("
                    + state + "): " + e.getMessage());
            return null;
        }
    }

    // ------------------------------------------------------------------------------ catalogs, schemas, tables

    @Override
    public ResultSet getCatalogs() throws SQLException {
        connection.checkOpen();
        return result(MetadataColumns.CATALOGS, List.<Object[]>of(new Object[] {connection.catalogName()}));
    }

    @Override
    public ResultSet getSchemas() throws SQLException {
        return getSchemas(null, null);
    }

    @Override
    public ResultSet getSchemas(String catalog, String schemaPattern) throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        if (catalogMatches(catalog)) {
            for (String schema : schemas(NamePattern.of(schemaPattern), schemaPattern)) {
                rows.add(new Object[] {schema, connection.catalogName()});
            }
        }
        return result(MetadataColumns.SCHEMAS, rows);
    }

    @Override
    public ResultSet getTableTypes() throws SQLException {
        connection.checkOpen();
        return result(MetadataColumns.TABLE_TYPES, List.<Object[]>of(new Object[] {TABLE}));
    }

    @Override
    public ResultSet getTables(String catalog, String schemaPattern, String tableNamePattern, String[] types)
            throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        if (catalogMatches(catalog) && wantsTables(types)) {
            NamePattern tablePattern = NamePattern.of(tableNamePattern);
            for (String schema : schemas(NamePattern.of(schemaPattern), schemaPattern)) {
                List<String> tables = tables(schema);
                if (tables == null) {
                    continue;
                }
                for (String table : sorted(tables)) {
                    if (tablePattern.matches(table)) {
                        rows.add(new Object[] {connection.catalogName(), schema, table, TABLE, null, null, null, null,
                            null, null});
                    }
                }
            }
        }
        return result(MetadataColumns.TABLES, rows);
    }

    private static boolean wantsTables(String[] types) {
        if (types == null) {
            return true;
        }
        for (String type : types) {
            if (type != null && type.toUpperCase(Locale.ROOT).equals(TABLE)) {
                return true;
            }
        }
        return false;
    }

    private static List<String> sorted(List<String> names) {
        List<String> out = new ArrayList<>(names);
        out.sort(Comparator.naturalOrder());
        return out;
    }

    @Override
    public ResultSet getColumns(String catalog, String schemaPattern, String tableNamePattern,
            String columnNamePattern) throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        if (catalogMatches(catalog)) {
            NamePattern tablePattern = NamePattern.of(tableNamePattern);
            NamePattern columnPattern = NamePattern.of(columnNamePattern);
            for (String schema : schemas(NamePattern.of(schemaPattern), schemaPattern)) {
                List<String> tables = tables(schema);
                if (tables == null) {
                    continue;
                }
                for (String table : sorted(tables)) {
                    if (!tablePattern.matches(table)) {
                        continue;
                    }
                    List<Field> fields = describeOrSkip("getColumns", schema, table,
                            () -> catalog().columns(schema, table));
                    if (fields == null) {
                        continue;
                    }
                    for (int i = 0; i < fields.size(); i++) {
                        Field field = fields.get(i);
                        if (columnPattern.matches(field.getName())) {
                            rows.add(columnRow(schema, table, field, i + 1));
                        }
                    }
                }
            }
        }
        return result(MetadataColumns.COLUMNS, rows);
    }

    private Object[] columnRow(String schema, String table, Field field, int position) {
        ColumnType type = ArrowTypeMapping.of(field);
        boolean sized = type.numeric() || type.textual() || type.temporal() || type.jdbcType() == Types.BOOLEAN;
        Integer digits = null;
        if (type.numeric() && type.jdbcType() != Types.REAL && type.jdbcType() != Types.DOUBLE) {
            digits = type.scale();
        } else if (type.temporal() && type.jdbcType() != Types.DATE) {
            digits = type.scale();
        }
        String remarks = type == ArrowTypeMapping.UNSUPPORTED
                ? "Unsupported Arrow type " + field.getType() + ": select the other columns (SELECT * EXCEPT)"
                : null;
        return new Object[] {connection.catalogName(), schema, table, field.getName(), type.jdbcType(),
            type.typeName(), sized ? type.precision() : null, null, digits, type.numeric() ? 10 : null,
            field.isNullable() ? columnNullable : columnNoNulls, remarks, null, null, null,
            type.textual() ? type.precision() : null, position, field.isNullable() ? "YES" : "NO", null, null, null,
            null, "NO", "NO"};
    }

    /**
     * The unenforced primary key Lance records in field metadata ({@code CatalogMetadata.primaryKey}), ordered by
     * column name as JDBC asks; KEY_SEQ is the position in the key.
     */
    @Override
    public ResultSet getPrimaryKeys(String catalog, String schema, String table) throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        if (catalogMatches(catalog)) {
            NamePattern tableName = NamePattern.ofName(table);
            for (String s : schemas(NamePattern.ofName(schema), schema)) {
                List<String> tables = tables(s);
                if (tables == null) {
                    continue;
                }
                for (String t : sorted(tables)) {
                    if (!tableName.matches(t)) {
                        continue;
                    }
                    List<String> key = describeOrSkip("getPrimaryKeys", s, t, () -> catalog().primaryKey(s, t));
                    if (key == null) {
                        continue;
                    }
                    for (int i = 0; i < key.size(); i++) {
                        rows.add(new Object[] {connection.catalogName(), s, t, key.get(i), i + 1, null});
                    }
                }
            }
        }
        rows.sort(Comparator.comparing((Object[] r) -> (String) r[3]));
        return result(MetadataColumns.PRIMARY_KEYS, rows);
    }

    /**
     * Lance scalar and vector indexes as {@code tableIndexOther} rows, one per indexed column. Lance indexes never
     * enforce uniqueness, so {@code unique = true} returns no rows. ASC_OR_DESC is "A" for BTREE indexes (sorted)
     * and null for the others; CARDINALITY and PAGES are unknown (null).
     */
    @Override
    public ResultSet getIndexInfo(String catalog, String schema, String table, boolean unique, boolean approximate)
            throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        if (catalogMatches(catalog) && !unique) {
            NamePattern tableName = NamePattern.ofName(table);
            for (String s : schemas(NamePattern.ofName(schema), schema)) {
                List<String> tables = tables(s);
                if (tables == null) {
                    continue;
                }
                for (String t : sorted(tables)) {
                    if (!tableName.matches(t)) {
                        continue;
                    }
                    List<IndexDescriptor> indexes = describeOrSkip("getIndexInfo", s, t,
                            () -> catalog().indexes(s, t));
                    if (indexes == null) {
                        continue;
                    }
                    for (IndexDescriptor index : indexes) {
                        String order = "BTREE".equalsIgnoreCase(index.indexType()) ? "A" : null;
                        for (int i = 0; i < index.columns().size(); i++) {
                            rows.add(new Object[] {connection.catalogName(), s, t, true, null, index.name(),
                                (int) tableIndexOther, i + 1, index.columns().get(i), order, null, null, null});
                        }
                    }
                }
            }
        }
        rows.sort(Comparator.comparing((Object[] r) -> (String) r[5]).thenComparing(r -> (Integer) r[7]));
        return result(MetadataColumns.INDEX_INFO, rows);
    }

    @Override
    public ResultSet getTypeInfo() throws SQLException {
        connection.checkOpen();
        return result(MetadataColumns.TYPE_INFO, TypeInfoRows.rows());
    }

    // ------------------------------------------------------------------- empty: the concept does not exist here

    @Override
    public ResultSet getProcedures(String catalog, String schemaPattern, String procedureNamePattern)
            throws SQLException {
        return empty(MetadataColumns.PROCEDURES);
    }

    @Override
    public ResultSet getProcedureColumns(String catalog, String schemaPattern, String procedureNamePattern,
            String columnNamePattern) throws SQLException {
        return empty(MetadataColumns.PROCEDURE_COLUMNS);
    }

    @Override
    public ResultSet getFunctions(String catalog, String schemaPattern, String functionNamePattern)
            throws SQLException {
        return empty(MetadataColumns.FUNCTIONS);
    }

    @Override
    public ResultSet getFunctionColumns(String catalog, String schemaPattern, String functionNamePattern,
            String columnNamePattern) throws SQLException {
        return empty(MetadataColumns.FUNCTION_COLUMNS);
    }

    @Override
    public ResultSet getColumnPrivileges(String catalog, String schema, String table, String columnNamePattern)
            throws SQLException {
        return empty(MetadataColumns.COLUMN_PRIVILEGES);
    }

    @Override
    public ResultSet getTablePrivileges(String catalog, String schemaPattern, String tableNamePattern)
            throws SQLException {
        return empty(MetadataColumns.TABLE_PRIVILEGES);
    }

    @Override
    public ResultSet getBestRowIdentifier(String catalog, String schema, String table, int scope, boolean nullable)
            throws SQLException {
        return empty(MetadataColumns.BEST_ROW_IDENTIFIER);
    }

    @Override
    public ResultSet getVersionColumns(String catalog, String schema, String table) throws SQLException {
        return empty(MetadataColumns.VERSION_COLUMNS);
    }

    @Override
    public ResultSet getImportedKeys(String catalog, String schema, String table) throws SQLException {
        return empty(MetadataColumns.KEYS);
    }

    @Override
    public ResultSet getExportedKeys(String catalog, String schema, String table) throws SQLException {
        return empty(MetadataColumns.KEYS);
    }

    @Override
    public ResultSet getCrossReference(String parentCatalog, String parentSchema, String parentTable,
            String foreignCatalog, String foreignSchema, String foreignTable) throws SQLException {
        return empty(MetadataColumns.KEYS);
    }

    @Override
    public ResultSet getUDTs(String catalog, String schemaPattern, String typeNamePattern, int[] types)
            throws SQLException {
        return empty(MetadataColumns.UDTS);
    }

    @Override
    public ResultSet getSuperTypes(String catalog, String schemaPattern, String typeNamePattern) throws SQLException {
        return empty(MetadataColumns.SUPER_TYPES);
    }

    @Override
    public ResultSet getSuperTables(String catalog, String schemaPattern, String tableNamePattern)
            throws SQLException {
        return empty(MetadataColumns.SUPER_TABLES);
    }

    @Override
    public ResultSet getAttributes(String catalog, String schemaPattern, String typeNamePattern,
            String attributeNamePattern) throws SQLException {
        return empty(MetadataColumns.ATTRIBUTES);
    }

    @Override
    /**
     * The JDBC 4.0 standard client info names (DBeaver sets ApplicationName after reading this list). Any name is
     * kept by {@code setClientInfo} and returned by {@code getClientInfo}; none is sent anywhere or limited in length.
     */
    public ResultSet getClientInfoProperties() throws SQLException {
        List<Object[]> rows = new java.util.ArrayList<>();
        rows.add(new Object[] {"ApplicationName", Integer.MAX_VALUE, null, "The application using the connection"});
        rows.add(new Object[] {"ClientHostname", Integer.MAX_VALUE, null, "The host the application runs on"});
        rows.add(new Object[] {"ClientUser", Integer.MAX_VALUE, null, "The user the application works for"});
        return connection.metadataResult(MetadataColumns.CLIENT_INFO_PROPERTIES, rows);
    }

    @Override
    public ResultSet getPseudoColumns(String catalog, String schemaPattern, String tableNamePattern,
            String columnNamePattern) throws SQLException {
        return empty(MetadataColumns.PSEUDO_COLUMNS);
    }

    // ------------------------------------------------------------------------------------- product and driver

    @Override
    public String getDatabaseProductName() {
        return "Lance";
    }

    /** The lance-core version that reads the datasets. */
    @Override
    public String getDatabaseProductVersion() {
        return DriverVersion.LANCE;
    }

    @Override
    public int getDatabaseMajorVersion() {
        return DriverVersion.part(DriverVersion.LANCE, 0);
    }

    @Override
    public int getDatabaseMinorVersion() {
        return DriverVersion.part(DriverVersion.LANCE, 1);
    }

    @Override
    public String getDriverName() {
        return "lance-jdbc";
    }

    @Override
    public String getDriverVersion() {
        return DriverVersion.DRIVER;
    }

    @Override
    public int getDriverMajorVersion() {
        return DriverVersion.part(DriverVersion.DRIVER, 0);
    }

    @Override
    public int getDriverMinorVersion() {
        return DriverVersion.part(DriverVersion.DRIVER, 1);
    }

    @Override
    public int getJDBCMajorVersion() {
        return 4;
    }

    @Override
    public int getJDBCMinorVersion() {
        return 3;
    }

    /** The connection URL with secret values replaced by {@code ****}. */
    @Override
    public String getURL() {
        return connection.redactedUrl();
    }

    /** Lance has no database users; credentials for storage are connection properties. */
    @Override
    public String getUserName() {
        return "";
    }

    @Override
    public Connection getConnection() {
        return connection;
    }

    @Override
    public boolean isReadOnly() {
        return true;
    }

    // ------------------------------------------------------------------------------------------------ dialect

    @Override
    public String getIdentifierQuoteString() {
        return SqlIdentifiers.QUOTE;
    }

    /** Keywords of the dialect that SQL:2003 does not reserve. */
    @Override
    public String getSQLKeywords() {
        return "DATABASES,DESCRIBE,EXPLAIN,ILIKE,INDEX,LIMIT,OFFSET,REGEXP,RLIKE,SHOW,TABLES,USE";
    }

    /*
     * The function lists name what the engine's FunctionRegistry (sql/bind) implements, with its common aliases;
     * keep them in step when functions are added.
     */
    @Override
    public String getNumericFunctions() {
        return "ABS,ACOS,ASIN,ATAN,ATAN2,CBRT,CEIL,CEILING,COS,COSINE_DISTANCE,DEGREES,EXP,FLOOR,GREATEST,"
                + "HAMMING_DISTANCE,INNER_PRODUCT,L2_DISTANCE,LEAST,LN,LOG,LOG10,LOG2,MOD,PI,POW,POWER,RADIANS,ROUND,"
                + "SIGN,SIN,SQRT,TAN";
    }

    @Override
    public String getStringFunctions() {
        return "CHAR_LENGTH,CONCAT,ENDS_WITH,LCASE,LEFT,LENGTH,LOWER,LPAD,LTRIM,POSITION,REGEXP_LIKE,REPEAT,REPLACE,"
                + "REVERSE,RIGHT,RPAD,RTRIM,SPLIT_PART,STARTS_WITH,SUBSTR,SUBSTRING,TRIM,UCASE,UPPER";
    }

    @Override
    public String getSystemFunctions() {
        return "ARRAY_CONTAINS,CARDINALITY,COALESCE,ELEMENT_AT,IF,IFNULL,NULLIF,NVL";
    }

    @Override
    public String getTimeDateFunctions() {
        return "CURDATE,CURRENT_DATE,CURRENT_TIMESTAMP,DATE,DATEDIFF,DATE_FORMAT,DATE_TRUNC,DAY,DAYOFMONTH,DAYOFWEEK,"
                + "DAYOFYEAR,EPOCH,HOUR,MINUTE,MONTH,NOW,QUARTER,SECOND,STRFTIME,TODAY,TO_DATE,UNIX_TIMESTAMP,WEEK,WEEKOFYEAR,YEAR";
    }

    @Override
    public String getSearchStringEscape() {
        return "\\";
    }

    @Override
    public String getExtraNameCharacters() {
        return "";
    }

    @Override
    public String getSchemaTerm() {
        return "schema";
    }

    @Override
    public String getProcedureTerm() {
        return "procedure";
    }

    @Override
    public String getCatalogTerm() {
        return "catalog";
    }

    @Override
    public boolean isCatalogAtStart() {
        return true;
    }

    @Override
    public String getCatalogSeparator() {
        return ".";
    }

    @Override
    public boolean supportsMixedCaseIdentifiers() {
        return false;
    }

    @Override
    public boolean storesUpperCaseIdentifiers() {
        return false;
    }

    @Override
    public boolean storesLowerCaseIdentifiers() {
        return false;
    }

    @Override
    public boolean storesMixedCaseIdentifiers() {
        return true;
    }

    @Override
    public boolean supportsMixedCaseQuotedIdentifiers() {
        return false;
    }

    @Override
    public boolean storesUpperCaseQuotedIdentifiers() {
        return false;
    }

    @Override
    public boolean storesLowerCaseQuotedIdentifiers() {
        return false;
    }

    @Override
    public boolean storesMixedCaseQuotedIdentifiers() {
        return true;
    }

    @Override
    public int getSQLStateType() {
        return sqlStateSQL;
    }

    // ------------------------------------------------------------------------------------------ NULL ordering

    @Override
    public boolean nullsAreSortedHigh() {
        return false;
    }

    @Override
    public boolean nullsAreSortedLow() {
        return true;
    }

    @Override
    public boolean nullsAreSortedAtStart() {
        return false;
    }

    @Override
    public boolean nullsAreSortedAtEnd() {
        return false;
    }

    @Override
    public boolean nullPlusNonNullIsNull() {
        return true;
    }

    // ------------------------------------------------------------------------------------------ files

    /** True for a warehouse on the local filesystem: every table is a directory of files there. */
    @Override
    public boolean usesLocalFiles() {
        return connection.localWarehouse();
    }

    @Override
    public boolean usesLocalFilePerTable() {
        return connection.localWarehouse();
    }

    // ------------------------------------------------------------------------------------------ queries

    @Override
    public boolean allProceduresAreCallable() {
        return false;
    }

    @Override
    public boolean allTablesAreSelectable() {
        return true;
    }

    @Override
    public boolean supportsAlterTableWithAddColumn() {
        return false;
    }

    @Override
    public boolean supportsAlterTableWithDropColumn() {
        return false;
    }

    @Override
    public boolean supportsColumnAliasing() {
        return true;
    }

    /** JDBC escape functions ({@code {fn CONVERT(...)}}) are not rewritten. */
    @Override
    public boolean supportsConvert() {
        return false;
    }

    @Override
    public boolean supportsConvert(int fromType, int toType) {
        return false;
    }

    @Override
    public boolean supportsTableCorrelationNames() {
        return true;
    }

    @Override
    public boolean supportsDifferentTableCorrelationNames() {
        return false;
    }

    @Override
    public boolean supportsExpressionsInOrderBy() {
        return true;
    }

    @Override
    public boolean supportsOrderByUnrelated() {
        return true;
    }

    @Override
    public boolean supportsGroupBy() {
        return true;
    }

    @Override
    public boolean supportsGroupByUnrelated() {
        return true;
    }

    @Override
    public boolean supportsGroupByBeyondSelect() {
        return true;
    }

    /**
     * {@code LIKE pattern ESCAPE 'c'} runs (without a clause {@code \} escapes); DatabaseMetaDataSupportsFlagsTest
     * runs the SQL behind every flag.
     */
    @Override
    public boolean supportsLikeEscapeClause() {
        return true;
    }

    @Override
    public boolean supportsMultipleResultSets() {
        return false;
    }

    @Override
    public boolean supportsMultipleTransactions() {
        return true;
    }

    @Override
    public boolean supportsNonNullableColumns() {
        return true;
    }

    /** No DDL or DML, so none of the ODBC grammar levels is met in full. */
    @Override
    public boolean supportsMinimumSQLGrammar() {
        return false;
    }

    @Override
    public boolean supportsCoreSQLGrammar() {
        return false;
    }

    @Override
    public boolean supportsExtendedSQLGrammar() {
        return false;
    }

    @Override
    public boolean supportsANSI92EntryLevelSQL() {
        return false;
    }

    @Override
    public boolean supportsANSI92IntermediateSQL() {
        return false;
    }

    @Override
    public boolean supportsANSI92FullSQL() {
        return false;
    }

    @Override
    public boolean supportsIntegrityEnhancementFacility() {
        return false;
    }

    @Override
    public boolean supportsOuterJoins() {
        return true;
    }

    @Override
    public boolean supportsFullOuterJoins() {
        return true;
    }

    @Override
    public boolean supportsLimitedOuterJoins() {
        return true;
    }

    @Override
    public boolean supportsSchemasInDataManipulation() {
        return true;
    }

    @Override
    public boolean supportsSchemasInProcedureCalls() {
        return false;
    }

    @Override
    public boolean supportsSchemasInTableDefinitions() {
        return false;
    }

    @Override
    public boolean supportsSchemasInIndexDefinitions() {
        return false;
    }

    @Override
    public boolean supportsSchemasInPrivilegeDefinitions() {
        return false;
    }

    @Override
    public boolean supportsCatalogsInDataManipulation() {
        return true;
    }

    @Override
    public boolean supportsCatalogsInProcedureCalls() {
        return false;
    }

    @Override
    public boolean supportsCatalogsInTableDefinitions() {
        return false;
    }

    @Override
    public boolean supportsCatalogsInIndexDefinitions() {
        return false;
    }

    @Override
    public boolean supportsCatalogsInPrivilegeDefinitions() {
        return false;
    }

    @Override
    public boolean supportsPositionedDelete() {
        return false;
    }

    @Override
    public boolean supportsPositionedUpdate() {
        return false;
    }

    @Override
    public boolean supportsSelectForUpdate() {
        return false;
    }

    @Override
    public boolean supportsStoredProcedures() {
        return false;
    }

    @Override
    public boolean supportsSubqueriesInComparisons() {
        return true;
    }

    @Override
    public boolean supportsSubqueriesInExists() {
        return true;
    }

    @Override
    public boolean supportsSubqueriesInIns() {
        return true;
    }

    @Override
    public boolean supportsSubqueriesInQuantifieds() {
        // x > ALL (SELECT ...) / ANY / SOME are not supported (42000); use max()/min() or EXISTS
        return false;
    }

    @Override
    public boolean supportsCorrelatedSubqueries() {
        return true;
    }

    @Override
    public boolean supportsUnion() {
        return true;
    }

    @Override
    public boolean supportsUnionAll() {
        return true;
    }

    // ------------------------------------------------------------------ transactions: none, commit is a no-op

    @Override
    public boolean supportsOpenCursorsAcrossCommit() {
        return true;
    }

    @Override
    public boolean supportsOpenCursorsAcrossRollback() {
        return true;
    }

    @Override
    public boolean supportsOpenStatementsAcrossCommit() {
        return true;
    }

    @Override
    public boolean supportsOpenStatementsAcrossRollback() {
        return true;
    }

    @Override
    public int getDefaultTransactionIsolation() {
        return Connection.TRANSACTION_NONE;
    }

    @Override
    public boolean supportsTransactions() {
        return false;
    }

    @Override
    public boolean supportsTransactionIsolationLevel(int level) {
        return level == Connection.TRANSACTION_NONE;
    }

    @Override
    public boolean supportsDataDefinitionAndDataManipulationTransactions() {
        return false;
    }

    @Override
    public boolean supportsDataManipulationTransactionsOnly() {
        return false;
    }

    @Override
    public boolean dataDefinitionCausesTransactionCommit() {
        return false;
    }

    @Override
    public boolean dataDefinitionIgnoredInTransactions() {
        return false;
    }

    @Override
    public boolean supportsSavepoints() {
        return false;
    }

    @Override
    public boolean autoCommitFailureClosesAllResultSets() {
        return false;
    }

    // ------------------------------------------------------------------------------------------ limits: none

    @Override
    public int getMaxBinaryLiteralLength() {
        return 0;
    }

    @Override
    public int getMaxCharLiteralLength() {
        return 0;
    }

    @Override
    public int getMaxColumnNameLength() {
        return 0;
    }

    @Override
    public int getMaxColumnsInGroupBy() {
        return 0;
    }

    @Override
    public int getMaxColumnsInIndex() {
        return 0;
    }

    @Override
    public int getMaxColumnsInOrderBy() {
        return 0;
    }

    @Override
    public int getMaxColumnsInSelect() {
        return 0;
    }

    @Override
    public int getMaxColumnsInTable() {
        return 0;
    }

    @Override
    public int getMaxConnections() {
        return 0;
    }

    @Override
    public int getMaxCursorNameLength() {
        return 0;
    }

    @Override
    public int getMaxIndexLength() {
        return 0;
    }

    @Override
    public int getMaxSchemaNameLength() {
        return 0;
    }

    @Override
    public int getMaxProcedureNameLength() {
        return 0;
    }

    @Override
    public int getMaxCatalogNameLength() {
        return 0;
    }

    @Override
    public int getMaxRowSize() {
        return 0;
    }

    @Override
    public boolean doesMaxRowSizeIncludeBlobs() {
        return false;
    }

    @Override
    public int getMaxStatementLength() {
        return 0;
    }

    @Override
    public int getMaxStatements() {
        return 0;
    }

    @Override
    public int getMaxTableNameLength() {
        return 0;
    }

    @Override
    public int getMaxTablesInSelect() {
        return 0;
    }

    @Override
    public int getMaxUserNameLength() {
        return 0;
    }

    @Override
    public long getMaxLogicalLobSize() {
        return 0;
    }

    // ------------------------------------------------------------------------------------------ result sets

    @Override
    public boolean supportsResultSetType(int type) {
        return type == ResultSet.TYPE_FORWARD_ONLY;
    }

    @Override
    public boolean supportsResultSetConcurrency(int type, int concurrency) {
        return type == ResultSet.TYPE_FORWARD_ONLY && concurrency == ResultSet.CONCUR_READ_ONLY;
    }

    @Override
    public boolean ownUpdatesAreVisible(int type) {
        return false;
    }

    @Override
    public boolean ownDeletesAreVisible(int type) {
        return false;
    }

    @Override
    public boolean ownInsertsAreVisible(int type) {
        return false;
    }

    @Override
    public boolean othersUpdatesAreVisible(int type) {
        return false;
    }

    @Override
    public boolean othersDeletesAreVisible(int type) {
        return false;
    }

    @Override
    public boolean othersInsertsAreVisible(int type) {
        return false;
    }

    @Override
    public boolean updatesAreDetected(int type) {
        return false;
    }

    @Override
    public boolean deletesAreDetected(int type) {
        return false;
    }

    @Override
    public boolean insertsAreDetected(int type) {
        return false;
    }

    /** {@code executeBatch} only runs statements without rows (USE, SET); there are no updates to batch. */
    @Override
    public boolean supportsBatchUpdates() {
        return false;
    }

    /**
     * Commit does nothing, so every result set survives it: only HOLD_CURSORS_OVER_COMMIT is true to behaviour
     * ({@code setHoldability(CLOSE_CURSORS_AT_COMMIT)} keeps HOLD and warns).
     */
    @Override
    public boolean supportsResultSetHoldability(int holdability) {
        return holdability == ResultSet.HOLD_CURSORS_OVER_COMMIT;
    }

    @Override
    public int getResultSetHoldability() {
        return ResultSet.HOLD_CURSORS_OVER_COMMIT;
    }

    @Override
    public boolean supportsNamedParameters() {
        return false;
    }

    @Override
    public boolean supportsMultipleOpenResults() {
        return false;
    }

    @Override
    public boolean supportsGetGeneratedKeys() {
        return false;
    }

    @Override
    public boolean generatedKeyAlwaysReturned() {
        return false;
    }

    @Override
    public boolean locatorsUpdateCopy() {
        return false;
    }

    @Override
    public boolean supportsStatementPooling() {
        return false;
    }

    @Override
    public RowIdLifetime getRowIdLifetime() {
        return RowIdLifetime.ROWID_UNSUPPORTED;
    }

    @Override
    public boolean supportsStoredFunctionsUsingCallSyntax() {
        return false;
    }

    @Override
    public boolean supportsRefCursors() {
        return false;
    }

    @Override
    public boolean supportsSharding() {
        return false;
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        throw SqlExceptions.of(SqlExceptions.INVALID_ARGUMENT, "DatabaseMetaData does not implement " + iface.getName());
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this);
    }
}
