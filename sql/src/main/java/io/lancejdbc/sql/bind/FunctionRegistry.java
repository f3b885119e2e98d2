package io.lancejdbc.sql.bind;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.expr.Call;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.expr.Functions;
import io.lancejdbc.sql.plan.AggregateCall;
import io.lancejdbc.sql.types.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Typing of built-in scalar and aggregate functions: checks argument counts and types, inserts implicit casts and
 * computes the result type. Evaluation lives in the execution layer under the same names.
 */
public final class FunctionRegistry {
    private static final Set<String> AGGREGATES = Set.of("count", "sum", "avg", "min", "max", "stddev", "stddev_samp",
            "stddev_pop", "std", "variance", "var_samp", "var_pop", "group_concat", "string_agg", "listagg", "any_value",
            "bool_and", "bool_or", "every", "arbitrary");
    private static final Set<String> WINDOW_ONLY = Set.of("row_number", "rank", "dense_rank", "ntile", "lag", "lead",
            "first_value", "last_value", "percent_rank", "cume_dist");
    private static final Map<String, String> ALIASES = Map.ofEntries(
            Map.entry("substr", "substring"), Map.entry("char_length", "length"),
            Map.entry("character_length", "length"), Map.entry("ceiling", "ceil"), Map.entry("pow", "power"),
            Map.entry("lcase", "lower"), Map.entry("ucase", "upper"), Map.entry("nvl", "ifnull"),
            Map.entry("size", "cardinality"), Map.entry("array_length", "cardinality"),
            Map.entry("array_size", "cardinality"), Map.entry("strpos", "position"), Map.entry("instr", "position"),
            Map.entry("dot_product", "inner_product"), Map.entry("current_timestamp", "now"),
            Map.entry("localtimestamp", "now"), Map.entry("list_contains", "array_contains"),
            Map.entry("regexp_matches", "regexp_like"), Map.entry("dayofmonth", "day"));

    private FunctionRegistry() {
    }

    /** The canonical lower-case name of a function or its alias. */
    public static String canonical(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        return ALIASES.getOrDefault(n, n);
    }

    public static boolean isAggregate(String name) {
        return AGGREGATES.contains(canonical(name));
    }

    public static boolean isWindowOnly(String name) {
        return WINDOW_ONLY.contains(canonical(name));
    }

