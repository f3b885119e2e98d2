package io.lancejdbc.driver.jdbc;

import java.sql.DatabaseMetaData;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;

/**
 * The rows of {@code DatabaseMetaData.getTypeInfo()}: one per type a result column can have (see
 * {@link ArrowTypeMapping}), ordered by DATA_TYPE as JDBC requires. Hibernate, DBCP and DBeaver's type pickers read
 * this; text is the only type LIKE applies to, nested types cannot be compared.
 */
final class TypeInfoRows {
    private TypeInfoRows() {
    }

    static List<Object[]> rows() {
        List<Object[]> rows = new ArrayList<>();
        rows.add(number("TINYINT", Types.TINYINT, 3, 0));
        rows.add(number("BIGINT", Types.BIGINT, 19, 0));
        rows.add(row("VARBINARY", Types.VARBINARY, ArrowTypeMapping.UNBOUNDED, null, null, null, false,
                DatabaseMetaData.typePredBasic, null, null, null));
        rows.add(row("BINARY", Types.BINARY, ArrowTypeMapping.UNBOUNDED, null, null, "length", false,
                DatabaseMetaData.typePredBasic, null, null, null));
        rows.add(number("DECIMAL", Types.DECIMAL, 76, 76));
        rows.add(number("INTEGER", Types.INTEGER, 10, 0));
        rows.add(number("SMALLINT", Types.SMALLINT, 5, 0));
        rows.add(number("REAL", Types.REAL, 7, 0));
        rows.add(number("DOUBLE", Types.DOUBLE, 15, 0));
        rows.add(row("VARCHAR", Types.VARCHAR, ArrowTypeMapping.UNBOUNDED, "'", "'", null, true,
                DatabaseMetaData.typeSearchable, null, null, null));
        rows.add(row("JSON", Types.VARCHAR, ArrowTypeMapping.UNBOUNDED, "'", "'", null, true,
                DatabaseMetaData.typeSearchable, null, null, null));
        rows.add(row("BOOLEAN", Types.BOOLEAN, 1, null, null, null, false, DatabaseMetaData.typePredBasic, null,
                null, null));
        rows.add(row("DATE", Types.DATE, 10, "DATE '", "'", null, false, DatabaseMetaData.typePredBasic, 0, 0, null));
        rows.add(row("TIME", Types.TIME, 15, "TIME '", "'", null, false, DatabaseMetaData.typePredBasic, 0, 6, null));
        rows.add(row("TIMESTAMP", Types.TIMESTAMP, 26, "TIMESTAMP '", "'", null, false,
                DatabaseMetaData.typePredBasic, 0, 6, null));
        rows.add(row("MAP", Types.OTHER, 0, null, null, null, false, DatabaseMetaData.typePredNone, null, null, null));
        rows.add(row("STRUCT", Types.STRUCT, 0, null, null, null, false, DatabaseMetaData.typePredNone, null, null,
                null));
        rows.add(row("ARRAY", Types.ARRAY, 0, null, null, null, false, DatabaseMetaData.typePredNone, null, null,
                null));
        rows.add(row("TIMESTAMP WITH TIME ZONE", Types.TIMESTAMP_WITH_TIMEZONE, 32, null, null, null, false,
                DatabaseMetaData.typePredBasic, 0, 6, null));
        return rows;
    }

    private static Object[] number(String name, int type, int precision, int maxScale) {
        return row(name, type, precision, null, null, type == Types.DECIMAL ? "precision,scale" : null, false,
                DatabaseMetaData.typePredBasic, 0, maxScale, 10);
    }

    private static Object[] row(String name, int type, int precision, String prefix, String suffix,
            String createParams, boolean caseSensitive, int searchable, Integer minScale, Integer maxScale,
            Integer radix) {
        boolean numeric = radix != null;
        return new Object[] {name, type, precision, prefix, suffix, createParams,
            DatabaseMetaData.typeNullable, caseSensitive, searchable, numeric ? false : null, false, false,
            name, minScale, maxScale, null, null, radix};
    }
}
