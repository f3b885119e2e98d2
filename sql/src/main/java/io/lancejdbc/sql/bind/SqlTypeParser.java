package io.lancejdbc.sql.bind;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.types.Types;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.arrow.vector.types.pojo.ArrowType;

/** Maps SQL type names in CAST to Arrow types. */
final class SqlTypeParser {
    private static final Pattern TYPE = Pattern.compile("(?i)\\s*([a-z_ ]+?)\\s*(?:\\(\\s*(\\d+)\\s*(?:,\\s*(\\d+)\\s*)?\\))?\\s*");

    private SqlTypeParser() {
    }

    /**
     * @throws SqlError 42000 for an unknown type name
     */
    static ArrowType parse(String text) {
        Matcher m = TYPE.matcher(text);
        if (!m.matches()) {
            throw unknown(text);
        }
        String name = m.group(1).trim().toLowerCase(Locale.ROOT).replaceAll("\\s+", " ");
        Integer p = m.group(2) == null ? null : Integer.valueOf(m.group(2));
        Integer s = m.group(3) == null ? null : Integer.valueOf(m.group(3));
        switch (name) {
            case "tinyint":
            case "int1":
                return Types.INT8;
            case "smallint":
            case "int2":
                return Types.INT16;
            case "int":
            case "integer":
            case "int4":
            case "signed":
                return Types.INT32;
            case "bigint":
            case "int8":
            case "long":
            case "signed integer":
                return Types.INT64;
            case "float":
            case "real":
            case "float4":
                return Types.FLOAT32;
            case "double":
            case "double precision":
            case "float8":
                return Types.FLOAT64;
            case "decimal":
            case "numeric":
            case "dec": {
                int precision = p == null ? 18 : p;
                int scale = s == null ? (p == null ? 3 : 0) : s;
                if (precision < 1 || precision > 38 || scale < 0 || scale > precision) {
                    throw new SqlError(SqlState.SYNTAX_ERROR, "DECIMAL precision must be 1..38 and scale 0..precision,"
                            + " got " + text.trim());
                }
                return Types.decimal(precision, scale);
            }
            case "varchar":
            case "char":
            case "text":
            case "string":
            case "character varying":
            case "character":
            case "nvarchar":
                return Types.UTF8;
            case "date":
                return Types.DATE;
            case "timestamp":
            case "datetime":
            case "timestamp without time zone":
                return Types.TIMESTAMP_US;
            case "timestamptz":
            case "timestamp with time zone":
                return Types.TIMESTAMP_US_UTC;
            case "time":
                return Types.TIME_US;
            case "boolean":
            case "bool":
                return Types.BOOL;
            case "binary":
            case "varbinary":
            case "blob":
            case "bytea":
                return Types.BINARY;
            default:
                throw unknown(text);
        }
    }

    private static SqlError unknown(String text) {
        return new SqlError(SqlState.SYNTAX_ERROR, "Unknown type '" + text.trim() + "' in CAST; use one of BOOLEAN,"
                + " TINYINT, SMALLINT, INT, BIGINT, FLOAT, DOUBLE, DECIMAL(p,s), VARCHAR, DATE, TIME, TIMESTAMP,"
                + " TIMESTAMPTZ, VARBINARY");
    }
}
