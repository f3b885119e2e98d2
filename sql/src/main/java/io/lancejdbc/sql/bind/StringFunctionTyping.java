package io.lancejdbc.sql.bind;

import static io.lancejdbc.sql.bind.FunctionRegistry.arity;
import static io.lancejdbc.sql.bind.FunctionRegistry.arityError;
import static io.lancejdbc.sql.bind.FunctionRegistry.call;
import static io.lancejdbc.sql.bind.FunctionRegistry.integer;
import static io.lancejdbc.sql.bind.FunctionRegistry.text;
import static io.lancejdbc.sql.expr.ScalarFunctionKey.CONCAT;
import static io.lancejdbc.sql.expr.ScalarFunctionKey.ENDS_WITH;
import static io.lancejdbc.sql.expr.ScalarFunctionKey.LEFT;
import static io.lancejdbc.sql.expr.ScalarFunctionKey.LENGTH;
import static io.lancejdbc.sql.expr.ScalarFunctionKey.LOWER;
import static io.lancejdbc.sql.expr.ScalarFunctionKey.LPAD;
import static io.lancejdbc.sql.expr.ScalarFunctionKey.LTRIM;
import static io.lancejdbc.sql.expr.ScalarFunctionKey.POSITION;
import static io.lancejdbc.sql.expr.ScalarFunctionKey.REGEXP_LIKE;
import static io.lancejdbc.sql.expr.ScalarFunctionKey.REPEAT;
import static io.lancejdbc.sql.expr.ScalarFunctionKey.REPLACE;
import static io.lancejdbc.sql.expr.ScalarFunctionKey.REVERSE;
import static io.lancejdbc.sql.expr.ScalarFunctionKey.RIGHT;
import static io.lancejdbc.sql.expr.ScalarFunctionKey.RPAD;
import static io.lancejdbc.sql.expr.ScalarFunctionKey.RTRIM;
import static io.lancejdbc.sql.expr.ScalarFunctionKey.SPLIT_PART;
import static io.lancejdbc.sql.expr.ScalarFunctionKey.STARTS_WITH;
import static io.lancejdbc.sql.expr.ScalarFunctionKey.SUBSTRING;
import static io.lancejdbc.sql.expr.ScalarFunctionKey.TRIM;
import static io.lancejdbc.sql.expr.ScalarFunctionKey.UPPER;

import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.expr.ScalarFunctionKey;
import io.lancejdbc.sql.types.Types;
import java.util.ArrayList;
import java.util.List;

/** Typing of the string functions. Any argument that is text, a number, a date/time or a boolean reads as text. */
final class StringFunctionTyping {
    private StringFunctionTyping() {
    }

    static List<ScalarFunctionDefinition> definitions() {
        return List.of(
                textToText(UPPER).aliased("ucase"),
                textToText(LOWER).aliased("lcase"),
                textToText(TRIM),
                textToText(LTRIM),
                textToText(RTRIM),
                textToText(REVERSE),
                ScalarFunctionDefinition.of(LENGTH, (name, written, args) -> {
                    arity(name, args, 1, 1);
                    return call(LENGTH, List.of(text(name, args.get(0))), Types.INT64, args);
                }).aliased("char_length", "character_length"),
                ScalarFunctionDefinition.of(CONCAT, (name, written, args) -> {
                    if (args.isEmpty()) {
                        throw arityError(name, "at least 1");
                    }
                    List<Expr> a = new ArrayList<>();
                    for (Expr e : args) {
                        a.add(TypeCoercion.coerce(e, Types.UTF8));
                    }
                    return call(CONCAT, a, Types.UTF8, args);
                }),
                ScalarFunctionDefinition.of(SUBSTRING, (name, written, args) -> {
                    arity(name, args, 2, 3);
                    List<Expr> a = new ArrayList<>();
                    a.add(text(name, args.get(0)));
                    a.add(integer(name, args.get(1)));
                    if (args.size() == 3) {
                        a.add(integer(name, args.get(2)));
                    }
                    return call(SUBSTRING, a, Types.UTF8, args);
                }).aliased("substr"),
                ScalarFunctionDefinition.of(REPLACE, (name, written, args) -> {
                    arity(name, args, 3, 3);
                    return call(REPLACE, List.of(text(name, args.get(0)), text(name, args.get(1)),
                            text(name, args.get(2))), Types.UTF8, args);
                }),
                ScalarFunctionDefinition.of(SPLIT_PART, (name, written, args) -> {
                    arity(name, args, 3, 3);
                    return call(SPLIT_PART, List.of(text(name, args.get(0)), text(name, args.get(1)),
                            integer(name, args.get(2))), Types.UTF8, args);
                }),
                textPredicate(STARTS_WITH),
                textPredicate(ENDS_WITH),
                textPredicate(REGEXP_LIKE).aliased("regexp_matches"),
                ScalarFunctionDefinition.of(POSITION, (name, written, args) -> {
                    if ((written.equals("strpos") || written.equals("instr")) && args.size() == 2) {
                        // strpos(string, substring) and instr(string, substring) are position(substring IN string).
                        args = List.of(args.get(1), args.get(0));
                    }
                    arity(name, args, 2, 2);
                    return call(POSITION, List.of(text(name, args.get(0)), text(name, args.get(1))), Types.INT64,
                            args);
                }).aliased("strpos", "instr"),
                textAndCount(LEFT),
                textAndCount(RIGHT),
                textAndCount(REPEAT),
                pad(LPAD),
                pad(RPAD));
    }

    private static ScalarFunctionDefinition textToText(ScalarFunctionKey key) {
        return ScalarFunctionDefinition.of(key, (name, written, args) -> {
            arity(name, args, 1, 1);
            return call(key, List.of(text(name, args.get(0))), Types.UTF8, args);
        });
    }

    private static ScalarFunctionDefinition textPredicate(ScalarFunctionKey key) {
        return ScalarFunctionDefinition.of(key, (name, written, args) -> {
            arity(name, args, 2, 2);
            return call(key, List.of(text(name, args.get(0)), text(name, args.get(1))), Types.BOOL, args);
        });
    }

    private static ScalarFunctionDefinition textAndCount(ScalarFunctionKey key) {
        return ScalarFunctionDefinition.of(key, (name, written, args) -> {
            arity(name, args, 2, 2);
            return call(key, List.of(text(name, args.get(0)), integer(name, args.get(1))), Types.UTF8, args);
        });
    }

    private static ScalarFunctionDefinition pad(ScalarFunctionKey key) {
        return ScalarFunctionDefinition.of(key, (name, written, args) -> {
            arity(name, args, 3, 3);
            return call(key, List.of(text(name, args.get(0)), integer(name, args.get(1)), text(name, args.get(2))),
                    Types.UTF8, args);
        });
    }
}
