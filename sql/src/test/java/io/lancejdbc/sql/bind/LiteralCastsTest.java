package io.lancejdbc.sql.bind;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.lancejdbc.sql.types.Types;
import java.math.BigDecimal;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.Test;

/** Casts of constants found wrong by the differential suite's rules D10 and D12 (docs/dialect-differences.md). */
class LiteralCastsTest {
    private static final ArrowType REAL = new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
    private static final ArrowType HALF = new ArrowType.FloatingPoint(FloatingPointPrecision.HALF);
    private static final ArrowType INT = new ArrowType.Int(32, true);
    private static final ArrowType BIGINT = new ArrowType.Int(64, true);

    @Test
    void textCastToRealIsTheNearestFloat() {
        assertEquals((double) -2.14748365E9f, LiteralCasts.convert("-2.14748365E9", Types.UTF8, REAL));
        assertEquals((double) -92.9f, LiteralCasts.convert("-92.9", Types.UTF8, REAL));
    }

    @Test
    void doubleAndDecimalCastToRealAreTheNearestFloat() {
        assertEquals((double) 0.1f, LiteralCasts.convert(0.1, Types.FLOAT64, REAL));
        assertEquals((double) 0.1f, LiteralCasts.convert(new BigDecimal("0.1"), new ArrowType.Decimal(2, 1, 128),
                REAL));
        assertEquals(65504.0, LiteralCasts.convert(65504.2, Types.FLOAT64, HALF));
    }

    @Test
    void realCastToIntegerUsesTheFloatsExactValue() {
        // The text of the float (-2.14748365E9) is out of INT range; the float itself is -2^31.
        assertEquals(-2_147_483_648L, LiteralCasts.convert((double) -2.14748365E9f, REAL, INT));
        assertEquals(Long.MIN_VALUE, LiteralCasts.convert((double) -9.223372E18f, REAL, BIGINT));
    }

    @Test
    void doubleCastToBigintUsesTheExactValue() {
        // Double.toString gives 9.2233720368547748E18; the double is 9223372036854774784.
        assertEquals(9_223_372_036_854_774_784L, LiteralCasts.convert(9.223372036854775E18, Types.FLOAT64, BIGINT));
        assertEquals(-4_503_599_627_370_496L, LiteralCasts.convert(-4503599627370495.5, Types.FLOAT64, BIGINT));
        assertEquals(0L, LiteralCasts.convert(0.49999999999999994, Types.FLOAT64, BIGINT));
    }

    @Test
    void aDecimalConstantThatIsAFloatsTextIsExactAsReal() {
        assertEquals((double) -705.46f, LiteralCasts.exact(new io.lancejdbc.sql.expr.Literal(new BigDecimal(
                "-705.46"), Types.of(new ArrowType.Decimal(5, 2, 128), false)), REAL).orElseThrow().value());
    }
}
