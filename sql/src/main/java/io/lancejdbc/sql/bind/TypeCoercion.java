package io.lancejdbc.sql.bind;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.expr.Call;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.expr.Functions;
import io.lancejdbc.sql.expr.Literal;
import io.lancejdbc.sql.types.TypeNames;
import io.lancejdbc.sql.types.Types;
import java.util.Objects;
import java.util.Optional;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Implicit type rules: the common type two operands are compared or combined in, and the casts that bring an
 * expression to a type (folded at planning time for literals, so that pushed predicates carry typed literals).
 */
public final class TypeCoercion {
    private TypeCoercion() {
    }

    /**
     * The type two operands of a comparison, CASE branch or set operation meet in.
     *
     * @throws SqlError 42804 when the types cannot be compared
     */
    public static ArrowType commonType(ArrowType a, ArrowType b, String context) {
        Optional<ArrowType> t = tryCommonType(a, b);
        if (t.isEmpty()) {
            throw new SqlError(SqlState.DATATYPE_MISMATCH, "Cannot compare or combine " + name(a) + " with "
                    + name(b) + " in " + context + "; add an explicit CAST");
        }
        return t.get();
    }

    /** The common type, or empty when there is none. */
    public static Optional<ArrowType> tryCommonType(ArrowType a, ArrowType b) {
        if (a.equals(b)) {
            return Optional.of(a);
        }
        if (Types.isNull(a)) {
            return Optional.of(b);
        }
        if (Types.isNull(b)) {
            return Optional.of(a);
        }
        if (Types.isNumeric(a) && Types.isNumeric(b)) {
            return Optional.of(numericCommon(a, b));
        }
        if (Types.isString(a) && Types.isString(b)) {
            return Optional.of(Types.UTF8);
        }
        if (Types.isBinary(a) && Types.isBinary(b)) {
            return Optional.of(Types.BINARY);
        }
        if (Types.isString(a) && (Types.isTemporal(b) || Types.isNumeric(b) || b instanceof ArrowType.Bool)) {
            return Optional.of(b);
        }
        if (Types.isString(b) && (Types.isTemporal(a) || Types.isNumeric(a) || a instanceof ArrowType.Bool)) {
            return Optional.of(a);
        }
        if (a instanceof ArrowType.Date && b instanceof ArrowType.Date) {
            return Optional.of(Types.DATE);
        }
        if ((a instanceof ArrowType.Date || a instanceof ArrowType.Timestamp)
                && (b instanceof ArrowType.Date || b instanceof ArrowType.Timestamp)) {
            String tz = a instanceof ArrowType.Timestamp ? ((ArrowType.Timestamp) a).getTimezone() : null;
            if (tz == null && b instanceof ArrowType.Timestamp) {
                tz = ((ArrowType.Timestamp) b).getTimezone();
            }
            return Optional.of(new ArrowType.Timestamp(TimeUnit.MICROSECOND, tz == null ? null : "UTC"));
        }
        if (a instanceof ArrowType.Time && b instanceof ArrowType.Time) {
            return Optional.of(Types.TIME_US);
        }
        if (a instanceof ArrowType.Bool && b instanceof ArrowType.Bool) {
            return Optional.of(Types.BOOL);
        }
        return Optional.empty();
    }

    /** The type numeric operands are combined in (integers → int64, floats → float64, decimals widened). */
    public static ArrowType numericCommon(ArrowType a, ArrowType b) {
        if (Types.isFloating(a) || Types.isFloating(b)) {
            return Types.FLOAT64;
        }
        if (Types.isDecimal(a) || Types.isDecimal(b) || isUint64(a) || isUint64(b)) {
            ArrowType.Decimal da = asDecimal(a);
            ArrowType.Decimal db = asDecimal(b);
            int scale = Math.max(da.getScale(), db.getScale());
            int intDigits = Math.max(da.getPrecision() - da.getScale(), db.getPrecision() - db.getScale());
            int precision = Math.min(38, intDigits + scale);
            return Types.decimal(precision, Math.min(scale, precision));
        }
        return Types.INT64;
    }

