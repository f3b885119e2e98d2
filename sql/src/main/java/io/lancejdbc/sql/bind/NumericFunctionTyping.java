package io.lancejdbc.sql.bind;

import static io.lancejdbc.sql.bind.FunctionRegistry.arity;
import static io.lancejdbc.sql.bind.FunctionRegistry.call;
import static io.lancejdbc.sql.bind.FunctionRegistry.integer;
import static io.lancejdbc.sql.bind.FunctionRegistry.numeric;

import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.expr.Functions;
import io.lancejdbc.sql.expr.Literal;
import io.lancejdbc.sql.expr.ScalarFunctionKey;
import io.lancejdbc.sql.types.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Typing of the numeric functions. Transcendental functions compute in DOUBLE; abs, ceil, floor and round keep
 * integers and decimals exact, and an unsigned 64-bit argument never narrows to BIGINT (it would not hold values
 * above 2^63 - 1).
 */
final class NumericFunctionTyping {
    private NumericFunctionTyping() {
    }

    static List<ScalarFunctionDefinition> definitions() {
        List<ScalarFunctionDefinition> all = new ArrayList<>();
        all.add(ScalarFunctionDefinition.of(ScalarFunctionKey.ABS, (name, written, args) -> {
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
            return call(ScalarFunctionKey.ABS, List.of(TypeCoercion.coerce(a, t)), t, args);
        }));
        all.add(ceilOrFloor(ScalarFunctionKey.CEIL).aliased("ceiling"));
        all.add(ceilOrFloor(ScalarFunctionKey.FLOOR));
        all.add(ScalarFunctionDefinition.of(ScalarFunctionKey.ROUND, (name, written, args) -> {
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
            return call(ScalarFunctionKey.ROUND, ca, t, args);
        }));
        for (ScalarFunctionKey k : List.of(ScalarFunctionKey.SQRT, ScalarFunctionKey.EXP, ScalarFunctionKey.LN,
                ScalarFunctionKey.LOG10, ScalarFunctionKey.LOG2, ScalarFunctionKey.SIN, ScalarFunctionKey.COS,
                ScalarFunctionKey.TAN, ScalarFunctionKey.ASIN, ScalarFunctionKey.ACOS, ScalarFunctionKey.ATAN,
                ScalarFunctionKey.DEGREES, ScalarFunctionKey.RADIANS, ScalarFunctionKey.CBRT)) {
            all.add(ScalarFunctionDefinition.of(k, (name, written, args) -> {
                arity(name, args, 1, 1);
                return call(k, List.of(asDouble(name, args.get(0))), Types.FLOAT64, args);
            }));
        }
        all.add(ScalarFunctionDefinition.of(ScalarFunctionKey.SIGN, (name, written, args) -> {
            arity(name, args, 1, 1);
            return call(ScalarFunctionKey.SIGN, List.of(asDouble(name, args.get(0))), Types.INT64, args);
        }));
        all.add(binaryDouble(ScalarFunctionKey.POWER).aliased("pow"));
        all.add(binaryDouble(ScalarFunctionKey.ATAN2));
        all.add(new ScalarFunctionDefinition(List.of("log"), List.of(),
                Set.of(ScalarFunctionKey.LN, ScalarFunctionKey.LOG), (name, written, args) -> {
                    arity(name, args, 1, 2);
                    if (args.size() == 1) {
                        return call(ScalarFunctionKey.LN, List.of(asDouble(name, args.get(0))), Types.FLOAT64, args);
                    }
                    return call(ScalarFunctionKey.LOG, List.of(asDouble(name, args.get(0)),
                            asDouble(name, args.get(1))), Types.FLOAT64, args);
                }));
        all.add(ScalarFunctionDefinition.named("pi", Set.of(), (name, written, args) -> {
            arity(name, args, 0, 0);
            return new Literal(Math.PI, Types.of(Types.FLOAT64, false));
        }));
        all.add(ScalarFunctionDefinition.named("mod", Set.of(), (name, written, args) -> {
            arity(name, args, 2, 2);
            return Operators.arithmetic(Functions.MODULO, args.get(0), args.get(1));
        }));
        return List.copyOf(all);
    }

    private static Expr asDouble(String name, Expr e) {
        return TypeCoercion.coerce(numeric(name, e), Types.FLOAT64);
    }

    private static ScalarFunctionDefinition ceilOrFloor(ScalarFunctionKey key) {
        return ScalarFunctionDefinition.of(key, (name, written, args) -> {
            arity(name, args, 1, 1);
            Expr a = numeric(name, args.get(0));
            ArrowType t = a.type().getType();
            if (Types.isInteger(t)) {
                return TypeCoercion.isUint64(t) ? a : TypeCoercion.coerce(a, Types.INT64);
            }
            if (Types.isDecimal(t)) {
                ArrowType.Decimal d = (ArrowType.Decimal) t;
                ArrowType r = Types.decimal(Math.min(38, d.getPrecision() - d.getScale() + 1), 0);
                return call(key, List.of(a), r, args);
            }
            return call(key, List.of(TypeCoercion.coerce(a, Types.FLOAT64)), Types.FLOAT64, args);
        });
    }

    private static ScalarFunctionDefinition binaryDouble(ScalarFunctionKey key) {
        return ScalarFunctionDefinition.of(key, (name, written, args) -> {
            arity(name, args, 2, 2);
            return call(key, List.of(asDouble(name, args.get(0)), asDouble(name, args.get(1))), Types.FLOAT64, args);
        });
    }
}
