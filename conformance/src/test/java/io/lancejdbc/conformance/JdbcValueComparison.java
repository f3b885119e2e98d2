package io.lancejdbc.conformance;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Array;
import java.sql.SQLException;
import java.sql.Struct;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Compares a value read through JDBC ({@code ResultSet.getObject}) with the logical value of the same Arrow slot
 * ({@code ArrowLogicalValues.read}), by the driver's documented type mapping (docs/jdbc-driver.md, "Types"):
 * int8/int16/int32 and uint8/uint16 as Integer, int64 and uint32 as Long, uint64 as BigDecimal of scale 0, float16
 * and float32 as Float, decimals as BigDecimal with the column's scale, binaries as byte[], dates as LocalDate,
 * times and naive timestamps as LocalTime/LocalDateTime and zoned timestamps as OffsetDateTime in the column's zone,
 * all three truncated to microseconds (TIME(6)/DATETIME(6)), lists as {@link Array}, structs as {@link Struct},
 * maps as {@link Map} in entry order.
 */
public final class JdbcValueComparison {
    private JdbcValueComparison() {
    }

    /**
     * @param field the Arrow field of the value (its type decides the expected JDBC class and conversion)
     * @param expected the logical value ({@code null} for NULL)
     * @param actual what {@code getObject} returned
     * @return a description of the first difference, or empty when the values agree
     */
    public static Optional<String> mismatch(Field field, Object expected, Object actual) {
        try {
            return Optional.ofNullable(compare(field, expected, actual));
        } catch (SQLException e) {
            return Optional.of("reading the nested value failed: " + e);
        }
    }

    private static String compare(Field field, Object expected, Object actual) throws SQLException {
        if (expected == null || actual == null) {
            return expected == actual ? null : differ(expected, actual);
        }
        ArrowType type = field.getType();
        Object want = switch (type.getTypeID()) {
            case Bool, Utf8, LargeUtf8, Decimal, Date -> expected;
            case Int -> integer((ArrowType.Int) type, expected);
            case FloatingPoint -> ((ArrowType.FloatingPoint) type).getPrecision() == FloatingPointPrecision.DOUBLE
                    ? expected : (Object) ((Number) expected).floatValue();
            case Binary, LargeBinary, FixedSizeBinary -> expected;
            case Time -> ((LocalTime) expected).truncatedTo(ChronoUnit.MICROS);
            case Timestamp -> timestamp((ArrowType.Timestamp) type, expected);
            case List, LargeList, FixedSizeList -> list(field, (List<?>) expected, actual);
            case Struct -> struct(field, (Map<?, ?>) expected, actual);
            case Map -> map(field, (Map<?, ?>) expected, actual);
            default -> throw new IllegalArgumentException("no JDBC expectation for " + field);
        };
        if (want instanceof Nested nested) {
            return nested.mismatch;
        }
        if (!want.getClass().equals(actual.getClass())) {
            return "expected a " + want.getClass().getSimpleName() + " " + render(want) + " but got a "
                    + actual.getClass().getName() + " " + render(actual);
        }
        if (want instanceof byte[] w) {
            return Arrays.equals(w, (byte[]) actual) ? null : differ(want, actual);
        }
        return Objects.equals(want, actual) ? null : differ(want, actual);
    }

    /** The result of comparing a nested value: {@code mismatch} is null when equal. */
    private record Nested(String mismatch) {
    }

    private static Object integer(ArrowType.Int type, Object expected) {
        long v = expected instanceof BigInteger b ? b.longValue() : ((Number) expected).longValue();
        int bits = type.getBitWidth();
        if (!type.getIsSigned() && bits == 64) {
            return new BigDecimal((BigInteger) expected);
        }
        boolean asLong = bits == 64 || (!type.getIsSigned() && bits == 32);
        return asLong ? (Object) v : (Object) Math.toIntExact(v);
    }

    private static Object timestamp(ArrowType.Timestamp type, Object expected) {
        if (type.getTimezone() == null) {
            return ((LocalDateTime) expected).truncatedTo(ChronoUnit.MICROS);
        }
        Instant instant = ((Instant) expected).truncatedTo(ChronoUnit.MICROS);
        return OffsetDateTime.ofInstant(instant, ZoneId.of(type.getTimezone()));
    }

    private static Nested list(Field field, List<?> expected, Object actual) throws SQLException {
        if (!(actual instanceof Array array)) {
            return new Nested("expected a java.sql.Array but got " + actual.getClass().getName());
        }
        Object[] elements = (Object[]) array.getArray();
        if (elements.length != expected.size()) {
            return new Nested("expected " + expected.size() + " elements " + expected + " but got "
                    + elements.length + " " + Arrays.toString(elements));
        }
        Field element = field.getChildren().get(0);
        for (int i = 0; i < elements.length; i++) {
            String m = compare(element, expected.get(i), elements[i]);
            if (m != null) {
                return new Nested("element " + (i + 1) + ": " + m);
            }
        }
        return new Nested(null);
    }

    private static Nested struct(Field field, Map<?, ?> expected, Object actual) throws SQLException {
        if (!(actual instanceof Struct struct)) {
            return new Nested("expected a java.sql.Struct but got " + actual.getClass().getName());
        }
        Object[] attributes = struct.getAttributes();
        List<Field> children = field.getChildren();
        if (attributes.length != children.size()) {
            return new Nested("expected " + children.size() + " attributes but got " + attributes.length);
        }
        for (int i = 0; i < attributes.length; i++) {
            Field child = children.get(i);
            String m = compare(child, expected.get(child.getName()), attributes[i]);
            if (m != null) {
                return new Nested("attribute " + child.getName() + ": " + m);
            }
        }
        return new Nested(null);
    }

    private static Nested map(Field field, Map<?, ?> expected, Object actual) throws SQLException {
        if (!(actual instanceof Map<?, ?> got)) {
            return new Nested("expected a java.util.Map but got " + actual.getClass().getName());
        }
        if (got.size() != expected.size()) {
            return new Nested("expected " + expected.size() + " entries " + expected + " but got " + got);
        }
        List<Field> kv = field.getChildren().get(0).getChildren();
        Iterator<? extends Map.Entry<?, ?>> g = got.entrySet().iterator();
        for (Map.Entry<?, ?> e : expected.entrySet()) {
            Map.Entry<?, ?> a = g.next();
            String m = compare(kv.get(0), e.getKey(), a.getKey());
            if (m == null) {
                m = compare(kv.get(1), e.getValue(), a.getValue());
            }
            if (m != null) {
                return new Nested("entry " + e.getKey() + ": " + m);
            }
        }
        return new Nested(null);
    }

    private static String differ(Object expected, Object actual) {
        return "expected " + render(expected) + " but got " + render(actual);
    }

    /** A readable form of a value: byte arrays as hex. */
    public static String render(Object value) {
        if (value instanceof byte[] b) {
            return "0x" + HexFormat.of().formatHex(b);
        }
        if (value instanceof Object[] a) {
            List<String> parts = new ArrayList<>();
            for (Object o : a) {
                parts.add(render(o));
            }
            return parts.toString();
        }
        return String.valueOf(value);
    }
}