    /** The exact decimal view of a numeric integer or decimal type. */
    public static ArrowType.Decimal asDecimal(ArrowType t) {
        if (t instanceof ArrowType.Decimal) {
            return (ArrowType.Decimal) t;
        }
        if (t instanceof ArrowType.Int) {
            return Types.integerAsDecimal((ArrowType.Int) t);
        }
        throw new IllegalArgumentException("not an exact numeric type: " + t);
    }

    public static boolean isUint64(ArrowType t) {
        return t instanceof ArrowType.Int && !((ArrowType.Int) t).getIsSigned()
                && ((ArrowType.Int) t).getBitWidth() == 64;
    }

    /**
     * {@code e} brought to {@code target}: unchanged when the type already matches, a folded literal for constants,
     * else a {@code cast} call.
     *
     * @throws SqlError 22018 / 22007 when a literal does not convert
     */
    public static Expr coerce(Expr e, ArrowType target) {
        Field t = e.type();
        if (t.getType().equals(target) || Types.isNull(target)) {
            return e;
        }
        if (e instanceof Literal) {
            return LiteralCasts.cast((Literal) e, target, false);
        }
        if (e instanceof io.lancejdbc.sql.expr.ParamRef && Types.isNull(t.getType())) {
            // A parameter takes the type its context asks for (PreparedStatement.getParameterMetaData).
            return new io.lancejdbc.sql.expr.ParamRef(((io.lancejdbc.sql.expr.ParamRef) e).index(), Types.of(target, true));
        }
        return new Call(Functions.CAST, java.util.List.of(e), Types.of(target, t.isNullable()));
    }

    /** True when every value of {@code from} is exactly representable in {@code to}. */
    public static boolean isLosslessWidening(ArrowType from, ArrowType to) {
        if (from.equals(to)) {
            return true;
        }
        if (from instanceof ArrowType.Int && to instanceof ArrowType.Int) {
            ArrowType.Int f = (ArrowType.Int) from;
            ArrowType.Int g = (ArrowType.Int) to;
            if (f.getIsSigned() == g.getIsSigned()) {
                return g.getBitWidth() >= f.getBitWidth();
            }
            return !f.getIsSigned() && g.getIsSigned() && g.getBitWidth() > f.getBitWidth();
        }
        if (from instanceof ArrowType.Int && to instanceof ArrowType.Decimal) {
            ArrowType.Decimal d = Types.integerAsDecimal((ArrowType.Int) from);
            ArrowType.Decimal g = (ArrowType.Decimal) to;
            return g.getPrecision() - g.getScale() >= d.getPrecision();
        }
        if (from instanceof ArrowType.FloatingPoint && to instanceof ArrowType.FloatingPoint) {
            return precisionRank(((ArrowType.FloatingPoint) to).getPrecision())
                    >= precisionRank(((ArrowType.FloatingPoint) from).getPrecision());
        }
        if (from instanceof ArrowType.Decimal && to instanceof ArrowType.Decimal) {
            ArrowType.Decimal f = (ArrowType.Decimal) from;
            ArrowType.Decimal g = (ArrowType.Decimal) to;
            return g.getScale() >= f.getScale() && g.getPrecision() - g.getScale() >= f.getPrecision() - f.getScale();
        }
        if (Types.isString(from) && Types.isString(to)) {
            return true;
        }
        return false;
    }

    private static int precisionRank(FloatingPointPrecision p) {
        return p == FloatingPointPrecision.HALF ? 0 : p == FloatingPointPrecision.SINGLE ? 1 : 2;
    }

    /** A short SQL name of a type for messages. */
    public static String name(ArrowType t) {
        return TypeNames.sqlName(Types.of(t, true));
    }

    static void requireBoolean(Expr e, String context) {
        ArrowType t = e.type().getType();
        if (!(t instanceof ArrowType.Bool) && !Types.isNull(t)) {
            throw new SqlError(SqlState.DATATYPE_MISMATCH, Objects.requireNonNull(context) + " must be a boolean"
                    + " expression, but " + e.sql() + " is " + name(t));
        }
    }
}
