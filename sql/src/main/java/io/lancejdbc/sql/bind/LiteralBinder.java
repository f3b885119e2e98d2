package io.lancejdbc.sql.bind;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.expr.Literal;
import io.lancejdbc.sql.types.Types;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import net.sf.jsqlparser.expression.ArrayConstructor;
import net.sf.jsqlparser.expression.BooleanValue;
import net.sf.jsqlparser.expression.DateValue;
import net.sf.jsqlparser.expression.DoubleValue;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.HexValue;
import net.sf.jsqlparser.expression.JdbcParameter;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.NullValue;
import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.expression.TimeKeyExpression;
import net.sf.jsqlparser.expression.TimestampValue;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Constants: numeric, string, boolean, NULL, hexadecimal, DATE / TIMESTAMP literals, {@code ?} parameters, the
 * statement clock's CURRENT_DATE / CURRENT_TIMESTAMP / NOW() / CURRENT_TIME (fixed per statement), and array
 * constructors of constants. An integer literal is BIGINT, or DECIMAL(p, 0) beyond BIGINT up to 38 digits; a
 * decimal literal is DECIMAL (exact, as in standard SQL), one with an exponent DOUBLE.
 */
final class LiteralBinder {
    private LiteralBinder() {
    }

    /** {@code e} bound as a constant, or null when {@code e} is not one of the constant forms. */
    static Expr bindOrNull(Expression e, ExpressionBinder b) {
        if (e instanceof LongValue) {
            return longValue((LongValue) e);
        }
        if (e instanceof DoubleValue) {
            return decimalOrDouble(e.toString());
        }
        if (e instanceof StringValue) {
            return Literal.ofString(((StringValue) e).getNotExcapedValue());
        }
        if (e instanceof NullValue) {
            return Literal.nullOf(Types.NULL);
        }
        if (e instanceof BooleanValue) {
            return Literal.ofBoolean(((BooleanValue) e).getValue());
        }
        if (e instanceof HexValue) {
            // JSqlParser keeps the whitespace that follows the literal in some positions ("X'01' <= b").
            String h = ((HexValue) e).getValue().strip();
            String digits = h.replaceAll("(?i)^x'|'$|^0x", "");
            try {
                return new Literal(HexFormat.of().parseHex(digits), Types.of(Types.BINARY, false));
            } catch (IllegalArgumentException ex) {
                throw new SqlError(SqlState.SYNTAX_ERROR, "Invalid hexadecimal literal " + h);
            }
        }
        if (e instanceof DateValue) {
            return new Literal(((DateValue) e).getValue().toLocalDate(), Types.of(Types.DATE, false));
        }
        if (e instanceof TimestampValue) {
            return new Literal(((TimestampValue) e).getValue().toLocalDateTime(), Types.of(Types.TIMESTAMP_US, false));
        }
        if (e instanceof JdbcParameter) {
            Integer idx = ((JdbcParameter) e).getIndex();
            return b.ctx.parameter(idx == null ? 0 : idx - 1);
        }
        if (e instanceof TimeKeyExpression) {
            return timeKey((TimeKeyExpression) e, b.ctx);
        }
        if (e instanceof ArrayConstructor) {
            return arrayConstructor((ArrayConstructor) e, b);
        }
        return null;
    }

    private static Expr timeKey(TimeKeyExpression e, BindContext ctx) {
        String k = e.getStringValue().toUpperCase(Locale.ROOT).replace("()", "");
        switch (k) {
            case "CURRENT_DATE":
                return new Literal(LocalDate.now(ctx.clock), Types.of(Types.DATE, false));
            case "CURRENT_TIMESTAMP":
            case "NOW":
            case "LOCALTIMESTAMP":
                return new Literal(LocalDateTime.now(ctx.clock).withNano(
                        LocalDateTime.now(ctx.clock).getNano() / 1000 * 1000), Types.of(Types.TIMESTAMP_US, false));
            case "CURRENT_TIME":
                return new Literal(java.time.LocalTime.now(ctx.clock), Types.of(Types.TIME_US, false));
            default:
                throw new SqlError(SqlState.UNSUPPORTED_SQL, k + " is not supported");
        }
    }

    private static Expr longValue(LongValue v) {
        String s = v.getStringValue();
        try {
            return Literal.ofLong(Long.parseLong(s));
        } catch (NumberFormatException ex) {
            BigInteger b = new BigInteger(s);
            int digits = b.abs().toString().length();
            if (digits > 38) {
                throw new SqlError(SqlState.NUMERIC_OUT_OF_RANGE, "Integer literal " + s + " has more than 38 digits");
            }
            return new Literal(new BigDecimal(b), Types.of(Types.decimal(Math.max(digits, 1), 0), false));
        }
    }

    /** {@code 1.50} is DECIMAL(3,2) (exact, as in standard SQL); {@code 1e3} is DOUBLE. */
    static Expr decimalOrDouble(String text) {
        if (text.contains("e") || text.contains("E")) {
            return new Literal(Double.parseDouble(text), Types.of(Types.FLOAT64, false));
        }
        BigDecimal d = new BigDecimal(text);
        int precision = Math.max(d.precision(), d.scale() + 1);
        if (precision > 38) {
            return new Literal(d.doubleValue(), Types.of(Types.FLOAT64, false));
        }
        return new Literal(d, Types.of(Types.decimal(precision, Math.max(d.scale(), 0)), false));
    }

    /** {@code [1, 2.5]}: a LIST literal whose elements take their common type (INT when all are NULL). */
    private static Expr arrayConstructor(ArrayConstructor a, ExpressionBinder b) {
        List<Object> values = new ArrayList<>();
        ArrowType elem = Types.NULL;
        for (Expression x : a.getExpressions()) {
            Expr v = b.bind(x);
            if (!(v instanceof Literal)) {
                throw new SqlError(SqlState.UNSUPPORTED_SQL, "Array constructors may hold constants only: " + a);
            }
            elem = TypeCoercion.commonType(elem, v.type().getType(), "array constructor");
        }
        for (Expression x : a.getExpressions()) {
            Literal v = (Literal) TypeCoercion.coerce(b.bind(x), elem);
            values.add(v.value());
        }
        if (Types.isNull(elem)) {
            elem = Types.INT32;
        }
        return new Literal(values, Types.list("", Types.of(elem, true), false));
    }
}
