package io.lancejdbc.sql.bind;

import static io.lancejdbc.sql.bind.FunctionRegistry.arity;
import static io.lancejdbc.sql.bind.FunctionRegistry.call;
import static io.lancejdbc.sql.bind.FunctionRegistry.text;
import static io.lancejdbc.sql.bind.FunctionRegistry.typeError;

import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.expr.ScalarFunctionKey;
import io.lancejdbc.sql.types.Types;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Typing of the date and time functions. Text arguments read as TIMESTAMP; NOW() and CURRENT_DATE are the
 * statement's instant (one value per statement).
 */
final class TemporalFunctionTyping {
    private TemporalFunctionTyping() {
    }

    static List<ScalarFunctionDefinition> definitions() {
        List<ScalarFunctionDefinition> all = new ArrayList<>();
        all.add(ScalarFunctionDefinition.of(ScalarFunctionKey.NOW, (name, written, args) -> {
            arity(name, args, 0, 1);
            return ScalarFunctionKey.NOW.call(List.of(), Types.of(Types.TIMESTAMP_US, false));
        }).aliased("current_timestamp", "localtimestamp"));
        all.add(ScalarFunctionDefinition.of(ScalarFunctionKey.CURRENT_DATE, (name, written, args) -> {
            arity(name, args, 0, 0);
            return ScalarFunctionKey.CURRENT_DATE.call(List.of(), Types.of(Types.DATE, false));
        }).alsoNamed("curdate", "today"));
        // Function name -> date part. week(x) is MySQL's and Doris's WEEK(x) (mode 0, Sunday-first weeks 0..53),
        // weekofyear(x) the ISO week, as in Doris; EXTRACT(week FROM x) is the ISO week (standard SQL, PostgreSQL).
        Map<String, String> parts = new LinkedHashMap<>();
        for (String part : List.of("year", "month", "day", "hour", "minute", "second", "quarter", "dayofweek",
                "dayofyear")) {
            parts.put(part, part);
        }
        parts.put("week", Operators.SUNDAY_WEEK_PART);
        parts.put("weekofyear", "week");
        parts.forEach((function, part) -> {
            ScalarFunctionDefinition d = ScalarFunctionDefinition.named(function, Set.of(ScalarFunctionKey.EXTRACT),
                    (name, written, args) -> {
                        arity(name, args, 1, 1);
                        return Operators.extract(part, args.get(0));
                    });
            all.add(function.equals("day") ? d.aliased("dayofmonth") : d);
        });
        all.add(ScalarFunctionDefinition.named("date", Set.of(), (name, written, args) -> {
            arity(name, args, 1, 1);
            return Operators.cast(args.get(0), Types.DATE, false);
        }).alsoNamed("to_date"));
        all.add(ScalarFunctionDefinition.of(ScalarFunctionKey.DATE_TRUNC, (name, written, args) -> {
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
            return call(ScalarFunctionKey.DATE_TRUNC, List.of(unit, v), vt, args);
        }));
        all.add(ScalarFunctionDefinition.of(ScalarFunctionKey.DATEDIFF, (name, written, args) -> {
            arity(name, args, 2, 2);
            return call(ScalarFunctionKey.DATEDIFF, List.of(Operators.cast(args.get(0), Types.DATE, false),
                    Operators.cast(args.get(1), Types.DATE, false)), Types.INT64, args);
        }));
        all.add(ScalarFunctionDefinition.of(ScalarFunctionKey.DATE_FORMAT, (name, written, args) -> {
            arity(name, args, 2, 2);
            Expr v = args.get(0);
            if (Types.isString(v.type().getType()) || v.type().getType() instanceof ArrowType.Date) {
                v = TypeCoercion.coerce(v, Types.TIMESTAMP_US);
            }
            if (!(v.type().getType() instanceof ArrowType.Timestamp)) {
                throw typeError(name, v);
            }
            return call(ScalarFunctionKey.DATE_FORMAT, List.of(v, text(name, args.get(1))), Types.UTF8, args);
        }).alsoNamed("strftime"));
        all.add(ScalarFunctionDefinition.of(ScalarFunctionKey.EPOCH, (name, written, args) -> {
            arity(name, args, 1, 1);
            Expr v = TypeCoercion.coerce(args.get(0), Types.TIMESTAMP_US);
            return call(ScalarFunctionKey.EPOCH, List.of(v), Types.INT64, args);
        }).alsoNamed("unix_timestamp"));
        return List.copyOf(all);
    }
}
