package io.lancejdbc.sql.expr;

/**
 * Names of the built-in operators as they appear in {@link Call#function()}, and their argument conventions.
 */
public final class Functions {
    /** n-ary conjunction (n &gt;= 2), SQL three-valued logic. */
    public static final String AND = "and";
    /** n-ary disjunction (n &gt;= 2), SQL three-valued logic. */
    public static final String OR = "or";
    public static final String NOT = "not";
    public static final String EQ = "=";
    public static final String NE = "<>";
    public static final String LT = "<";
    public static final String LE = "<=";
    public static final String GT = ">";
    public static final String GE = ">=";
    /** {@code <=>}: null-safe equality, never NULL. */
    public static final String NULL_SAFE_EQ = "<=>";
    public static final String ADD = "+";
    public static final String SUBTRACT = "-";
    public static final String MULTIPLY = "*";
    public static final String DIVIDE = "/";
    public static final String MODULO = "%";
    /** {@code a DIV b} of two BIGINTs: the quotient truncated toward zero (MySQL). */
    public static final String INT_DIVIDE = "DIV";
    public static final String NEGATE = "neg";
    /** {@code ||} string concatenation. */
    public static final String CONCAT_OP = "||";
    public static final String IS_NULL = "is_null";
    public static final String IS_NOT_NULL = "is_not_null";
    /** {@code like(value, pattern[, escape])}. */
    public static final String LIKE = "like";
    /** Case-insensitive LIKE. */
    public static final String ILIKE = "ilike";
    /** {@code in(value, item1, item2, ...)}; NOT IN is {@code not(in(...))}. */
    public static final String IN = "in";
    /** {@code cast(value)}; the target type is the call's type. */
    public static final String CAST = "cast";
    /** {@code try_cast(value)}: NULL instead of an error when the value does not convert. */
    public static final String TRY_CAST = "try_cast";
    /** {@code case(cond1, value1, cond2, value2, ..., [else])}; the simple CASE form is rewritten to this. */
    public static final String CASE = "case";

    private Functions() {
    }

    /** True for the six ordering/equality comparisons. */
    public static boolean isComparison(String fn) {
        switch (fn) {
            case EQ:
            case NE:
            case LT:
            case LE:
            case GT:
            case GE:
                return true;
            default:
                return false;
        }
    }

    /** The comparison with its operands swapped ({@code a < b} ⇔ {@code b > a}). */
    public static String flipComparison(String fn) {
        switch (fn) {
            case LT:
                return GT;
            case LE:
                return GE;
            case GT:
                return LT;
            case GE:
                return LE;
            default:
                return fn;
        }
    }
}
