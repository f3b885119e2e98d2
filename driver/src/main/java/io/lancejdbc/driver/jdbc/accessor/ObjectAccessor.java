package io.lancejdbc.driver.jdbc.accessor;

import io.lancejdbc.driver.jdbc.ColumnType;
import io.lancejdbc.driver.jdbc.LanceArray;
import io.lancejdbc.driver.jdbc.NestedText;
import io.lancejdbc.driver.jdbc.TemporalText;
import io.lancejdbc.driver.jdbc.TextConversions;
import io.lancejdbc.engine.types.FloatText;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.sql.Array;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.Calendar;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * One column of an in-memory result (DatabaseMetaData rows, {@code Array.getResultSet()}): the values are Java
 * objects of the column's JDBC class, converted by their runtime class the same way the Arrow accessors convert.
 */
public final class ObjectAccessor extends ColumnAccessor {
    private final List<Object[]> rows;
    private final int index;

    /**
     * @param rows the rows of the result; each row holds one value per column
     * @param index the 0-based column index
     */
    public ObjectAccessor(List<Object[]> rows, int index, String column, ColumnType type) {
        super(column, type);
        this.rows = rows;
        this.index = index;
    }

    private Object value(int row) {
        return rows.get(row)[index];
    }

    @Override
    public boolean isNull(int row) {
        return value(row) == null;
    }

    @Override
    public Object getObject(int row) {
        return value(row);
    }

    @Override
    public String getString(int row) {
        Object v = value(row);
        if (v instanceof BigDecimal) {
            return ((BigDecimal) v).toPlainString();
        } else if (v instanceof byte[]) {
            return HexFormat.of().formatHex((byte[]) v);
        } else if (v instanceof LocalDateTime) {
            return TemporalText.dateTime((LocalDateTime) v, type.scale());
        } else if (v instanceof LocalTime) {
            return TemporalText.time((LocalTime) v, type.scale());
        } else if (v instanceof OffsetDateTime) {
            OffsetDateTime o = (OffsetDateTime) v;
            return TemporalText.dateTime(o.toLocalDateTime(), o.getOffset(), type.scale());
        } else if (v instanceof Map) {
            StringBuilder out = new StringBuilder();
            NestedText.appendMap(out, (Map<?, ?>) v);
            return out.toString();
        } else if (v instanceof Double) {
            return FloatText.format((double) (Double) v);
        } else if (v instanceof Float) {
            return FloatText.format((float) (Float) v);
        }
        return String.valueOf(v);
    }

    @Override
    public boolean getBoolean(int row) throws SQLException {
        Object v = value(row);
        if (v instanceof Boolean) {
            return (Boolean) v;
        } else if (v instanceof Number) {
            return getDouble(row) != 0;
        } else if (v instanceof String) {
            return TextConversions.toBoolean((String) v, this);
        }
        throw conversion("boolean");
    }

