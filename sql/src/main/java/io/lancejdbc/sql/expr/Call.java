package io.lancejdbc.sql.expr;

import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * An operator or function applied to arguments, e.g. {@code =}, {@code and}, {@code +}, {@code like},
 * {@code cast}, {@code case}, {@code upper}. Function names are lower case; see {@link Functions} for the
 * operator names and argument conventions.
 *
 * @param function lower-case operator or function name
 * @param args the arguments, already coerced to the types the function expects
 * @param type the result type
 */
public record Call(String function, List<Expr> args, Field type) implements Expr {
    public Call {
        Objects.requireNonNull(function, "function");
        args = List.copyOf(args);
        Objects.requireNonNull(type, "type");
    }

    public Expr arg(int i) {
        return args.get(i);
    }

    @Override
    public String sql() {
        switch (function) {
            case Functions.AND:
            case Functions.OR:
                return args.stream().map(a -> "(" + a.sql() + ")")
                        .collect(Collectors.joining(" " + function.toUpperCase(java.util.Locale.ROOT) + " "));
            case Functions.NOT:
                return "NOT (" + args.get(0).sql() + ")";
            case Functions.EQ:
            case Functions.NE:
            case Functions.LT:
            case Functions.LE:
            case Functions.GT:
            case Functions.GE:
            case Functions.NULL_SAFE_EQ:
            case Functions.ADD:
            case Functions.SUBTRACT:
            case Functions.MULTIPLY:
            case Functions.DIVIDE:
            case Functions.INT_DIVIDE:
            case Functions.MODULO:
            case Functions.CONCAT_OP:
                return args.get(0).sql() + " " + function + " " + args.get(1).sql();
            case Functions.NEGATE:
                return "-" + args.get(0).sql();
            case Functions.IS_NULL:
                return args.get(0).sql() + " IS NULL";
            case Functions.IS_NOT_NULL:
                return args.get(0).sql() + " IS NOT NULL";
            case Functions.LIKE:
            case Functions.ILIKE:
                return args.get(0).sql() + " " + function.toUpperCase(java.util.Locale.ROOT) + " " + args.get(1).sql();
            case Functions.IN:
                return args.get(0).sql() + " IN (" + args.subList(1, args.size()).stream().map(Expr::sql)
                        .collect(Collectors.joining(", ")) + ")";
            case Functions.CAST:
                return "CAST(" + args.get(0).sql() + " AS " + io.lancejdbc.sql.types.TypeNames.sqlName(type) + ")";
            case Functions.CASE:
                StringBuilder sb = new StringBuilder("CASE");
                int n = args.size();
                for (int i = 0; i + 1 < n; i += 2) {
                    sb.append(" WHEN ").append(args.get(i).sql()).append(" THEN ").append(args.get(i + 1).sql());
                }
                if (n % 2 == 1) {
                    sb.append(" ELSE ").append(args.get(n - 1).sql());
                }
                return sb.append(" END").toString();
            default:
                return function + "(" + args.stream().map(Expr::sql).collect(Collectors.joining(", ")) + ")";
        }
    }
}
