package io.lancejdbc.sql.bind;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.expr.Call;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.expr.ScalarFunctionKey;
import io.lancejdbc.sql.plan.AggregateCall;
import io.lancejdbc.sql.types.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Typing of built-in scalar and aggregate functions: checks argument counts and types, inserts implicit casts and
 * computes the result type. Each scalar function is defined once in {@link ScalarFunctionCatalog}; its kernel is
 * registered against the same {@link ScalarFunctionKey} in the execution layer.
 */
public final class FunctionRegistry {
    private static final Set<String> AGGREGATES = Set.of("count", "sum", "avg", "min", "max", "stddev", "stddev_samp",
            "stddev_pop", "std", "variance", "var_samp", "var_pop", "group_concat", "string_agg", "listagg", "any_value",
            "bool_and", "bool_or", "every", "arbitrary");
    private static final Set<String> WINDOW_ONLY = Set.of("row_number", "rank", "dense_rank", "ntile", "lag", "lead",
            "first_value", "last_value", "percent_rank", "cume_dist");
    private static final Set<String> GROUPING_SETS = Set.of("rollup", "cube", "grouping", "grouping_id");

    private FunctionRegistry() {
    }

    /** The canonical lower-case name of a function or its alias. */
    public static String canonical(String name) {
        return ScalarFunctionCatalog.canonical(name.toLowerCase(Locale.ROOT));
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
        if (GROUPING_SETS.contains(name)) {
            throw new SqlError(SqlState.UNSUPPORTED_SQL, "ROLLUP, CUBE and GROUPING SETS are not supported;"
                    + " combine GROUP BY queries with UNION ALL");
        }
        ScalarFunctionDefinition definition = ScalarFunctionCatalog.lookup(name).orElseThrow(() -> new SqlError(
                SqlState.UNDEFINED_FUNCTION, "Unknown function " + rawName + "(); see docs/sql-reference.md"
                        + " for the functions lance-jdbc supports"));
        return definition.type(name, rawName.toLowerCase(Locale.ROOT), args);
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

    /** A call of {@code key} whose result is nullable when any of the {@code original} arguments is. */
    static Call call(ScalarFunctionKey key, List<Expr> args, ArrowType result, List<Expr> original) {
        boolean nullable = false;
        for (Expr e : original) {
            nullable |= e.type().isNullable();
        }
        return key.call(args, Types.of(result, nullable));
    }

    static void arity(String name, List<Expr> args, int min, int max) {
        if (args.size() < min || args.size() > max) {
            throw arityError(name, min == max ? String.valueOf(min) : min + " to " + max);
        }
    }

    static SqlError arityError(String name, String expected) {
        return new SqlError(SqlState.UNDEFINED_FUNCTION, "Function " + name + "() takes " + expected + " argument(s)");
    }

    static SqlError typeError(String name, Expr e) {
        return new SqlError(SqlState.DATATYPE_MISMATCH, "Function " + name + "() does not accept " + e.sql() + " of type "
                + io.lancejdbc.sql.types.TypeNames.sqlName(e.type()));
    }
}