    /**
     * A typed call of scalar function {@code name}.
     *
     * @throws SqlError 42883 for an unknown function or wrong argument count, 42804 for argument types
     */
    public static Expr scalar(String rawName, List<Expr> args) {
        String name = canonical(rawName);
        String lower = rawName.toLowerCase(Locale.ROOT);
        if ((lower.equals("strpos") || lower.equals("instr")) && args.size() == 2) {
            // strpos(string, substring) and instr(string, substring) are position(substring IN string).
            args = List.of(args.get(1), args.get(0));
        }
        switch (name) {
            case "upper":
            case "lower":
            case "trim":
            case "ltrim":
            case "rtrim":
            case "reverse":
                arity(name, args, 1, 1);
                return call(name, List.of(text(name, args.get(0))), Types.UTF8, args);
            case "length":
                arity(name, args, 1, 1);
                return call(name, List.of(text(name, args.get(0))), Types.INT64, args);
            case "concat": {
                if (args.isEmpty()) {
                    throw arityError(name, "at least 1");
                }
                List<Expr> a = new ArrayList<>();
                for (Expr e : args) {
                    a.add(TypeCoercion.coerce(e, Types.UTF8));
                }
                return call(name, a, Types.UTF8, args);
            }
            case "substring": {
                arity(name, args, 2, 3);
                List<Expr> a = new ArrayList<>();
                a.add(text(name, args.get(0)));
                a.add(integer(name, args.get(1)));
                if (args.size() == 3) {
                    a.add(integer(name, args.get(2)));
                }
                return call(name, a, Types.UTF8, args);
            }
            case "replace":
                arity(name, args, 3, 3);
                return call(name, List.of(text(name, args.get(0)), text(name, args.get(1)), text(name, args.get(2))),
                        Types.UTF8, args);
            case "split_part":
                arity(name, args, 3, 3);
                return call(name, List.of(text(name, args.get(0)), text(name, args.get(1)), integer(name, args.get(2))),
                        Types.UTF8, args);
            case "starts_with":
            case "ends_with":
            case "regexp_like":
                arity(name, args, 2, 2);
                return call(name, List.of(text(name, args.get(0)), text(name, args.get(1))), Types.BOOL, args);
            case "position":
                arity(name, args, 2, 2);
                return call(name, List.of(text(name, args.get(0)), text(name, args.get(1))), Types.INT64, args);
            case "left":
            case "right":
            case "repeat":
                arity(name, args, 2, 2);
                return call(name, List.of(text(name, args.get(0)), integer(name, args.get(1))), Types.UTF8, args);
            case "lpad":
            case "rpad":
                arity(name, args, 3, 3);
                return call(name, List.of(text(name, args.get(0)), integer(name, args.get(1)), text(name, args.get(2))),
                        Types.UTF8, args);
            case "abs": {
                arity(name, args, 1, 1);
                Expr a = numeric(name, args.get(0));
                if (TypeCoercion.isUint64(a.type().getType())) {
                    // abs of an unsigned value is the value; BIGINT would not hold it above 2^63 - 1.
                    return a;
                }
                ArrowType t = Types.isInteger(a.type().getType()) ? Types.INT64 : a.type().getType();
                if (Types.isFloating(t)) {
                    t = Types.FLOAT64;
                }
                return call(name, List.of(TypeCoercion.coerce(a, t)), t, args);
            }
            case "ceil":
            case "floor": {
                arity(name, args, 1, 1);
                Expr a = numeric(name, args.get(0));
                ArrowType t = a.type().getType();
                if (Types.isInteger(t)) {
                    return TypeCoercion.isUint64(t) ? a : TypeCoercion.coerce(a, Types.INT64);
                }
                if (Types.isDecimal(t)) {
                    ArrowType.Decimal d = (ArrowType.Decimal) t;
                    ArrowType r = Types.decimal(Math.min(38, d.getPrecision() - d.getScale() + 1), 0);
                    return call(name, List.of(a), r, args);
                }
                return call(name, List.of(TypeCoercion.coerce(a, Types.FLOAT64)), Types.FLOAT64, args);
            }
            case "round": {
                arity(name, args, 1, 2);
                Expr a = numeric(name, args.get(0));
                ArrowType t = a.type().getType();
                List<Expr> ca = new ArrayList<>();
                if (TypeCoercion.isUint64(t) && args.size() == 1) {
                    return a;
                } else if (TypeCoercion.isUint64(t)) {
                    // round(u64, -k) can exceed 2^64 - 1 (and BIGINT): it rounds in DECIMAL(20,0).
                    t = TypeCoercion.asDecimal(t);
                    ca.add(TypeCoercion.coerce(a, t));
                } else if (Types.isInteger(t)) {
                    ca.add(TypeCoercion.coerce(a, Types.INT64));
                    t = Types.INT64;
                } else if (Types.isDecimal(t)) {
                    ca.add(a);
                } else {
                    ca.add(TypeCoercion.coerce(a, Types.FLOAT64));
                    t = Types.FLOAT64;
                }
                if (args.size() == 2) {
                    ca.add(integer(name, args.get(1)));
                }
                return call(name, ca, t, args);
            }
            case "sqrt":
            case "exp":
            case "ln":
            case "log10":
            case "log2":
            case "sin":
            case "cos":
            case "tan":
            case "asin":
            case "acos":
            case "atan":
            case "degrees":
            case "radians":
            case "cbrt":
                arity(name, args, 1, 1);
                return call(name, List.of(TypeCoercion.coerce(numeric(name, args.get(0)), Types.FLOAT64)),
                        Types.FLOAT64, args);
            case "sign":
                arity(name, args, 1, 1);
                return call(name, List.of(TypeCoercion.coerce(numeric(name, args.get(0)), Types.FLOAT64)),
                        Types.INT64, args);
            case "power":
            case "atan2":
                arity(name, args, 2, 2);
                return call(name, List.of(TypeCoercion.coerce(numeric(name, args.get(0)), Types.FLOAT64),
                        TypeCoercion.coerce(numeric(name, args.get(1)), Types.FLOAT64)), Types.FLOAT64, args);
            case "log":
                arity(name, args, 1, 2);
                if (args.size() == 1) {
                    return call("ln", List.of(TypeCoercion.coerce(numeric(name, args.get(0)), Types.FLOAT64)),
                            Types.FLOAT64, args);
                }
                return call(name, List.of(TypeCoercion.coerce(numeric(name, args.get(0)), Types.FLOAT64),
                        TypeCoercion.coerce(numeric(name, args.get(1)), Types.FLOAT64)), Types.FLOAT64, args);
            case "pi":
                arity(name, args, 0, 0);
                return new io.lancejdbc.sql.expr.Literal(Math.PI, Types.of(Types.FLOAT64, false));
            case "mod":
                arity(name, args, 2, 2);
                return Operators.arithmetic(Functions.MODULO, args.get(0), args.get(1));
            case "greatest":
            case "least": {
                if (args.isEmpty()) {
                    throw arityError(name, "at least 1");
                }
                ArrowType t = Types.NULL;
                for (Expr e : args) {
                    t = TypeCoercion.commonType(t, e.type().getType(), name + "()");
                }
                List<Expr> a = new ArrayList<>();
                for (Expr e : args) {
                    a.add(TypeCoercion.coerce(e, t));
                }
                return call(name, a, t, args);
            }
            case "coalesce":
            case "ifnull": {
                if (args.isEmpty() || (name.equals("ifnull") && args.size() != 2)) {
                    throw arityError(name, name.equals("ifnull") ? "2" : "at least 1");
                }
                ArrowType t = Types.NULL;
                for (Expr e : args) {
                    t = TypeCoercion.commonType(t, e.type().getType(), name + "()");
                }
                List<Expr> a = new ArrayList<>();
                boolean nullable = true;
                for (Expr e : args) {
                    a.add(TypeCoercion.coerce(e, t));
                    nullable &= e.type().isNullable();
                }
                return new Call("coalesce", a, fieldLike(t, args, nullable));
            }
            case "nullif": {
                arity(name, args, 2, 2);
                ArrowType t = TypeCoercion.commonType(args.get(0).type().getType(), args.get(1).type().getType(),
                        "nullif()");
                return new Call(name, List.of(TypeCoercion.coerce(args.get(0), t), TypeCoercion.coerce(args.get(1), t)),
                        Types.of(args.get(0).type().getType().equals(t) ? t : t, true));
            }
            case "if": {
                arity(name, args, 3, 3);
                TypeCoercion.requireBoolean(args.get(0), "The first argument of IF");
                return Operators.caseWhen(List.of(args.get(0), args.get(1)), args.get(2));
            }
            case "now":
                arity(name, args, 0, 1);
                return new Call("now", List.of(), Types.of(Types.TIMESTAMP_US, false));
            case "current_date":
            case "curdate":
            case "today":
                arity(name, args, 0, 0);
                return new Call("current_date", List.of(), Types.of(Types.DATE, false));
            case "year":
            case "month":
            case "day":
            case "hour":
            case "minute":
            case "second":
            case "quarter":
            case "week":
            case "dayofweek":
            case "dayofyear":
                arity(name, args, 1, 1);
                return Operators.extract(name, args.get(0));
            case "date":
            case "to_date":
                arity(name, args, 1, 1);
                return Operators.cast(args.get(0), Types.DATE, false);
            case "date_trunc": {
                arity(name, args, 2, 2);
                Expr unit = text(name, args.get(0));
                Expr v = args.get(1);
                ArrowType vt = v.type().getType();
                if (Types.isString(vt)) {
                    v = TypeCoercion.coerce(v, Types.TIMESTAMP_US);
                    vt = Types.TIMESTAMP_US;
                }
                if (!(vt instanceof ArrowType.Date) && !(vt instanceof ArrowType.Timestamp)) {
                    throw typeError(name, v);
                }
                return call(name, List.of(unit, v), vt, args);
            }
            case "datediff": {
                arity(name, args, 2, 2);
                return call(name, List.of(Operators.cast(args.get(0), Types.DATE, false),
                        Operators.cast(args.get(1), Types.DATE, false)), Types.INT64, args);
            }
            case "date_format":
            case "strftime": {
                arity(name, args, 2, 2);
                Expr v = args.get(0);
                if (Types.isString(v.type().getType()) || v.type().getType() instanceof ArrowType.Date) {
                    v = TypeCoercion.coerce(v, Types.TIMESTAMP_US);
                }
                if (!(v.type().getType() instanceof ArrowType.Timestamp)) {
                    throw typeError(name, v);
                }
                return call("date_format", List.of(v, text(name, args.get(1))), Types.UTF8, args);
            }
            case "unix_timestamp":
            case "epoch": {
                arity(name, args, 1, 1);
                Expr v = TypeCoercion.coerce(args.get(0), Types.TIMESTAMP_US);
                return call("epoch", List.of(v), Types.INT64, args);
            }
            case "array_contains": {
                arity(name, args, 2, 2);
                Expr list = args.get(0);
                if (!Types.isListLike(list.type().getType())) {
                    throw typeError(name, list);
                }
                ArrowType elem = list.type().getChildren().get(0).getType();
                Expr v = TypeCoercion.coerce(args.get(1), TypeCoercion.commonType(elem, args.get(1).type().getType(),
                        name + "()"));
                return call(name, List.of(list, v), Types.BOOL, args);
            }
            case "cardinality": {
                arity(name, args, 1, 1);
                Expr list = args.get(0);
                if (!Types.isListLike(list.type().getType()) && !(list.type().getType() instanceof ArrowType.Map)) {
                    throw typeError(name, list);
                }
                return call(name, List.of(list), Types.INT64, args);
            }
            case "element_at": {
                arity(name, args, 2, 2);
                return Operators.subscript(args.get(0), args.get(1));
            }
            case "l2_distance":
            case "cosine_distance":
            case "inner_product":
            case "dot_distance":
            case "hamming_distance": {
                arity(name, args, 2, 2);
                args = new ArrayList<>(args);
                for (int i = 0; i < 2; i++) {
                    // A ? parameter takes the vector type of the other argument (PreparedStatement.setObject(float[])).
                    Expr other = args.get(1 - i);
                    if (args.get(i) instanceof io.lancejdbc.sql.expr.ParamRef
                            && Types.isNull(args.get(i).type().getType()) && Types.isListLike(other.type().getType())) {
                        args.set(i, new io.lancejdbc.sql.expr.ParamRef(((io.lancejdbc.sql.expr.ParamRef) args.get(i))
                                .index(), Types.withNullable(Types.withoutMetadata(Types.rename(other.type(), "")), true)));
                    }
                }
                for (Expr e : args) {
                    if (!Types.isListLike(e.type().getType())) {
                        throw typeError(name, e);
                    }
                }
                return call(name, args, Types.FLOAT64, args);
            }
            case "rollup":
            case "cube":
            case "grouping":
            case "grouping_id":
                throw new SqlError(SqlState.UNSUPPORTED_SQL, "ROLLUP, CUBE and GROUPING SETS are not supported;"
                        + " combine GROUP BY queries with UNION ALL");
            default:
                throw new SqlError(SqlState.UNDEFINED_FUNCTION, "Unknown function " + rawName + "(); see docs/sql-reference.md"
                        + " for the functions lance-jdbc supports");
        }
    }

