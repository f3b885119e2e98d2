package io.lancejdbc.driver.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.metadata.IndexDescriptor;
import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * DatabaseMetaData: exact JDBC result set shapes, catalog contents with LIKE patterns, empty results for what does
 * not exist here, and answers from every getter.
 */
class DatabaseMetaDataTest extends FixedEngineTestBase {
    private DatabaseMetaData md;

    private static Field field(String name, ArrowType type, boolean nullable, Field... children) {
        return new Field(name, new FieldType(nullable, type, null), List.of(children));
    }

    @BeforeEach
    void describeCatalog() throws SQLException {
        engine.catalog
                .table("default", "items",
                        field("id", new ArrowType.Int(64, true), false),
                        field("price", new ArrowType.Decimal(10, 2, 128), true),
                        field("name", ArrowType.Utf8.INSTANCE, true),
                        field("embedding", new ArrowType.FixedSizeList(2), true,
                                field("item", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE), true)),
                        field("ts", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null), true),
                        field("span", new ArrowType.Duration(TimeUnit.SECOND), true))
                .table("default", "orders", field("id", new ArrowType.Int(32, true), true))
                .table("sh_p", "carts", field("id", new ArrowType.Int(32, true), true))
                .table("shop", "carts", field("id", new ArrowType.Int(32, true), true))
                .schema("analytics.daily")
                .primaryKey("default", "items", "id")
                .index("default", "items", new IndexDescriptor("embedding_idx", List.of("embedding"), "IVF_PQ", 2,
                        Map.of("metric_type", "L2")))
                .index("default", "items", new IndexDescriptor("id_idx", List.of("id"), "BTREE", 1, Map.of()));
        md = connection.getMetaData();
    }

    private static List<String> labels(ResultSet rs) throws SQLException {
        ResultSetMetaData m = rs.getMetaData();
        List<String> out = new ArrayList<>();
        for (int i = 1; i <= m.getColumnCount(); i++) {
            out.add(m.getColumnLabel(i));
        }
        return out;
    }

    private static List<List<Object>> rows(ResultSet rs, String... columns) throws SQLException {
        List<List<Object>> out = new ArrayList<>();
        try (rs) {
            while (rs.next()) {
                List<Object> row = new ArrayList<>();
                for (String c : columns) {
                    row.add(rs.getObject(c));
                }
                out.add(row);
            }
        }
        return out;
    }

    @Test
    void catalogsListTheConnectionsOneCatalog() throws SQLException {
        ResultSet rs = md.getCatalogs();
        assertEquals(List.of("TABLE_CAT"), labels(rs));
        assertEquals(List.of(List.of("lance")), rows(rs, "TABLE_CAT"));
        assertEquals("lance", connection.getCatalog());
    }

    @Test
    void schemasHaveSchemAndCatalogColumnsSorted() throws SQLException {
        ResultSet rs = md.getSchemas();
        assertEquals(List.of("TABLE_SCHEM", "TABLE_CATALOG"), labels(rs));
        assertEquals(List.of(List.of("analytics.daily", "lance"), List.of("default", "lance"),
                List.of("sh_p", "lance"), List.of("shop", "lance")), rows(rs, "TABLE_SCHEM", "TABLE_CATALOG"));
    }

    @Test
    void schemaPatternUnderscoreMatchesOneCharacterUnlessEscaped() throws SQLException {
        assertEquals(List.of(List.of("sh_p"), List.of("shop")), rows(md.getSchemas("lance", "sh_p"), "TABLE_SCHEM"));
        assertEquals(List.of(List.of("sh_p")), rows(md.getSchemas("lance", "sh\\_p"), "TABLE_SCHEM"));
        assertEquals(List.of(List.of("analytics.daily")), rows(md.getSchemas(null, "ana%"), "TABLE_SCHEM"));
    }

    @Test
    void anotherCatalogOrEmptyNamesMatchNothing() throws SQLException {
        assertEquals(List.of(), rows(md.getSchemas("other", null), "TABLE_SCHEM"));
        assertEquals(List.of(), rows(md.getSchemas("", null), "TABLE_SCHEM"));
        assertEquals(List.of(), rows(md.getTables(null, "", "%", null), "TABLE_NAME"));
        assertEquals(4, rows(md.getSchemas("%", null), "TABLE_SCHEM").size());
    }

    @Test
    void tablesHaveTheTenJdbcColumns() throws SQLException {
        ResultSet rs = md.getTables(null, null, "%", null);
        assertEquals(List.of("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "TABLE_TYPE", "REMARKS", "TYPE_CAT",
                "TYPE_SCHEM", "TYPE_NAME", "SELF_REFERENCING_COL_NAME", "REF_GENERATION"), labels(rs));
        assertEquals(List.of(List.of("lance", "default", "items", "TABLE"), List.of("lance", "default", "orders", "TABLE"),
                List.of("lance", "sh_p", "carts", "TABLE"), List.of("lance", "shop", "carts", "TABLE")),
                rows(rs, "TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "TABLE_TYPE"));
    }

    @Test
    void tablesFilterByPatternAndType() throws SQLException {
        assertEquals(List.of(List.of("items")), rows(md.getTables("lance", "default", "it%", new String[] {"TABLE"}),
                "TABLE_NAME"));
        assertEquals(List.of(), rows(md.getTables(null, null, "%", new String[] {"VIEW"}), "TABLE_NAME"));
        assertEquals(List.of(), rows(md.getTables(null, null, "DBEAVERFAKETABLENAMEFORPING", null), "TABLE_NAME"));
    }

    @Test
    void tableTypesAreJustTable() throws SQLException {
        ResultSet rs = md.getTableTypes();
        assertEquals(List.of("TABLE_TYPE"), labels(rs));
        assertEquals(List.of(List.of("TABLE")), rows(rs, "TABLE_TYPE"));
    }

    @Test
    void columnsHaveTheTwentyFourJdbcColumnsWithTypes() throws SQLException {
        ResultSet rs = md.getColumns(null, "default", "items", "%");
        assertEquals(List.of("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME", "DATA_TYPE", "TYPE_NAME",
                "COLUMN_SIZE", "BUFFER_LENGTH", "DECIMAL_DIGITS", "NUM_PREC_RADIX", "NULLABLE", "REMARKS", "COLUMN_DEF",
                "SQL_DATA_TYPE", "SQL_DATETIME_SUB", "CHAR_OCTET_LENGTH", "ORDINAL_POSITION", "IS_NULLABLE",
                "SCOPE_CATALOG", "SCOPE_SCHEMA", "SCOPE_TABLE", "SOURCE_DATA_TYPE", "IS_AUTOINCREMENT",
                "IS_GENERATEDCOLUMN"), labels(rs));
        ResultSetMetaData m = rs.getMetaData();
        assertEquals(Types.INTEGER, m.getColumnType(5));
        assertEquals(Types.INTEGER, m.getColumnType(17));
        assertEquals(Types.SMALLINT, m.getColumnType(22));
        rs.close();
    }

    @Test
    void columnsDescribeEachArrowType() throws SQLException {
        assertEquals(List.of(
                List.of("id", Types.BIGINT, "BIGINT", 19, 0, 10, DatabaseMetaData.columnNoNulls, 1, "NO"),
                List.of("price", Types.DECIMAL, "DECIMAL", 10, 2, 10, DatabaseMetaData.columnNullable, 2, "YES")),
                rows(md.getColumns(null, "default", "items", "%"), "COLUMN_NAME", "DATA_TYPE", "TYPE_NAME",
                        "COLUMN_SIZE", "DECIMAL_DIGITS", "NUM_PREC_RADIX", "NULLABLE", "ORDINAL_POSITION",
                        "IS_NULLABLE").subList(0, 2));
        List<Object> name = new ArrayList<>();
        name.add("name");
        name.add(Types.VARCHAR);
        name.add(Integer.MAX_VALUE);
        name.add(null);
        name.add(Integer.MAX_VALUE);
        assertEquals(List.of(name), rows(md.getColumns(null, "default", "items", "name"), "COLUMN_NAME", "DATA_TYPE",
                "COLUMN_SIZE", "DECIMAL_DIGITS", "CHAR_OCTET_LENGTH"));
        assertEquals(List.of(List.of("embedding", Types.ARRAY, "ARRAY<REAL>"), List.of("ts", Types.TIMESTAMP,
                "TIMESTAMP"), List.of("span", Types.OTHER, "UNSUPPORTED_TYPE")),
                rows(md.getColumns(null, "default", "items", "%"), "COLUMN_NAME", "DATA_TYPE", "TYPE_NAME")
                        .subList(3, 6));
        assertEquals(List.of(List.of("Unsupported Arrow type Duration(SECOND): select the other columns "
                + "(SELECT * EXCEPT)")), rows(md.getColumns(null, "default", "items", "span"), "REMARKS"));
        assertEquals(List.of(List.of(26, 6)), rows(md.getColumns(null, "default", "items", "ts"), "COLUMN_SIZE",
                "DECIMAL_DIGITS"));
    }

    @Test
    void columnsAcceptEscapedPatternsAsToolsSendThem() throws SQLException {
        assertEquals(List.of(List.of("sh_p", "carts", "id")), rows(md.getColumns("lance", "sh\\_p", "carts", "%"),
                "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME"));
    }

    @Test
    void primaryKeysComeFromLancesUnenforcedKey() throws SQLException {
        ResultSet rs = md.getPrimaryKeys(null, "default", "items");
        assertEquals(List.of("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME", "KEY_SEQ", "PK_NAME"), labels(rs));
        List<Object> row = new ArrayList<>(List.of("lance", "default", "items", "id", 1));
        row.add(null);
        assertEquals(List.of(row), rows(rs, "TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME", "KEY_SEQ",
                "PK_NAME"));
        assertEquals(List.of(), rows(md.getPrimaryKeys(null, "default", "orders"), "COLUMN_NAME"));
        assertEquals(1, rows(md.getPrimaryKeys(null, "default", "%"), "COLUMN_NAME").size(),
                "a % table name is read as a pattern, as DBeaver sends it");
    }

    @Test
    void indexInfoListsLanceIndexesPerColumn() throws SQLException {
        ResultSet rs = md.getIndexInfo(null, "default", "items", false, true);
        assertEquals(List.of("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "NON_UNIQUE", "INDEX_QUALIFIER", "INDEX_NAME",
                "TYPE", "ORDINAL_POSITION", "COLUMN_NAME", "ASC_OR_DESC", "CARDINALITY", "PAGES", "FILTER_CONDITION"),
                labels(rs));
        List<Object> vectorIndex = new ArrayList<>(List.of("embedding_idx", true, (int) DatabaseMetaData.tableIndexOther,
                1, "embedding"));
        vectorIndex.add(null);
        assertEquals(List.of(vectorIndex, List.of("id_idx", true, (int) DatabaseMetaData.tableIndexOther, 1, "id", "A")),
                rows(rs, "INDEX_NAME", "NON_UNIQUE", "TYPE", "ORDINAL_POSITION", "COLUMN_NAME", "ASC_OR_DESC"));
        assertEquals(List.of(), rows(md.getIndexInfo(null, "default", "items", true, true), "INDEX_NAME"),
                "Lance indexes are never unique");
    }

    @Test
    void typeInfoCoversEveryTypeResultsCanHaveOrderedByDataType() throws SQLException {
        ResultSet rs = md.getTypeInfo();
        assertEquals(List.of("TYPE_NAME", "DATA_TYPE", "PRECISION", "LITERAL_PREFIX", "LITERAL_SUFFIX", "CREATE_PARAMS",
                "NULLABLE", "CASE_SENSITIVE", "SEARCHABLE", "UNSIGNED_ATTRIBUTE", "FIXED_PREC_SCALE", "AUTO_INCREMENT",
                "LOCAL_TYPE_NAME", "MINIMUM_SCALE", "MAXIMUM_SCALE", "SQL_DATA_TYPE", "SQL_DATETIME_SUB",
                "NUM_PREC_RADIX"), labels(rs));
        List<Integer> types = new ArrayList<>();
        for (List<Object> r : rows(rs, "DATA_TYPE")) {
            types.add((Integer) r.get(0));
        }
        assertEquals(List.of(Types.TINYINT, Types.BIGINT, Types.VARBINARY, Types.BINARY, Types.DECIMAL, Types.INTEGER,
                Types.SMALLINT, Types.REAL, Types.DOUBLE, Types.VARCHAR, Types.VARCHAR, Types.BOOLEAN, Types.DATE,
                Types.TIME,
                Types.TIMESTAMP, Types.OTHER, Types.STRUCT, Types.ARRAY, Types.TIMESTAMP_WITH_TIMEZONE), types);
    }

    @Test
    void conceptsThatDoNotExistGiveEmptyCorrectlyShapedResults() throws SQLException {
        assertEmpty(md.getProcedures(null, null, "%"), "PROCEDURE_CAT", "PROCEDURE_SCHEM", "PROCEDURE_NAME",
                "RESERVED1", "RESERVED2", "RESERVED3", "REMARKS", "PROCEDURE_TYPE", "SPECIFIC_NAME");
        assertEmpty(md.getProcedureColumns(null, null, "%", "%"), "PROCEDURE_CAT", "PROCEDURE_SCHEM",
                "PROCEDURE_NAME", "COLUMN_NAME", "COLUMN_TYPE", "DATA_TYPE", "TYPE_NAME", "PRECISION", "LENGTH", "SCALE",
                "RADIX", "NULLABLE", "REMARKS", "COLUMN_DEF", "SQL_DATA_TYPE", "SQL_DATETIME_SUB", "CHAR_OCTET_LENGTH",
                "ORDINAL_POSITION", "IS_NULLABLE", "SPECIFIC_NAME");
        assertEmpty(md.getFunctions(null, null, "%"), "FUNCTION_CAT", "FUNCTION_SCHEM", "FUNCTION_NAME", "REMARKS",
                "FUNCTION_TYPE", "SPECIFIC_NAME");
        assertEmpty(md.getFunctionColumns(null, null, "%", "%"), "FUNCTION_CAT", "FUNCTION_SCHEM", "FUNCTION_NAME",
                "COLUMN_NAME", "COLUMN_TYPE", "DATA_TYPE", "TYPE_NAME", "PRECISION", "LENGTH", "SCALE", "RADIX",
                "NULLABLE", "REMARKS", "CHAR_OCTET_LENGTH", "ORDINAL_POSITION", "IS_NULLABLE", "SPECIFIC_NAME");
        String[] keys = {"PKTABLE_CAT", "PKTABLE_SCHEM", "PKTABLE_NAME", "PKCOLUMN_NAME", "FKTABLE_CAT",
            "FKTABLE_SCHEM", "FKTABLE_NAME", "FKCOLUMN_NAME", "KEY_SEQ", "UPDATE_RULE", "DELETE_RULE", "FK_NAME",
            "PK_NAME", "DEFERRABILITY"};
        assertEmpty(md.getImportedKeys(null, "default", "items"), keys);
        assertEmpty(md.getExportedKeys(null, "default", "items"), keys);
        assertEmpty(md.getCrossReference(null, "default", "items", null, "default", "orders"), keys);
        assertEmpty(md.getUDTs(null, null, "%", null), "TYPE_CAT", "TYPE_SCHEM", "TYPE_NAME", "CLASS_NAME", "DATA_TYPE",
                "REMARKS", "BASE_TYPE");
        assertEmpty(md.getSuperTypes(null, null, "%"), "TYPE_CAT", "TYPE_SCHEM", "TYPE_NAME", "SUPERTYPE_CAT",
                "SUPERTYPE_SCHEM", "SUPERTYPE_NAME");
        assertEmpty(md.getSuperTables(null, null, "%"), "TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "SUPERTABLE_NAME");
        assertEmpty(md.getAttributes(null, null, "%", "%"), "TYPE_CAT", "TYPE_SCHEM", "TYPE_NAME", "ATTR_NAME",
                "DATA_TYPE", "ATTR_TYPE_NAME", "ATTR_SIZE", "DECIMAL_DIGITS", "NUM_PREC_RADIX", "NULLABLE", "REMARKS",
                "ATTR_DEF", "SQL_DATA_TYPE", "SQL_DATETIME_SUB", "CHAR_OCTET_LENGTH", "ORDINAL_POSITION", "IS_NULLABLE",
                "SCOPE_CATALOG", "SCOPE_SCHEMA", "SCOPE_TABLE", "SOURCE_DATA_TYPE");
        assertEmpty(md.getTablePrivileges(null, null, "%"), "TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "GRANTOR",
                "GRANTEE", "PRIVILEGE", "IS_GRANTABLE");
        assertEmpty(md.getColumnPrivileges(null, "default", "items", "%"), "TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME",
                "COLUMN_NAME", "GRANTOR", "GRANTEE", "PRIVILEGE", "IS_GRANTABLE");
        String[] rowIds = {"SCOPE", "COLUMN_NAME", "DATA_TYPE", "TYPE_NAME", "COLUMN_SIZE", "BUFFER_LENGTH",
            "DECIMAL_DIGITS", "PSEUDO_COLUMN"};
        assertEmpty(md.getBestRowIdentifier(null, "default", "items", DatabaseMetaData.bestRowSession, true), rowIds);
        assertEmpty(md.getVersionColumns(null, "default", "items"), rowIds);
        try (ResultSet info = md.getClientInfoProperties()) {
            assertEquals(List.of("NAME", "MAX_LEN", "DEFAULT_VALUE", "DESCRIPTION"), labels(info));
            List<String> names = new java.util.ArrayList<>();
            while (info.next()) {
                names.add(info.getString("NAME"));
            }
            assertEquals(List.of("ApplicationName", "ClientHostname", "ClientUser"), names);
        }
        assertEmpty(md.getPseudoColumns(null, null, "%", "%"), "TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME",
                "COLUMN_NAME", "DATA_TYPE", "COLUMN_SIZE", "DECIMAL_DIGITS", "NUM_PREC_RADIX", "COLUMN_USAGE",
                "REMARKS", "CHAR_OCTET_LENGTH", "IS_NULLABLE");
    }

    private static void assertEmpty(ResultSet rs, String... expectedLabels) throws SQLException {
        assertNotNull(rs);
        assertEquals(List.of(expectedLabels), labels(rs));
        Statement owner = rs.getStatement();
        assertNotNull(owner, "metadata results need an owning statement (pools proxy it)");
        assertFalse(rs.next());
        rs.close();
        assertTrue(owner.isClosed(), "the internal statement closes with its result");
    }

    @Test
    void metadataResultsCloseWithTheConnection() throws SQLException {
        ResultSet rs = md.getTables(null, null, "%", null);
        connection.close();
        assertTrue(rs.isClosed());
    }

    @Test
    void unreachableStorageIsAConnectionError() {
        engine.catalog.unreachable = true;
        assertThrows(SQLNonTransientConnectionException.class, () -> md.getSchemas());
    }

    @Test
    void dialectAnswersDescribeTheReadOnlyDorisStyleEngine() throws SQLException {
        assertTrue(md.isReadOnly());
        assertEquals("`", md.getIdentifierQuoteString());
        assertEquals("\\", md.getSearchStringEscape());
        assertEquals(".", md.getCatalogSeparator());
        assertEquals(Connection.TRANSACTION_NONE, md.getDefaultTransactionIsolation());
        assertFalse(md.supportsTransactions());
        assertTrue(md.supportsResultSetType(ResultSet.TYPE_FORWARD_ONLY));
        assertFalse(md.supportsResultSetType(ResultSet.TYPE_SCROLL_INSENSITIVE));
        assertTrue(md.supportsResultSetConcurrency(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY));
        assertFalse(md.supportsSavepoints());
        assertEquals(DatabaseMetaData.sqlStateSQL, md.getSQLStateType());
        assertEquals(4, md.getJDBCMajorVersion());
        assertTrue(md.nullsAreSortedLow());
        assertTrue(md.storesMixedCaseIdentifiers());
        assertFalse(md.supportsMixedCaseIdentifiers());
        assertTrue(md.usesLocalFiles(), "the test warehouse is a local path");
        assertEquals("lance-jdbc", md.getDriverName());
        assertEquals("0.1.0", md.getDriverVersion());
        assertEquals("Lance", md.getDatabaseProductName());
        assertEquals("7.0.0", md.getDatabaseProductVersion());
        assertEquals(7, md.getDatabaseMajorVersion());
        assertEquals("jdbc:lance:/warehouse", md.getURL());
        assertEquals(connection, md.getConnection());
    }

    /** SQuirreL calls every getter reflectively; DBeaver many of them unguarded. Every text answer is exact. */
    @Test
    void everyArgumentFreeGetterAnswers() throws Exception {
        int called = 0;
        java.util.Map<String, Object> text = new java.util.TreeMap<>();
        for (Method m : DatabaseMetaData.class.getMethods()) {
            if (m.getParameterCount() == 0 && !m.getName().equals("getConnection")) {
                Object value = m.invoke(md);
                if (m.getReturnType() == String.class) {
                    text.put(m.getName(), value);
                }
                if (value instanceof ResultSet) {
                    ((ResultSet) value).close();
                }
                called++;
            }
        }
        assertTrue(called > 100, "called " + called + " getters");
        java.util.Map<String, Object> expected = new java.util.TreeMap<>();
        expected.put("getCatalogSeparator", ".");
        expected.put("getCatalogTerm", "catalog");
        expected.put("getDatabaseProductName", "Lance");
        expected.put("getDatabaseProductVersion", "7.0.0");
        expected.put("getDriverName", "lance-jdbc");
        expected.put("getDriverVersion", "0.1.0");
        expected.put("getExtraNameCharacters", "");
        expected.put("getIdentifierQuoteString", "`");
        expected.put("getNumericFunctions", "ABS,ACOS,ASIN,ATAN,ATAN2,CBRT,CEIL,CEILING,COS,COSINE_DISTANCE,DEGREES,EXP,"
                + "FLOOR,GREATEST,HAMMING_DISTANCE,INNER_PRODUCT,L2_DISTANCE,LEAST,LN,LOG,LOG10,LOG2,MOD,PI,POW,POWER,"
                + "RADIANS,ROUND,SIGN,SIN,SQRT,TAN");
        expected.put("getProcedureTerm", "procedure");
        expected.put("getSQLKeywords", "DATABASES,DESCRIBE,EXPLAIN,ILIKE,INDEX,LIMIT,OFFSET,REGEXP,RLIKE,SHOW,TABLES,USE");
        expected.put("getSchemaTerm", "schema");
        expected.put("getSearchStringEscape", "\\");
        expected.put("getStringFunctions", "CHAR_LENGTH,CONCAT,ENDS_WITH,LCASE,LEFT,LENGTH,LOWER,LPAD,LTRIM,POSITION,"
                + "REGEXP_LIKE,REPEAT,REPLACE,REVERSE,RIGHT,RPAD,RTRIM,SPLIT_PART,STARTS_WITH,SUBSTR,SUBSTRING,TRIM,UCASE,"
                + "UPPER");
        expected.put("getSystemFunctions", "ARRAY_CONTAINS,CARDINALITY,COALESCE,ELEMENT_AT,IF,IFNULL,NULLIF,NVL");
        expected.put("getTimeDateFunctions", "CURDATE,CURRENT_DATE,CURRENT_TIMESTAMP,DATE,DATEDIFF,DATE_FORMAT,DATE_TRUNC,"
                + "DAY,DAYOFMONTH,DAYOFWEEK,DAYOFYEAR,EPOCH,HOUR,MINUTE,MONTH,NOW,QUARTER,SECOND,STRFTIME,TODAY,TO_DATE,"
                + "UNIX_TIMESTAMP,WEEK,WEEKOFYEAR,YEAR");
        expected.put("getURL", "jdbc:lance:/warehouse");
        expected.put("getUserName", ""); // Lance has no database users
        assertEquals(expected, text);
    }

    /** Each name the function lists give is a function the engine binds (an arity error, not "Unknown function"). */
    @Test
    void everyListedFunctionIsOneTheEngineKnows() throws SQLException {
        for (String list : new String[] {md.getNumericFunctions(), md.getStringFunctions(), md.getSystemFunctions(),
            md.getTimeDateFunctions()}) {
            for (String name : list.split(",")) {
                String message;
                try {
                    io.lancejdbc.sql.bind.FunctionRegistry.scalar(name, List.of());
                    message = "bound";
                } catch (io.lancejdbc.engine.SqlError e) {
                    message = e.getMessage();
                }
                assertFalse(message.startsWith("Unknown function"), name + ": " + message);
            }
        }
    }

    @Test
    void functionListsAreCommaSeparatedNames() throws SQLException {
        for (String list : new String[] {md.getNumericFunctions(), md.getStringFunctions(), md.getSystemFunctions(),
            md.getTimeDateFunctions(), md.getSQLKeywords()}) {
            assertTrue(list.matches("[A-Z0-9_]+(,[A-Z0-9_]+)*"), list);
        }
    }
}
