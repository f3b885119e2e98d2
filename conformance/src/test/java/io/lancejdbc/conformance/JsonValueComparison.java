package io.lancejdbc.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.HexFormat;
import java.util.Optional;

/**
 * Compares a value read through JDBC with an answer of a corpus {@code *.expected.json} file, under the corpus
 * conventions (foreign/README.md, "Expected-JSON conventions"): integers beyond 2^53 are strings, binaries
 * lower-case hex, decimals strings with their scale; floating-point numbers are the shortest text that reads back
 * as the stored double, so equality is exact.
 */
public final class JsonValueComparison {
    private JsonValueComparison() {
    }

    /** @return a description of the difference, or empty when {@code actual} is the value {@code expected} names */
    public static Optional<String> mismatch(JsonNode expected, Object actual) {
        if (expected == null || expected.isNull()) {
            return actual == null ? Optional.empty() : differ(expected, actual);
        }
        if (actual == null) {
            return differ(expected, null);
        }
        boolean equal;
        if (actual instanceof Boolean b) {
            equal = expected.isBoolean() && expected.booleanValue() == b;
        } else if (actual instanceof Double d) {
            equal = expected.isNumber() && expected.doubleValue() == d;
        } else if (actual instanceof Float f) {
            equal = expected.isNumber() && (float) expected.doubleValue() == f;
        } else if (actual instanceof BigDecimal dec && expected.isTextual() && expected.textValue().contains(".")) {
            // A decimal column: the text carries the scale, which must match.
            equal = new BigDecimal(expected.textValue()).equals(dec);
        } else if (actual instanceof Number n) {
            BigInteger want = expected.isTextual() ? new BigInteger(expected.textValue())
                    : expected.isIntegralNumber() ? expected.bigIntegerValue() : null;
            equal = want != null && new BigDecimal(want).compareTo(new BigDecimal(n.toString())) == 0;
        } else if (actual instanceof byte[] bytes) {
            equal = expected.isTextual() && expected.textValue().equals(HexFormat.of().formatHex(bytes));
        } else if (actual instanceof String s) {
            equal = expected.isTextual() && expected.textValue().equals(s);
        } else {
            return Optional.of("no JSON convention for a " + actual.getClass().getName() + " (" + actual + ")");
        }
        return equal ? Optional.empty() : differ(expected, actual);
    }

    private static Optional<String> differ(JsonNode expected, Object actual) {
        return Optional.of("expected " + expected + " but got " + JdbcValueComparison.render(actual)
                + (actual == null ? "" : " (" + actual.getClass().getSimpleName() + ")"));
    }
}