    /**
     * A typed aggregate call.
     *
     * @throws SqlError 42883 / 42804 for bad arguments
     */
    public static AggregateCall aggregate(String rawName, List<Expr> args, boolean distinct, boolean star) {
        String name = canonical(rawName);
        switch (name) {
            case "count":
                if (star || args.isEmpty()) {
                    return new AggregateCall("count_star", List.of(), false, Types.of(Types.INT64, false));
                }
                if (args.size() > 1 && !distinct) {
                    // The count accumulator reads its first argument: count(a, b) counted non-NULL a, ignoring b.
                    throw new SqlError(SqlState.UNDEFINED_FUNCTION, "Function count() takes 1 argument, got "
                            + args.size() + "; COUNT(DISTINCT a, b) counts distinct combinations");
                }
                return new AggregateCall("count", args, distinct, Types.of(Types.INT64, false));
            case "sum": {
                arity(name, args, 1, 1);
                Expr a = numeric(name, args.get(0));
                ArrowType t = a.type().getType();
                ArrowType r;
                if (Types.isFloating(t)) {
                    r = Types.FLOAT64;
                } else if (Types.isDecimal(t) || TypeCoercion.isUint64(t)) {
                    r = Types.decimal(38, TypeCoercion.asDecimal(t).getScale());
                } else {
                    r = Types.INT64;
                }
                return new AggregateCall(name, List.of(a), distinct, Types.of(r, true));
            }
            case "avg": {
                arity(name, args, 1, 1);
                Expr a = numeric(name, args.get(0));
                ArrowType t = a.type().getType();
                ArrowType r = Types.FLOAT64;
                if (Types.isDecimal(t)) {
                    int scale = Math.max(((ArrowType.Decimal) t).getScale(), 6);
                    r = Types.decimal(38, Math.min(scale, 38));
                }
                return new AggregateCall(name, List.of(a), distinct, Types.of(r, true));
            }
            case "min":
            case "max":
            case "any_value":
            case "arbitrary":
                arity(name, args, 1, 1);
                return new AggregateCall(name.equals("arbitrary") ? "any_value" : name, args, distinct,
                        Types.withNullable(Types.withoutMetadata(Types.rename(args.get(0).type(), "")), true));
            case "stddev":
            case "std":
            case "stddev_samp":
            case "stddev_pop":
            case "variance":
            case "var_samp":
            case "var_pop": {
                arity(name, args, 1, 1);
                // stddev and variance are the sample statistics (SQL standard, DuckDB); std is MySQL's population one.
                String n = name.equals("stddev") ? "stddev_samp" : name.equals("std") ? "stddev_pop"
                        : name.equals("variance") ? "var_samp" : name;
                return new AggregateCall(n, List.of(TypeCoercion.coerce(numeric(name, args.get(0)), Types.FLOAT64)),
                        distinct, Types.of(Types.FLOAT64, true));
            }
            case "group_concat":
            case "string_agg":
            case "listagg": {
                arity(name, args, 1, 2);
                List<Expr> a = new ArrayList<>();
                a.add(TypeCoercion.coerce(args.get(0), Types.UTF8));
                if (args.size() == 2) {
                    a.add(TypeCoercion.coerce(args.get(1), Types.UTF8));
                }
                return new AggregateCall("group_concat", a, distinct, Types.of(Types.UTF8, true));
            }
            case "bool_and":
            case "every":
            case "bool_or": {
                arity(name, args, 1, 1);
                TypeCoercion.requireBoolean(args.get(0), "The argument of " + name);
                return new AggregateCall(name.equals("every") ? "bool_and" : name, args, distinct,
                        Types.of(Types.BOOL, true));
            }
            default:
                throw new SqlError(SqlState.UNDEFINED_FUNCTION, "Unknown aggregate function " + rawName + "()");
        }
    }