    @Override
    public long getLong(int row) throws SQLException {
        Object v = value(row);
        if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
            return ((Number) v).longValue();
        } else if (v instanceof Number) {
            BigDecimal d = getBigDecimal(row);
            try {
                return d.setScale(0, RoundingMode.DOWN).longValueExact();
            } catch (ArithmeticException e) {
                throw outOfRange(d.toPlainString(), "long");
            }
        } else if (v instanceof Boolean) {
            return (Boolean) v ? 1 : 0;
        } else if (v instanceof String) {
            return TextConversions.toLong((String) v, this);
        }
        throw conversion("long");
    }

    @Override
    public double getDouble(int row) throws SQLException {
        Object v = value(row);
        if (v instanceof Number) {
            return ((Number) v).doubleValue();
        } else if (v instanceof Boolean) {
            return (Boolean) v ? 1 : 0;
        } else if (v instanceof String) {
            return TextConversions.toDouble((String) v, this);
        }
        throw conversion("double");
    }

    @Override
    public BigDecimal getBigDecimal(int row) throws SQLException {
        Object v = value(row);
        if (v instanceof BigDecimal) {
            return (BigDecimal) v;
        } else if (v instanceof BigInteger) {
            return new BigDecimal((BigInteger) v);
        } else if (v instanceof Float || v instanceof Double) {
            double d = ((Number) v).doubleValue();
            if (!Double.isFinite(d)) {
                throw outOfRange(getString(row), "BigDecimal");
            }
            return v instanceof Float ? FloatText.shortestDecimal((float) d) : FloatText.shortestDecimal(d);
        } else if (v instanceof Number) {
            return BigDecimal.valueOf(((Number) v).longValue());
        } else if (v instanceof Boolean) {
            return (Boolean) v ? BigDecimal.ONE : BigDecimal.ZERO;
        } else if (v instanceof String) {
            return TextConversions.toBigDecimal((String) v, this);
        }
        throw conversion("BigDecimal");
    }

    @Override
    public byte[] getBytes(int row) throws SQLException {
        Object v = value(row);
        if (v instanceof byte[]) {
            return ((byte[]) v).clone();
        }
        throw conversion("byte[]");
    }

    @Override
    public LocalDate getLocalDate(int row) throws SQLException {
        Object v = value(row);
        if (v instanceof LocalDate) {
            return (LocalDate) v;
        } else if (v instanceof LocalDateTime) {
            return ((LocalDateTime) v).toLocalDate();
        } else if (v instanceof String) {
            return TextConversions.toLocalDate((String) v, this);
        }
        throw conversion("LocalDate");
    }

    @Override
    public LocalTime getLocalTime(int row) throws SQLException {
        Object v = value(row);
        if (v instanceof LocalTime) {
            return (LocalTime) v;
        } else if (v instanceof LocalDateTime) {
            return ((LocalDateTime) v).toLocalTime();
        } else if (v instanceof String) {
            return TextConversions.toLocalTime((String) v, this);
        }
        throw conversion("LocalTime");
    }

    @Override
    public LocalDateTime getLocalDateTime(int row) throws SQLException {
        Object v = value(row);
        if (v instanceof LocalDateTime) {
            return (LocalDateTime) v;
        } else if (v instanceof LocalDate) {
            return ((LocalDate) v).atStartOfDay();
        } else if (v instanceof OffsetDateTime) {
            // an instant renders in the JVM zone, as TimestampAccessor does for zoned columns
            return LocalDateTime.ofInstant(((OffsetDateTime) v).toInstant(), java.time.ZoneId.systemDefault());
        } else if (v instanceof String) {
            return TextConversions.toLocalDateTime((String) v, this);
        }
        throw conversion("LocalDateTime");
    }

    @Override
    public OffsetDateTime getOffsetDateTime(int row) throws SQLException {
        Object v = value(row);
        if (v instanceof OffsetDateTime) {
            return (OffsetDateTime) v;
        } else if (v instanceof String) {
            return TextConversions.toOffsetDateTime((String) v, this);
        }
        throw conversion("OffsetDateTime");
    }

    @Override
    public Instant getInstant(int row) throws SQLException {
        Object v = value(row);
        if (v instanceof OffsetDateTime) {
            return ((OffsetDateTime) v).toInstant();
        }
        throw conversion("Instant");
    }

    @Override
    public Timestamp getTimestamp(int row, Calendar calendar) throws SQLException {
        if (value(row) instanceof OffsetDateTime) {
            return Timestamp.from(getInstant(row));
        }
        return super.getTimestamp(row, calendar);
    }

    @Override
    public Array getArray(int row) throws SQLException {
        Object v = value(row);
        if (v instanceof Array) {
            return (Array) v;
        }
        throw conversion("java.sql.Array");
    }

    @Override
    public Object getPrimitiveArray(int row, Class<?> arrayClass) throws SQLException {
        Object v = value(row);
        if (!(v instanceof LanceArray)) {
            throw conversion(arrayClass.getSimpleName());
        }
        Object[] elements = ((LanceArray) v).elements();
        Object out = java.lang.reflect.Array.newInstance(arrayClass.getComponentType(), elements.length);
        for (int i = 0; i < elements.length; i++) {
            if (elements[i] == null) {
                throw LanceArray.nullElement(column, i);
            }
            if (!(elements[i] instanceof Number)) {
                throw conversion(arrayClass.getSimpleName());
            }
            Number n = (Number) elements[i];
            if (arrayClass == float[].class) {
                ((float[]) out)[i] = n.floatValue();
            } else if (arrayClass == double[].class) {
                ((double[]) out)[i] = n.doubleValue();
            } else if (arrayClass == long[].class) {
                ((long[]) out)[i] = n.longValue();
            } else if (arrayClass == int[].class) {
                ((int[]) out)[i] = n.intValue();
            } else {
                throw conversion(arrayClass.getSimpleName() + " (supported: float[], double[], long[], int[])");
            }
        }
        return out;
    }

    @Override
    public void appendNested(StringBuilder out, int row) {
        NestedText.appendValue(out, value(row));
    }
}
