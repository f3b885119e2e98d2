package io.lancejdbc.sql.bind;

import static io.lancejdbc.sql.bind.FunctionRegistry.arity;
import static io.lancejdbc.sql.bind.FunctionRegistry.arityError;
import static io.lancejdbc.sql.bind.FunctionRegistry.call;

import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.expr.ScalarFunctionKey;
import io.lancejdbc.sql.types.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/** Typing of greatest/least, coalesce/ifnull, nullif and if: the arguments take their common type. */
final class ConditionalFunctionTyping {
    private ConditionalFunctionTyping() {
    }

    static List<ScalarFunctionDefinition> definitions() {
        return List.of(
                extreme(ScalarFunctionKey.GREATEST),
                extreme(ScalarFunctionKey.LEAST),
                coalesce("coalesce", "at least 1"),
                coalesce("ifnull", "2").aliased("nvl"),
                ScalarFunctionDefinition.of(ScalarFunctionKey.NULLIF, (name, written, args) -> {
                    arity(name, args, 2, 2);
                    ArrowType t = TypeCoercion.commonType(args.get(0).type().getType(), args.get(1).type().getType(),
                            "nullif()");
                    return ScalarFunctionKey.NULLIF.call(List.of(TypeCoercion.coerce(args.get(0), t),
                            TypeCoercion.coerce(args.get(1), t)), Types.of(t, true));
                }),
                ScalarFunctionDefinition.named("if", Set.of(), (name, written, args) -> {
                    arity(name, args, 3, 3);
                    TypeCoercion.requireBoolean(args.get(0), "The first argument of IF");
                    return Operators.caseWhen(List.of(args.get(0), args.get(1)), args.get(2));
                }));
    }

    private static ScalarFunctionDefinition extreme(ScalarFunctionKey key) {
        return ScalarFunctionDefinition.of(key, (name, written, args) -> {
            if (args.isEmpty()) {
                throw arityError(name, "at least 1");
            }
            ArrowType t = commonType(name, args);
            List<Expr> a = new ArrayList<>();
            for (Expr e : args) {
                a.add(TypeCoercion.coerce(e, t));
            }
            return call(key, a, t, args);
        });
    }

    /**
     * {@code coalesce(a, ...)} and {@code ifnull(a, b)}: non-NULL when any argument is; the result keeps the field
     * (e.g. list element names) of an argument that already has the common type.
     */
    private static ScalarFunctionDefinition coalesce(String functionName, String arguments) {
        return ScalarFunctionDefinition.named(functionName, Set.of(ScalarFunctionKey.COALESCE),
                (name, written, args) -> {
                    if (args.isEmpty() || (name.equals("ifnull") && args.size() != 2)) {
                        throw arityError(name, arguments);
                    }
                    ArrowType t = commonType(name, args);
                    List<Expr> a = new ArrayList<>();
                    boolean nullable = true;
                    for (Expr e : args) {
                        a.add(TypeCoercion.coerce(e, t));
                        nullable &= e.type().isNullable();
                    }
                    return ScalarFunctionKey.COALESCE.call(a, fieldLike(t, args, nullable));
                });
    }

    private static ArrowType commonType(String name, List<Expr> args) {
        ArrowType t = Types.NULL;
        for (Expr e : args) {
            t = TypeCoercion.commonType(t, e.type().getType(), name + "()");
        }
        return t;
    }

    private static Field fieldLike(ArrowType t, List<Expr> args, boolean nullable) {
        for (Expr e : args) {
            if (e.type().getType().equals(t)) {
                return Types.withNullable(Types.withoutMetadata(Types.rename(e.type(), "")), nullable);
            }
        }
        return Types.of(t, nullable);
    }
}