    static Expr text(String fn, Expr e) {
        ArrowType t = e.type().getType();
        if (Types.isString(t)) {
            return t instanceof ArrowType.Utf8 ? e : TypeCoercion.coerce(e, Types.UTF8);
        }
        if (Types.isNull(t) || Types.isNumeric(t) || Types.isTemporal(t) || t instanceof ArrowType.Bool) {
            return TypeCoercion.coerce(e, Types.UTF8);
        }
        throw typeError(fn, e);
    }

    static Expr integer(String fn, Expr e) {
        ArrowType t = e.type().getType();
        if (Types.isInteger(t) || Types.isNull(t)) {
            return TypeCoercion.coerce(e, Types.INT64);
        }
        if (e instanceof io.lancejdbc.sql.expr.Literal && (Types.isString(t) || Types.isNumeric(t))) {
            return TypeCoercion.coerce(e, Types.INT64);
        }
        throw typeError(fn, e);
    }

    static Expr numeric(String fn, Expr e) {
        ArrowType t = e.type().getType();
        if (Types.isNumeric(t)) {
            return e;
        }
        if (Types.isNull(t)) {
            return TypeCoercion.coerce(e, Types.INT64);
        }
        if (e instanceof io.lancejdbc.sql.expr.Literal && Types.isString(t)) {
            return TypeCoercion.coerce(e, Types.FLOAT64);
        }
        throw typeError(fn, e);
    }

    private static Call call(String name, List<Expr> args, ArrowType result, List<Expr> original) {
        boolean nullable = false;
        for (Expr e : original) {
            nullable |= e.type().isNullable();
        }
        return new Call(name, args, Types.of(result, nullable));
    }

    private static Field fieldLike(ArrowType t, List<Expr> args, boolean nullable) {
        for (Expr e : args) {
            if (e.type().getType().equals(t)) {
                return Types.withNullable(Types.withoutMetadata(Types.rename(e.type(), "")), nullable);
            }
        }
        return Types.of(t, nullable);
    }

    static void arity(String name, List<Expr> args, int min, int max) {
        if (args.size() < min || args.size() > max) {
            throw arityError(name, min == max ? String.valueOf(min) : min + " to " + max);
        }
    }

    private static SqlError arityError(String name, String expected) {
        return new SqlError(SqlState.UNDEFINED_FUNCTION, "Function " + name + "() takes " + expected + " argument(s)");
    }

    static SqlError typeError(String name, Expr e) {
        return new SqlError(SqlState.DATATYPE_MISMATCH, "Function " + name + "() does not accept " + e.sql() + " of type "
                + io.lancejdbc.sql.types.TypeNames.sqlName(e.type()));
    }
}
