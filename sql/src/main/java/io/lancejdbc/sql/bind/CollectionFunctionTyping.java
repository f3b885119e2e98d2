package io.lancejdbc.sql.bind;

import static io.lancejdbc.sql.bind.FunctionRegistry.arity;
import static io.lancejdbc.sql.bind.FunctionRegistry.call;
import static io.lancejdbc.sql.bind.FunctionRegistry.typeError;

import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.expr.ParamRef;
import io.lancejdbc.sql.expr.ScalarFunctionKey;
import io.lancejdbc.sql.types.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.ArrowType;

/** Typing of the array, map and vector-distance functions. */
final class CollectionFunctionTyping {
    private CollectionFunctionTyping() {
    }

    static List<ScalarFunctionDefinition> definitions() {
        List<ScalarFunctionDefinition> all = new ArrayList<>();
        all.add(ScalarFunctionDefinition.of(ScalarFunctionKey.ARRAY_CONTAINS, (name, written, args) -> {
            arity(name, args, 2, 2);
            Expr list = args.get(0);
            if (!Types.isListLike(list.type().getType())) {
                throw typeError(name, list);
            }
            ArrowType elem = list.type().getChildren().get(0).getType();
            Expr v = TypeCoercion.coerce(args.get(1), TypeCoercion.commonType(elem, args.get(1).type().getType(),
                    name + "()"));
            return call(ScalarFunctionKey.ARRAY_CONTAINS, List.of(list, v), Types.BOOL, args);
        }).aliased("list_contains"));
        all.add(ScalarFunctionDefinition.of(ScalarFunctionKey.CARDINALITY, (name, written, args) -> {
            arity(name, args, 1, 1);
            Expr list = args.get(0);
            if (!Types.isListLike(list.type().getType()) && !(list.type().getType() instanceof ArrowType.Map)) {
                throw typeError(name, list);
            }
            return call(ScalarFunctionKey.CARDINALITY, List.of(list), Types.INT64, args);
        }).aliased("size", "array_length", "array_size"));
        all.add(ScalarFunctionDefinition.named("element_at", Set.of(ScalarFunctionKey.ELEMENT_AT,
                ScalarFunctionKey.MAP_VALUE), (name, written, args) -> {
                    arity(name, args, 2, 2);
                    return Operators.subscript(args.get(0), args.get(1));
                }));
        all.add(distance(ScalarFunctionKey.L2_DISTANCE));
        all.add(distance(ScalarFunctionKey.COSINE_DISTANCE));
        all.add(distance(ScalarFunctionKey.INNER_PRODUCT).aliased("dot_product"));
        all.add(distance(ScalarFunctionKey.DOT_DISTANCE));
        all.add(distance(ScalarFunctionKey.HAMMING_DISTANCE));
        return List.copyOf(all);
    }

    /** A distance of two vectors (lists); a {@code ?} takes the vector type of the other argument. */
    private static ScalarFunctionDefinition distance(ScalarFunctionKey key) {
        return ScalarFunctionDefinition.of(key, (name, written, args) -> {
            arity(name, args, 2, 2);
            args = new ArrayList<>(args);
            for (int i = 0; i < 2; i++) {
                // A ? parameter takes the vector type of the other argument (PreparedStatement.setObject(float[])).
                Expr other = args.get(1 - i);
                if (args.get(i) instanceof ParamRef && Types.isNull(args.get(i).type().getType())
                        && Types.isListLike(other.type().getType())) {
                    args.set(i, new ParamRef(((ParamRef) args.get(i)).index(),
                            Types.withNullable(Types.withoutMetadata(Types.rename(other.type(), "")), true)));
                }
            }
            for (Expr e : args) {
                if (!Types.isListLike(e.type().getType())) {
                    throw typeError(name, e);
                }
            }
            return call(key, args, Types.FLOAT64, args);
        });
    }
}
