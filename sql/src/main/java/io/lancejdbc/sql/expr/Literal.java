package io.lancejdbc.sql.expr;

import io.lancejdbc.sql.types.Types;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * A constant. Java representation by Arrow type: Bool → Boolean; Int → Long; FloatingPoint → Double;
 * Decimal → BigDecimal (scale equals the type's scale); Utf8 → String; Binary → byte[]; Date → LocalDate;
 * Time → LocalTime; naive Timestamp → LocalDateTime; zoned Timestamp → Instant; List → {@code List<Object>} or
 * float[]/double[] (vectors); Null or any type → null for SQL NULL.
 *
 * @param value the value in the representation above, or null
 * @param type the literal's type; nullable exactly when {@code value} is null
 */
public record Literal(Object value, Field type) implements Expr {
    public Literal {
        Objects.requireNonNull(type, "type");
    }

    /** A NULL of the given type. */
    public static Literal nullOf(ArrowType type) {
        return new Literal(null, Types.of(type, true));
    }

    public static Literal ofBoolean(boolean b) {
        return new Literal(b, Types.of(Types.BOOL, false));
    }

    public static Literal ofLong(long v) {
        return new Literal(v, Types.of(Types.INT64, false));
    }

    public static Literal ofString(String s) {
        return new Literal(s, Types.of(Types.UTF8, false));
    }

    public boolean isNull() {
        return value == null;
    }

    @Override
    public String sql() {
        if (value == null) {
            return "NULL";
        }
        if (value instanceof String) {
            return "'" + ((String) value).replace("'", "''") + "'";
        }
        if (value instanceof BigDecimal) {
            return ((BigDecimal) value).toPlainString();
        }
        if (value instanceof Long && (Long) value < 0 && type.getType() instanceof org.apache.arrow.vector.types.pojo.ArrowType.Int
                && !((org.apache.arrow.vector.types.pojo.ArrowType.Int) type.getType()).getIsSigned()) {
            // uint64 values above 2^63-1 are held as their two's complement bits.
            return Long.toUnsignedString((Long) value);
        }
        if (value instanceof LocalDate) {
            return "DATE '" + value + "'";
        }
        if (value instanceof LocalDateTime) {
            return "TIMESTAMP '" + value.toString().replace('T', ' ') + "'";
        }
        if (value instanceof Instant) {
            return "TIMESTAMP '" + value + "'";
        }
        if (value instanceof LocalTime) {
            return "TIME '" + value + "'";
        }
        if (value instanceof byte[]) {
            StringBuilder sb = new StringBuilder("X'");
            for (byte b : (byte[]) value) {
                sb.append(String.format("%02X", b));
            }
            return sb.append('\'').toString();
        }
        if (value instanceof float[]) {
            return Arrays.toString((float[]) value);
        }
        if (value instanceof double[]) {
            return Arrays.toString((double[]) value);
        }
        if (value instanceof List) {
            return value.toString();
        }
        return String.valueOf(value);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Literal)) {
            return false;
        }
        Literal l = (Literal) o;
        if (!type.equals(l.type)) {
            return false;
        }
        return Objects.deepEquals(value, l.value);
    }

    @Override
    public int hashCode() {
        return Objects.hash(type, value instanceof byte[] ? Arrays.hashCode((byte[]) value) : value);
    }
}
