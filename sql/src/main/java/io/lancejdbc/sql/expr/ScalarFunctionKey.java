package io.lancejdbc.sql.expr;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The scalar functions the executor evaluates, one constant per kernel. A bound {@link Call} names its function by
 * {@link #callName()}; the typing that builds the call lives in {@code sql.bind.ScalarFunctionCatalog} and the
 * kernel that evaluates it is registered against the same constant in the execution layer
 * ({@code exec.expr.ScalarKernels}). SQL spellings and aliases (e.g. {@code substr}, {@code nvl}) are not keys: the
 * catalog maps them to the key of the call they bind to.
 *
 * <p>Adding a function takes three steps, and the tests {@code ScalarFunctionCatalogTest} and
 * {@code ScalarKernelsTest} fail until all three are done: a constant here, a definition in one of the typing
 * families of {@code sql.bind.ScalarFunctionCatalog}, a kernel in the matching family of
 * {@code exec.expr.ScalarKernels}.
 */
public enum ScalarFunctionKey {
    UPPER("upper"), LOWER("lower"), TRIM("trim"), LTRIM("ltrim"), RTRIM("rtrim"), REVERSE("reverse"),
    LENGTH("length"), CONCAT("concat"),
    /** {@code a || b}, built by the binder from the operator; NULL in, NULL out (unlike {@link #CONCAT}). */
    CONCAT_OP(Functions.CONCAT_OP),
    SUBSTRING("substring"), REPLACE("replace"), SPLIT_PART("split_part"), STARTS_WITH("starts_with"),
    ENDS_WITH("ends_with"), REGEXP_LIKE("regexp_like"), POSITION("position"), LEFT("left"), RIGHT("right"),
    REPEAT("repeat"), LPAD("lpad"), RPAD("rpad"),
    ABS("abs"), CEIL("ceil"), FLOOR("floor"), ROUND("round"), SQRT("sqrt"), CBRT("cbrt"), EXP("exp"), LN("ln"),
    LOG10("log10"), LOG2("log2"),
    /** {@code log(base, x)}; the one-argument {@code log(x)} binds to {@link #LN}. */
    LOG("log"),
    SIN("sin"), COS("cos"), TAN("tan"), ASIN("asin"), ACOS("acos"), ATAN("atan"), ATAN2("atan2"),
    DEGREES("degrees"), RADIANS("radians"), SIGN("sign"), POWER("power"),
    GREATEST("greatest"), LEAST("least"), NULLIF("nullif"),
    /** {@code coalesce(a, b, ...)}, also {@code ifnull}/{@code nvl}. */
    COALESCE("coalesce"),
    /** The statement's timestamp (one value per statement). */
    NOW("now"),
    /** The statement's date (one value per statement). */
    CURRENT_DATE("current_date"),
    /** {@code extract(part, value)} with a lower-case part literal; built by {@code EXTRACT} and year()/month()/.... */
    EXTRACT("extract"),
    /** {@code date_add(value, amount, unit)}: date/timestamp plus an INTERVAL or a day count. */
    DATE_ADD("date_add"),
    /** Whole days from the second date to the first ({@code datediff}, {@code date - date}). */
    DATEDIFF("datediff"),
    /** Microseconds from the second timestamp to the first ({@code timestamp - timestamp}). */
    TIMESTAMP_DIFF_US("timestamp_diff_us"),
    DATE_TRUNC("date_trunc"), DATE_FORMAT("date_format"),
    /** Whole seconds since 1970-01-01T00:00 UTC, rounded toward negative infinity. */
    EPOCH("epoch"),
    /** {@code list[i]}, 1-based, negative from the end. */
    ELEMENT_AT("element_at"),
    /** {@code map[key]}. */
    MAP_VALUE("map_value"),
    /** {@code struct.field}, by 0-based position. */
    STRUCT_FIELD("struct_field"),
    CARDINALITY("cardinality"), ARRAY_CONTAINS("array_contains"),
    L2_DISTANCE("l2_distance"), COSINE_DISTANCE("cosine_distance"), INNER_PRODUCT("inner_product"),
    DOT_DISTANCE("dot_distance"), HAMMING_DISTANCE("hamming_distance");

    private static final Map<String, ScalarFunctionKey> BY_CALL_NAME = Arrays.stream(values())
            .collect(Collectors.toUnmodifiableMap(ScalarFunctionKey::callName, k -> k));

    private final String callName;

    ScalarFunctionKey(String callName) {
        this.callName = callName;
    }

    /** The name a bound {@link Call} of this function carries. */
    public String callName() {
        return callName;
    }

    /** A call of this function with already-coerced arguments. */
    public Call call(List<Expr> args, Field type) {
        return new Call(callName, args, type);
    }

    /** The key of a bound call's function name; empty for operators and for names no kernel evaluates. */
    public static Optional<ScalarFunctionKey> ofCallName(String callName) {
        return Optional.ofNullable(BY_CALL_NAME.get(callName));
    }
}
