package io.lancejdbc.exec.expr;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.expr.ScalarFunctionKey;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Kernels of the string functions (typing: {@code sql.bind.StringFunctionTyping}). Lengths and positions count
 * Unicode code points, not UTF-16 units.
 */
final class StringKernels {
    /** The longest string repeat() and lpad()/rpad() build. */
    private static final long MAX_RESULT_CHARS = 100_000_000L;

    private StringKernels() {
    }

    static void register(ScalarKernels.Registry r) {
        r.row(ScalarFunctionKey.UPPER, a -> ((String) a[0]).toUpperCase(Locale.ROOT));
        r.row(ScalarFunctionKey.LOWER, a -> ((String) a[0]).toLowerCase(Locale.ROOT));
        r.row(ScalarFunctionKey.TRIM, a -> ((String) a[0]).strip());
        r.row(ScalarFunctionKey.LTRIM, a -> ((String) a[0]).stripLeading());
        r.row(ScalarFunctionKey.RTRIM, a -> ((String) a[0]).stripTrailing());
        r.row(ScalarFunctionKey.REVERSE, a -> new StringBuilder((String) a[0]).reverse().toString());
        r.row(ScalarFunctionKey.LENGTH, a -> (long) ((String) a[0]).codePointCount(0, ((String) a[0]).length()));
        // concat() skips NULL arguments (DuckDB, PostgreSQL); the || operator is strict.
        r.nullAwareRow(ScalarFunctionKey.CONCAT, a -> {
            StringBuilder sb = new StringBuilder();
            for (Object o : a) {
                if (o != null) {
                    sb.append((String) o);
                }
            }
            return sb.toString();
        });
        r.row(ScalarFunctionKey.CONCAT_OP, a -> (String) a[0] + a[1]);
        r.raisingRow(ScalarFunctionKey.SUBSTRING, a -> substring((String) a[0], (Long) a[1],
                a.length > 2 ? (Long) a[2] : null));
        // An empty search string matches nothing (MySQL, DuckDB), not every position (Java).
        r.row(ScalarFunctionKey.REPLACE, a -> ((String) a[1]).isEmpty() ? (String) a[0]
                : ((String) a[0]).replace((String) a[1], (String) a[2]));
        r.raisingRow(ScalarFunctionKey.SPLIT_PART, a -> splitPart((String) a[0], (String) a[1], (Long) a[2]));
        r.row(ScalarFunctionKey.STARTS_WITH, a -> ((String) a[0]).startsWith((String) a[1]));
        r.row(ScalarFunctionKey.ENDS_WITH, a -> ((String) a[0]).endsWith((String) a[1]));
        r.add(ScalarFunctionKey.REGEXP_LIKE, new RowKernel(ScalarFunctionKey.REGEXP_LIKE, true, true,
                (argTypes, resultType) -> new RegexpFind()));
        r.row(ScalarFunctionKey.POSITION, a -> {
            int idx = ((String) a[1]).indexOf((String) a[0]);
            return idx < 0 ? 0L : (long) ((String) a[1]).codePointCount(0, idx) + 1;
        });
        r.row(ScalarFunctionKey.LEFT, a -> substring((String) a[0], 1L, Math.max(0, (Long) a[1])));
        r.row(ScalarFunctionKey.RIGHT, a -> {
            String s = (String) a[0];
            int len = s.codePointCount(0, s.length());
            long k = Math.max(0, Math.min((Long) a[1], len));
            return substring(s, len - k + 1, k);
        });
        r.raisingRow(ScalarFunctionKey.REPEAT, a -> {
            long k = (Long) a[1];
            if (k <= 0) {
                return "";
            }
            if (k * ((String) a[0]).length() > MAX_RESULT_CHARS) {
                throw new SqlError(SqlState.NUMERIC_OUT_OF_RANGE, "repeat() result would exceed 100 MB");
            }
            return ((String) a[0]).repeat((int) k);
        });
        r.raisingRow(ScalarFunctionKey.LPAD, a -> pad((String) a[0], (Long) a[1], (String) a[2], true));
        r.raisingRow(ScalarFunctionKey.RPAD, a -> pad((String) a[0], (Long) a[1], (String) a[2], false));
    }

    /** {@code regexp_like(s, pattern)}: a match anywhere in {@code s}; the last pattern stays compiled. */
    private static final class RegexpFind implements RowFunctionExpr.RowFunction {
        private String lastPattern;
        private Pattern compiled;

        @Override
        public Object apply(Object[] a) {
            String p = (String) a[1];
            if (!p.equals(lastPattern)) {
                try {
                    compiled = Pattern.compile(p);
                } catch (java.util.regex.PatternSyntaxException e) {
                    throw new SqlError("2201B", "Invalid regular expression '" + p + "': " + e.getDescription());
                }
                lastPattern = p;
            }
            return compiled.matcher((String) a[0]).find();
        }
    }

    /**
     * {@code substring(s, start[, length])} over code points: a negative start counts from the end (MySQL, Doris,
     * DuckDB); a start before the first character (0, or negative beyond the length) counts against the length (SQL
     * standard, DuckDB), so {@code substring('apple', 0, 2)} is {@code 'a'}.
     */
    static String substring(String s, Long start, Long length) {
        if (length != null && length < 0) {
            throw new SqlError(SqlState.DATA_EXCEPTION, "substring length must not be negative, got " + length);
        }
        int[] cps = s.codePoints().toArray();
        long from = start < 0 ? cps.length + start + 1 : start;
        long end = length == null || from > 0 && length > Long.MAX_VALUE - from ? Long.MAX_VALUE : from + length;
        int b = (int) Math.min(Math.max(from - 1, 0), cps.length);
        int e = (int) Math.min(Math.max(end - 1, 0), cps.length);
        if (e <= b) {
            return "";
        }
        return new String(cps, b, e - b);
    }

    private static String splitPart(String s, String delimiter, long index) {
        if (index == 0) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "split_part field position must not be 0");
        }
        String[] parts = delimiter.isEmpty() ? new String[] {s} : s.split(Pattern.quote(delimiter), -1);
        long i = index > 0 ? index - 1 : parts.length + index;
        return i >= 0 && i < parts.length ? parts[(int) i] : "";
    }

    private static String pad(String s, long length, String fill, boolean left) {
        if (length < 0) {
            return "";
        }
        if (length > MAX_RESULT_CHARS) {
            throw new SqlError(SqlState.NUMERIC_OUT_OF_RANGE, "pad length " + length + " is too large");
        }
        int[] cps = s.codePoints().toArray();
        if (cps.length >= length) {
            return new String(cps, 0, (int) length);
        }
        if (fill.isEmpty()) {
            return s;
        }
        int[] f = fill.codePoints().toArray();
        StringBuilder padding = new StringBuilder();
        for (int i = 0; i < length - cps.length; i++) {
            padding.appendCodePoint(f[i % f.length]);
        }
        return left ? padding + s : s + padding;
    }
}
