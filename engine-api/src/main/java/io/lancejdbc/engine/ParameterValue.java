package io.lancejdbc.engine;

import java.util.Objects;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * A value bound to a {@code ?} parameter, typed the way the engine sees literals.
 *
 * <p>Java representations by type: {@code Bool} → Boolean; {@code Int} → Long (any width; BigInteger for uint64
 * beyond Long); {@code FloatingPoint} → Double or Float; {@code Decimal} → BigDecimal; {@code Utf8} → String;
 * {@code Binary} → byte[]; {@code Date} → java.time.LocalDate; {@code Time} → java.time.LocalTime;
 * {@code Timestamp} without zone → java.time.LocalDateTime, with zone → java.time.Instant;
 * {@code FixedSizeList}/{@code List} of floats → float[] or double[]; {@code Null} → null.
 *
 * @param value the value, null only for SQL NULL
 * @param type the Arrow type of the value, not null ({@code ArrowType.Null} for an untyped NULL)
 */
public record ParameterValue(Object value, ArrowType type) {
    public ParameterValue {
        Objects.requireNonNull(type, "type");
    }
}
