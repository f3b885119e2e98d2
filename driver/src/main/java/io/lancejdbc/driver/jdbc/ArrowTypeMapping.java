package io.lancejdbc.driver.jdbc;

import io.lancejdbc.engine.types.TypeSupport;
import java.math.BigDecimal;
import java.sql.Array;
import java.sql.Struct;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The Arrow → JDBC type mapping: the Doris Lance Catalog manual's "Type Mapping" table expressed in
 * {@link Types} codes (issue 2 §5).
 *
 * <p>Unsigned integers widen to the next signed type (uint64 → {@code DECIMAL(20,0)}), float16 and float32 are
 * {@code REAL}, time and timestamp values keep at most microseconds (the manual truncates nanoseconds), list types
 * are {@code ARRAY}, struct is {@code STRUCT} and map is {@code OTHER} read as a {@link java.util.Map}. Fields the
 * engine cannot read ({@link TypeSupport#isSupported}) are {@code OTHER} named {@code UNSUPPORTED_TYPE}, as DESC
 * shows them.
 */
public final class ArrowTypeMapping {
    /** Largest length JDBC can report for unbounded text and binary. */
    public static final int UNBOUNDED = Integer.MAX_VALUE;

    public static final ColumnType BOOLEAN = new ColumnType(Types.BOOLEAN, "BOOLEAN", 1, 0, 5, Boolean.class,
            false, false, false);
    public static final ColumnType TINYINT = integer(Types.TINYINT, "TINYINT", 3, Integer.class);
    public static final ColumnType SMALLINT = integer(Types.SMALLINT, "SMALLINT", 5, Integer.class);
    public static final ColumnType INTEGER = integer(Types.INTEGER, "INTEGER", 10, Integer.class);
    public static final ColumnType BIGINT = integer(Types.BIGINT, "BIGINT", 19, Long.class);
    /** uint64: every value fits 20 digits; read as BigDecimal (getLong fails with 22003 above Long.MAX_VALUE). */
    public static final ColumnType UINT64 = new ColumnType(Types.DECIMAL, "DECIMAL", 20, 0, 20, BigDecimal.class,
            false, true, false);
    public static final ColumnType REAL = new ColumnType(Types.REAL, "REAL", 7, 0, 15, Float.class, true, true, false);
    public static final ColumnType DOUBLE = new ColumnType(Types.DOUBLE, "DOUBLE", 15, 0, 24, Double.class,
            true, true, false);
    public static final ColumnType VARCHAR = new ColumnType(Types.VARCHAR, "VARCHAR", UNBOUNDED, 0, UNBOUNDED,
            String.class, false, false, true);
    /** JSON text ({@code arrow.json}, or Lance's {@code lance.json} as scans return it): VARCHAR named JSON. */
    public static final ColumnType JSON = new ColumnType(Types.VARCHAR, "JSON", UNBOUNDED, 0, UNBOUNDED,
            String.class, false, false, true);
    public static final ColumnType VARBINARY = new ColumnType(Types.VARBINARY, "VARBINARY", UNBOUNDED, 0, UNBOUNDED,
            byte[].class, false, false, true);
    public static final ColumnType DATE = new ColumnType(Types.DATE, "DATE", 10, 0, 10, LocalDate.class,
            false, false, false);
    public static final ColumnType UNSUPPORTED = new ColumnType(Types.OTHER, "UNSUPPORTED_TYPE", 0, 0, UNBOUNDED,
            Object.class, false, false, false);
    /** A parameter whose type the statement does not decide. */
    public static final ColumnType UNKNOWN = new ColumnType(Types.OTHER, "UNKNOWN", 0, 0, UNBOUNDED, Object.class,
            false, false, false);

    private ArrowTypeMapping() {
    }

    private static ColumnType integer(int code, String name, int digits, Class<?> javaClass) {
        return new ColumnType(code, name, digits, 0, digits + 1, javaClass, true, true, false);
    }

    /** The JDBC view of a result or table column; never throws. */
    public static ColumnType of(Field field) {
        if (!TypeSupport.isSupported(field)) {
            return UNSUPPORTED;
        }
        if (TypeSupport.isJson(field)) {
            return JSON;
        }
        ArrowType type = field.getType();
        switch (type.getTypeID()) {
            case List:
            case LargeList:
            case FixedSizeList:
                return array(field.getChildren().isEmpty() ? UNKNOWN : of(field.getChildren().get(0)));
            case Struct:
                return struct(field.getChildren());
            case Map:
                return map(field);
            default:
                return ofScalar(type);
        }
    }

    /**
     * The JDBC view of a parameter type (no children known: list types are {@code ARRAY} of unknown elements);
     * {@code ArrowType.Null} is {@link #UNKNOWN}.
     */
    public static ColumnType ofParameter(ArrowType type) {
        switch (type.getTypeID()) {
            case Null:
                return UNKNOWN;
            case List:
            case LargeList:
            case FixedSizeList:
                return array(UNKNOWN);
            case Struct:
                return struct(List.of());
            case Map:
                return new ColumnType(Types.OTHER, "MAP", 0, 0, UNBOUNDED, Map.class, false, false, false);
            default:
                return ofScalar(type);
        }
    }

    private static ColumnType ofScalar(ArrowType type) {
        switch (type.getTypeID()) {
            case Bool:
                return BOOLEAN;
            case Int:
                return ofInt((ArrowType.Int) type);
            case FloatingPoint:
                return ((ArrowType.FloatingPoint) type).getPrecision() == FloatingPointPrecision.DOUBLE ? DOUBLE : REAL;
            case Decimal: {
                ArrowType.Decimal d = (ArrowType.Decimal) type;
                int p = d.getPrecision();
                int s = d.getScale();
                return new ColumnType(Types.DECIMAL, "DECIMAL", p, s, p + (s > 0 ? 2 : 1), BigDecimal.class,
                        true, true, false);
            }
            case Utf8:
            case LargeUtf8:
                return VARCHAR;
            case Binary:
            case LargeBinary:
                return VARBINARY;
            case FixedSizeBinary: {
                int n = ((ArrowType.FixedSizeBinary) type).getByteWidth();
                return new ColumnType(Types.BINARY, "BINARY", n, 0, 2 * n, byte[].class, false, false, true);
            }
            case Date:
                return DATE;
            case Time: {
                int digits = fractionDigits(((ArrowType.Time) type).getUnit());
                int width = 8 + (digits > 0 ? digits + 1 : 0);
                return new ColumnType(Types.TIME, "TIME", width, digits, width, LocalTime.class,
                        false, false, false);
            }
            case Timestamp: {
                ArrowType.Timestamp ts = (ArrowType.Timestamp) type;
                int digits = fractionDigits(ts.getUnit());
                int width = 19 + (digits > 0 ? digits + 1 : 0);
                if (ts.getTimezone() == null) {
                    return new ColumnType(Types.TIMESTAMP, "TIMESTAMP", width, digits, width,
                            LocalDateTime.class, false, false, false);
                }
                // "+HH:MM" follows the local date-time in getString.
                return new ColumnType(Types.TIMESTAMP_WITH_TIMEZONE, "TIMESTAMP WITH TIME ZONE", width + 6, digits,
                        width + 6, OffsetDateTime.class, false, false, false);
            }
            default:
                return UNSUPPORTED;
        }
    }

    private static ColumnType ofInt(ArrowType.Int type) {
        boolean signed = type.getIsSigned();
        switch (type.getBitWidth()) {
            case 8:
                return signed ? TINYINT : SMALLINT;
            case 16:
                return signed ? SMALLINT : INTEGER;
            case 32:
                return signed ? INTEGER : BIGINT;
            case 64:
                return signed ? BIGINT : UINT64;
            default:
                return UNSUPPORTED;
        }
    }

    /** Fractional-second digits JDBC shows for a unit: nanoseconds are truncated to microseconds (the manual). */
    public static int fractionDigits(TimeUnit unit) {
        switch (unit) {
            case SECOND:
                return 0;
            case MILLISECOND:
                return 3;
            default:
                return 6;
        }
    }

    private static ColumnType array(ColumnType element) {
        return new ColumnType(Types.ARRAY, "ARRAY<" + element.sqlName() + ">", 0, 0, UNBOUNDED, Array.class,
                false, false, false);
    }

    private static ColumnType struct(List<Field> children) {
        StringJoiner name = new StringJoiner(",", "STRUCT<", ">");
        for (Field child : children) {
            name.add(child.getName() + ":" + of(child).sqlName());
        }
        return new ColumnType(Types.STRUCT, children.isEmpty() ? "STRUCT" : name.toString(), 0, 0, UNBOUNDED,
                Struct.class, false, false, false);
    }

    private static ColumnType map(Field field) {
        // A map field holds one struct child ("entries") whose two children are the key and the value.
        List<Field> entry = field.getChildren().isEmpty() ? List.of() : field.getChildren().get(0).getChildren();
        String name = entry.size() == 2
                ? "MAP<" + of(entry.get(0)).sqlName() + "," + of(entry.get(1)).sqlName() + ">"
                : "MAP";
        return new ColumnType(Types.OTHER, name, 0, 0, UNBOUNDED, Map.class, false, false, false);
    }
}
