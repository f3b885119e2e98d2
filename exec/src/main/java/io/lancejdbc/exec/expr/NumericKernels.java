package io.lancejdbc.exec.expr;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.expr.ScalarFunctionKey;
import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Kernels of the numeric functions (typing: {@code sql.bind.NumericFunctionTyping}): transcendental functions over
 * DOUBLE with {@link Math}'s IEEE 754 results (NaN for a domain error, as DuckDB), exact BIGINT and DECIMAL abs, ceil,
 * floor and round.
 */
final class NumericKernels {
    private NumericKernels() {
    }

    static void register(ScalarKernels.Registry r) {
        // abs(BIGINT min) and round(BIGINT, -k) overflow: a CASE branch holding them runs only where taken.
        r.raisingRow(ScalarFunctionKey.ABS, a -> a[0] instanceof Long ? (Object) exactAbs((Long) a[0])
                : a[0] instanceof BigDecimal ? ((BigDecimal) a[0]).abs() : (Object) Math.abs((Double) a[0]));
        r.row(ScalarFunctionKey.CEIL, a -> a[0] instanceof BigDecimal
                ? ((BigDecimal) a[0]).setScale(0, RoundingMode.CEILING) : (Object) Math.ceil((Double) a[0]));
        r.row(ScalarFunctionKey.FLOOR, a -> a[0] instanceof BigDecimal
                ? ((BigDecimal) a[0]).setScale(0, RoundingMode.FLOOR) : (Object) Math.floor((Double) a[0]));
        r.raisingRow(ScalarFunctionKey.ROUND, a -> round(a[0], a.length > 1 ? (Long) a[1] : 0L));
        r.raisingRow(ScalarFunctionKey.SQRT, a -> Math.sqrt((Double) a[0]));
        r.row(ScalarFunctionKey.CBRT, a -> Math.cbrt((Double) a[0]));
        r.row(ScalarFunctionKey.EXP, a -> Math.exp((Double) a[0]));
        r.raisingRow(ScalarFunctionKey.LN, a -> Math.log((Double) a[0]));
        r.raisingRow(ScalarFunctionKey.LOG10, a -> Math.log10((Double) a[0]));
        r.raisingRow(ScalarFunctionKey.LOG2, a -> Math.log((Double) a[0]) / Math.log(2));
        r.raisingRow(ScalarFunctionKey.LOG, a -> Math.log((Double) a[1]) / Math.log((Double) a[0]));
        r.row(ScalarFunctionKey.SIN, a -> Math.sin((Double) a[0]));
        r.row(ScalarFunctionKey.COS, a -> Math.cos((Double) a[0]));
        r.row(ScalarFunctionKey.TAN, a -> Math.tan((Double) a[0]));
        r.row(ScalarFunctionKey.ASIN, a -> Math.asin((Double) a[0]));
        r.row(ScalarFunctionKey.ACOS, a -> Math.acos((Double) a[0]));
        r.row(ScalarFunctionKey.ATAN, a -> Math.atan((Double) a[0]));
        r.row(ScalarFunctionKey.ATAN2, a -> Math.atan2((Double) a[0], (Double) a[1]));
        r.row(ScalarFunctionKey.DEGREES, a -> Math.toDegrees((Double) a[0]));
        r.row(ScalarFunctionKey.RADIANS, a -> Math.toRadians((Double) a[0]));
        r.row(ScalarFunctionKey.SIGN, a -> (long) Math.signum((Double) a[0]));
        r.row(ScalarFunctionKey.POWER, a -> Math.pow((Double) a[0], (Double) a[1]));
    }

    private static long exactAbs(long x) {
        if (x == Long.MIN_VALUE) {
            throw new SqlError(SqlState.NUMERIC_OUT_OF_RANGE, "BIGINT value out of range: abs(" + x + ")");
        }
        return Math.abs(x);
    }

    /** Half away from zero at {@code digits} decimal places (negative: left of the point), as MySQL and DuckDB. */
    private static Object round(Object v, long digits) {
        if (v instanceof Long) {
            if (digits >= 0) {
                return v;
            }
            BigDecimal r = BigDecimal.valueOf((Long) v).setScale((int) Math.max(digits, -20), RoundingMode.HALF_UP);
            try {
                return r.longValueExact();
            } catch (ArithmeticException e) {
                throw new SqlError(SqlState.NUMERIC_OUT_OF_RANGE, "BIGINT value out of range: round(" + v + ", "
                        + digits + ") is " + r.toBigInteger());
            }
        }
        if (v instanceof BigDecimal) {
            return ((BigDecimal) v).setScale((int) Math.max(Math.min(digits, 38), -38), RoundingMode.HALF_UP);
        }
        double d = (Double) v;
        if (!Double.isFinite(d)) {
            return d;
        }
        return BigDecimal.valueOf(d).setScale((int) Math.max(Math.min(digits, 300), -300), RoundingMode.HALF_UP)
                .doubleValue();
    }
}
