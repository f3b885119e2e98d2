package io.lancejdbc.sql.bind;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.expr.Call;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.expr.Functions;
import io.lancejdbc.sql.expr.Literal;
import io.lancejdbc.sql.expr.ScalarFunctionKey;
import io.lancejdbc.sql.types.Types;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/** Typing of SQL operators: comparisons, boolean logic, arithmetic, LIKE, IN, CASE, CAST, EXTRACT, subscripts. */
public final class Operators {
    private Operators() {
    }

    /**
     * A comparison {@code left op right}. When one side is a literal that converts exactly to the other side's type,
     * only the literal is converted (so the column stays bare and can be pushed down).
     */
    public static Expr compare(String op, Expr left, Expr right) {
        ArrowType lt = left.type().getType();
        ArrowType rt = right.type().getType();
        if (lt instanceof ArrowType.Bool && !(rt instanceof ArrowType.Bool) && !Types.isNull(rt)
                && !Types.isString(rt) || Types.isListLike(lt) || lt instanceof ArrowType.Struct
                || lt instanceof ArrowType.Map) {
            if (!(op.equals(Functions.EQ) || op.equals(Functions.NE) || op.equals(Functions.NULL_SAFE_EQ))
                    || !lt.equals(rt)) {
                throw new SqlError(SqlState.DATATYPE_MISMATCH, "Cannot compare " + left.sql() + " ("
                        + TypeCoercion.name(lt) + ") with " + right.sql() + " (" + TypeCoercion.name(rt) + ")");
            }
        }
        Expr[] pair = coercePair(left, right, "comparison " + left.sql() + " " + op + " " + right.sql());
        boolean nullable = !op.equals(Functions.NULL_SAFE_EQ)
                && (pair[0].type().isNullable() || pair[1].type().isNullable());
        return new Call(op, List.of(pair[0], pair[1]), Types.of(Types.BOOL, nullable));
    }

    /** Brings two operands to a common type, converting only a literal side when that is exact. */
    static Expr[] coercePair(Expr left, Expr right, String context) {
        ArrowType lt = left.type().getType();
        ArrowType rt = right.type().getType();
        if (lt.equals(rt)) {
            return new Expr[] {left, right};
        }
        if (right instanceof Literal && !(left instanceof Literal) && !Types.isNull(lt)) {
            java.util.Optional<Literal> exact = LiteralCasts.exact((Literal) right, lt);
            if (exact.isPresent() && (Types.isString(rt) || sameFamily(lt, rt) || Types.isNull(rt))) {
                return new Expr[] {left, exact.get()};
            }
        }
        if (left instanceof Literal && !(right instanceof Literal) && !Types.isNull(rt)) {
            java.util.Optional<Literal> exact = LiteralCasts.exact((Literal) left, rt);
            if (exact.isPresent() && (Types.isString(lt) || sameFamily(lt, rt) || Types.isNull(lt))) {
                return new Expr[] {exact.get(), right};
            }
        }
        ArrowType common = TypeCoercion.commonType(lt, rt, context);
        return new Expr[] {TypeCoercion.coerce(left, common), TypeCoercion.coerce(right, common)};
    }

    private static boolean sameFamily(ArrowType a, ArrowType b) {
        return Types.isNumeric(a) && Types.isNumeric(b) || Types.isTemporal(a) && Types.isTemporal(b)
                || Types.isBinary(a) && Types.isBinary(b);
    }

    /** n-ary AND / OR with three-valued logic. */
    public static Expr logical(String op, List<Expr> args) {
        List<Expr> flat = new ArrayList<>();
        boolean nullable = false;
        for (Expr a : args) {
            TypeCoercion.requireBoolean(a, "The operand of " + op.toUpperCase(java.util.Locale.ROOT));
            Expr b = TypeCoercion.coerce(a, Types.BOOL);
            if (b instanceof Call && ((Call) b).function().equals(op)) {
                flat.addAll(((Call) b).args());
            } else {
                flat.add(b);
            }
            nullable |= b.type().isNullable();
        }
        return new Call(op, flat, Types.of(Types.BOOL, nullable));
    }

    public static Expr not(Expr e) {
        TypeCoercion.requireBoolean(e, "The operand of NOT");
        Expr b = TypeCoercion.coerce(e, Types.BOOL);
        return new Call(Functions.NOT, List.of(b), Types.of(Types.BOOL, b.type().isNullable()));
    }

    public static Expr isNull(Expr e, boolean negated) {
        return new Call(negated ? Functions.IS_NOT_NULL : Functions.IS_NULL, List.of(e), Types.of(Types.BOOL, false));
    }

    /**
     * Arithmetic {@code + - * / %}. Integers compute in int64 (overflow is an error), {@code /} on exact numbers gives
     * float64, decimals widen (precision capped at 38), dates and timestamps take day counts and intervals.
     */
    public static Expr arithmetic(String op, Expr left, Expr right) {
        ArrowType lt = left.type().getType();
        ArrowType rt = right.type().getType();
        boolean nullable = left.type().isNullable() || right.type().isNullable() || op.equals(Functions.DIVIDE)
                || op.equals(Functions.MODULO);
        if (Types.isNull(lt) && Types.isNull(rt)) {
            return Literal.nullOf(Types.INT64);
        }
        if ((Types.isTemporal(lt) || Types.isTemporal(rt)) && (op.equals(Functions.ADD)
                || op.equals(Functions.SUBTRACT))) {
            return dateArithmetic(op, left, right);
        }
        if (Types.isString(lt) && left instanceof Literal) {
            left = TypeCoercion.coerce(left, Types.FLOAT64);
            lt = Types.FLOAT64;
        }
        if (Types.isString(rt) && right instanceof Literal) {
            right = TypeCoercion.coerce(right, Types.FLOAT64);
            rt = Types.FLOAT64;
        }
        if (Types.isNull(lt)) {
            lt = rt;
            left = TypeCoercion.coerce(left, rt);
        }
        if (Types.isNull(rt)) {
            rt = lt;
            right = TypeCoercion.coerce(right, lt);
        }
        if (!Types.isNumeric(lt) || !Types.isNumeric(rt)) {
            throw new SqlError(SqlState.DATATYPE_MISMATCH, "Operator " + op + " needs numbers, got " + left.sql()
                    + " (" + TypeCoercion.name(lt) + ") and " + right.sql() + " (" + TypeCoercion.name(rt) + ")");
        }
        ArrowType result;
        ArrowType operand;
        if (op.equals(Functions.DIVIDE) && !Types.isDecimal(lt) && !Types.isDecimal(rt)) {
            operand = Types.FLOAT64;
            result = Types.FLOAT64;
        } else if (op.equals(Functions.DIVIDE)) {
            operand = Types.FLOAT64;
            result = Types.FLOAT64;
        } else {
            operand = TypeCoercion.numericCommon(lt, rt);
            result = operand;
            if (operand instanceof ArrowType.Decimal) {
                ArrowType.Decimal a = TypeCoercion.asDecimal(Types.isDecimal(lt) || Types.isInteger(lt) ? lt : operand);
                ArrowType.Decimal b = TypeCoercion.asDecimal(Types.isDecimal(rt) || Types.isInteger(rt) ? rt : operand);
                if (op.equals(Functions.MULTIPLY)) {
                    int scale = Math.min(38, a.getScale() + b.getScale());
                    result = Types.decimal(Math.min(38, a.getPrecision() + b.getPrecision()), scale);
                    return new Call(op, List.of(TypeCoercion.coerce(left, a), TypeCoercion.coerce(right, b)),
                            Types.of(result, nullable));
                }
                int scale = Math.max(a.getScale(), b.getScale());
                int intDigits = Math.max(a.getPrecision() - a.getScale(), b.getPrecision() - b.getScale()) + 1;
                result = Types.decimal(Math.min(38, intDigits + scale), scale);
                operand = result;
            }
        }
        return new Call(op, List.of(TypeCoercion.coerce(left, operand), TypeCoercion.coerce(right, operand)),
                Types.of(result, nullable));
    }

    /**
     * {@code a DIV b} (MySQL, Doris): the quotient truncated toward zero. Integers divide exactly in the type
     * {@code +} would combine them in: BIGINT, or DECIMAL(20,0) when an operand is uint64 (so {@code u64 DIV 2} is
     * exact up to 2^64 − 1); decimals divide exactly and the quotient is a BIGINT; floats divide as {@code /} does and
     * the quotient is truncated to a BIGINT. Division by zero is 22012, a quotient outside BIGINT 22003
     * (docs/dialect-differences.md D2, D3).
     */
    public static Expr integerDivide(Expr left, Expr right) {
        ArrowType lt = left.type().getType();
        ArrowType rt = right.type().getType();
        if (Types.isNull(lt) && Types.isNull(rt)) {
            return Literal.nullOf(Types.INT64);
        }
        boolean exactLeft = Types.isInteger(lt) || Types.isDecimal(lt) || Types.isNull(lt);
        boolean exactRight = Types.isInteger(rt) || Types.isDecimal(rt) || Types.isNull(rt);
        if (exactLeft && exactRight) {
            ArrowType l = Types.isNull(lt) ? rt : lt;
            ArrowType r = Types.isNull(rt) ? lt : rt;
            ArrowType operand = TypeCoercion.numericCommon(l, r);
            if (!(operand instanceof ArrowType.Decimal)) {
                return new Call(Functions.INT_DIVIDE, List.of(TypeCoercion.coerce(left, Types.INT64),
                        TypeCoercion.coerce(right, Types.INT64)), Types.of(Types.INT64, true));
            }
            // |a DIV b| <= |a| / (smallest non-zero |b|) = |a| * 10^scale(b): the integer digits of a plus b's scale.
            ArrowType.Decimal a = TypeCoercion.asDecimal(l);
            ArrowType.Decimal b = TypeCoercion.asDecimal(r);
            ArrowType quotient = Types.decimal(Math.min(38, a.getPrecision() - a.getScale() + b.getScale()), 0);
            Expr div = new Call(Functions.INT_DIVIDE, List.of(TypeCoercion.coerce(left, operand),
                    TypeCoercion.coerce(right, operand)), Types.of(quotient, true));
            return Types.isDecimal(l) || Types.isDecimal(r) ? cast(div, Types.INT64, false) : div;
        }
        Expr q = arithmetic(Functions.DIVIDE, left, right);
        if (Types.isNull(q.type().getType())) {
            return Literal.nullOf(Types.INT64);
        }
        Expr negative = compare(Functions.LT, q, new Literal(0.0, Types.of(Types.FLOAT64, false)));
        Expr truncated = FunctionRegistry.scalar("if", List.of(negative, FunctionRegistry.scalar("ceil", List.of(q)),
                FunctionRegistry.scalar("floor", List.of(q))));
        return cast(truncated, Types.INT64, false);
    }

    private static Expr dateArithmetic(String op, Expr left, Expr right) {
        ArrowType lt = left.type().getType();
        ArrowType rt = right.type().getType();
        boolean nullable = left.type().isNullable() || right.type().isNullable();
        if (isInterval(right)) {
            Expr base = left;
            if (Types.isString(lt)) {
                base = TypeCoercion.coerce(left, Types.TIMESTAMP_US);
                lt = Types.TIMESTAMP_US;
            }
            Call iv = (Call) right;
            String unit = (String) ((Literal) iv.arg(1)).value();
            ArrowType result = lt;
            if (lt instanceof ArrowType.Date && !(unit.equals("day") || unit.equals("week") || unit.equals("month")
                    || unit.equals("year") || unit.equals("quarter"))) {
                result = Types.TIMESTAMP_US;
                base = TypeCoercion.coerce(base, result);
            }
            Expr amount = iv.arg(0);
            if (op.equals(Functions.SUBTRACT)) {
                amount = negate(amount);
            }
            return ScalarFunctionKey.DATE_ADD.call(List.of(base, amount, iv.arg(1)), Types.of(result, nullable));
        }
        if (isInterval(left) && op.equals(Functions.ADD)) {
            return dateArithmetic(op, right, left);
        }
        if (lt instanceof ArrowType.Date && Types.isInteger(rt)) {
            Expr amount = TypeCoercion.coerce(right, Types.INT64);
            if (op.equals(Functions.SUBTRACT)) {
                amount = negate(amount);
            }
            return ScalarFunctionKey.DATE_ADD.call(List.of(left, amount, Literal.ofString("day")), Types.of(Types.DATE, nullable));
        }
        if (op.equals(Functions.SUBTRACT) && Types.isTemporal(lt) && Types.isTemporal(rt)) {
            if (lt instanceof ArrowType.Date && rt instanceof ArrowType.Date) {
                return ScalarFunctionKey.DATEDIFF.call(List.of(left, right), Types.of(Types.INT64, nullable));
            }
            Expr[] pair = coercePair(left, right, "timestamp subtraction");
            return ScalarFunctionKey.TIMESTAMP_DIFF_US.call(List.of(pair[0], pair[1]), Types.of(Types.INT64, nullable));
        }
        throw new SqlError(SqlState.DATATYPE_MISMATCH, "Operator " + op + " is not defined for " + left.sql() + " ("
                + TypeCoercion.name(lt) + ") and " + right.sql() + " (" + TypeCoercion.name(rt)
                + "); use INTERVAL values with dates and timestamps");
    }

    /** An interval value: {@code interval(amount, unit)} with a lower-case unit literal. */
    public static Expr interval(Expr amount, String unit) {
        String u = unit.toLowerCase(java.util.Locale.ROOT);
        if (u.endsWith("s")) {
            u = u.substring(0, u.length() - 1);
        }
        switch (u) {
            case "year":
            case "quarter":
            case "month":
            case "week":
            case "day":
            case "hour":
            case "minute":
            case "second":
            case "millisecond":
            case "microsecond":
                break;
            default:
                throw new SqlError(SqlState.SYNTAX_ERROR, "Unknown interval unit " + unit);
        }
        return new Call("interval", List.of(TypeCoercion.coerce(amount, Types.INT64), Literal.ofString(u)),
                Types.of(Types.INT64, amount.type().isNullable()));
    }

    static boolean isInterval(Expr e) {
        return e instanceof Call && ((Call) e).function().equals("interval");
    }

    /**
     * Unary minus, defined as {@code 0 - e}: integers negate in BIGINT (22003 for {@code -(-2^63)}), uint64 in
     * DECIMAL(20,0) (so {@code -u64} is exact for every value), floats in DOUBLE, decimals in their own type.
     *
     * @throws SqlError 42804 for a non-numeric operand, 22003 for a BIGINT constant -2^63
     */
    public static Expr negate(Expr e) {
        ArrowType t = e.type().getType();
        if (e instanceof Literal && ((Literal) e).value() instanceof Long && TypeCoercion.isUint64(t)) {
            return negate(LiteralCasts.cast((Literal) e, TypeCoercion.asDecimal(t), false));
        }
        if (e instanceof Literal && ((Literal) e).value() instanceof Long) {
            long v = (Long) ((Literal) e).value();
            if (v == Long.MIN_VALUE) {
                throw new SqlError(SqlState.NUMERIC_OUT_OF_RANGE, "BIGINT value out of range: -(" + v + "); cast"
                        + " to DECIMAL(38,0) first");
            }
            return new Literal(-v, Types.isInteger(t) ? Types.of(Types.INT64, false) : e.type());
        }
        if (e instanceof Literal && ((Literal) e).value() instanceof Double) {
            return new Literal(-(Double) ((Literal) e).value(), e.type());
        }
        if (e instanceof Literal && ((Literal) e).value() instanceof java.math.BigDecimal) {
            return new Literal(((java.math.BigDecimal) ((Literal) e).value()).negate(), e.type());
        }
        if (!Types.isNumeric(t) && !Types.isNull(t)) {
            throw new SqlError(SqlState.DATATYPE_MISMATCH, "Cannot negate " + e.sql() + " of type "
                    + TypeCoercion.name(t));
        }
        Expr operand = TypeCoercion.isUint64(t) ? TypeCoercion.coerce(e, TypeCoercion.asDecimal(t))
                : Types.isInteger(t) || Types.isNull(t) ? TypeCoercion.coerce(e, Types.INT64)
                : Types.isFloating(t) ? TypeCoercion.coerce(e, Types.FLOAT64) : e;
        return new Call(Functions.NEGATE, List.of(operand), operand.type());
    }

    /** {@code value [NOT] LIKE|ILIKE pattern [ESCAPE esc]}; REGEXP is {@code regexp_like}. */
    public static Expr like(Expr value, Expr pattern, Expr escape, boolean caseInsensitive, boolean negated) {
        List<Expr> args = new ArrayList<>();
        args.add(FunctionRegistry.text("LIKE", value));
        args.add(FunctionRegistry.text("LIKE", pattern));
        if (escape != null) {
            args.add(FunctionRegistry.text("LIKE", escape));
        }
        Expr call = new Call(caseInsensitive ? Functions.ILIKE : Functions.LIKE, args,
                Types.of(Types.BOOL, value.type().isNullable() || pattern.type().isNullable()));
        return negated ? not(call) : call;
    }

    /** {@code value [NOT] IN (items)}. */
    public static Expr in(Expr value, List<Expr> items, boolean negated) {
        ArrowType t = value.type().getType();
        boolean allLiterals = items.stream().allMatch(i -> i instanceof Literal);
        for (Expr i : items) {
            t = TypeCoercion.commonType(t, i.type().getType(), "IN list of " + value.sql());
        }
        List<Expr> args = new ArrayList<>();
        boolean nullable = value.type().isNullable();
        ArrowType vt = value.type().getType();
        if (allLiterals && !(value instanceof Literal) && !Types.isNull(vt)) {
            // Keep the column bare when every literal converts exactly (predicate pushdown needs a direct column).
            List<Expr> exact = new ArrayList<>();
            for (Expr i : items) {
                java.util.Optional<Literal> l = LiteralCasts.exact((Literal) i, vt);
                if (l.isEmpty()) {
                    exact = null;
                    break;
                }
                exact.add(l.get());
            }
            if (exact != null) {
                args.add(value);
                args.addAll(exact);
                for (Expr i : exact) {
                    nullable |= i.type().isNullable();
                }
                Expr call = new Call(Functions.IN, args, Types.of(Types.BOOL, nullable));
                return negated ? not(call) : call;
            }
        }
        args.add(TypeCoercion.coerce(value, t));
        for (Expr i : items) {
            args.add(TypeCoercion.coerce(i, t));
            nullable |= i.type().isNullable();
        }
        Expr call = new Call(Functions.IN, args, Types.of(Types.BOOL, nullable));
        return negated ? not(call) : call;
    }

    /** {@code CASE WHEN c1 THEN v1 ... [ELSE e] END}; {@code whenThen} alternates conditions and values. */
    public static Expr caseWhen(List<Expr> whenThen, Expr otherwise) {
        ArrowType t = Types.NULL;
        for (int i = 1; i < whenThen.size(); i += 2) {
            t = TypeCoercion.commonType(t, whenThen.get(i).type().getType(), "CASE");
        }
        if (otherwise != null) {
            t = TypeCoercion.commonType(t, otherwise.type().getType(), "CASE");
        }
        List<Expr> args = new ArrayList<>();
        boolean nullable = otherwise == null || otherwise.type().isNullable();
        Field template = null;
        for (int i = 0; i < whenThen.size(); i += 2) {
            TypeCoercion.requireBoolean(whenThen.get(i), "A CASE WHEN condition");
            args.add(TypeCoercion.coerce(whenThen.get(i), Types.BOOL));
            Expr v = TypeCoercion.coerce(whenThen.get(i + 1), t);
            nullable |= v.type().isNullable();
            if (template == null && !v.type().getChildren().isEmpty()) {
                template = v.type();
            }
            args.add(v);
        }
        if (otherwise != null) {
            args.add(TypeCoercion.coerce(otherwise, t));
        }
        Field type = template != null ? Types.withNullable(Types.withoutMetadata(Types.rename(template, "")), nullable)
                : Types.of(t, nullable);
        return new Call(Functions.CASE, args, type);
    }

    /**
     * {@code CAST(e AS target)} or {@code TRY_CAST}. Constants fold at planning time.
     *
     * @throws SqlError 22018 when a constant does not convert (CAST only), 42804 for impossible casts
     */
    public static Expr cast(Expr e, ArrowType target, boolean tryCast) {
        ArrowType from = e.type().getType();
        if (from.equals(target)) {
            return e;
        }
        if (!castable(from, target)) {
            throw new SqlError(SqlState.DATATYPE_MISMATCH, "Cannot cast " + e.sql() + " from "
                    + TypeCoercion.name(from) + " to " + TypeCoercion.name(target));
        }
        if (e instanceof Literal) {
            return LiteralCasts.cast((Literal) e, target, tryCast);
        }
        return new Call(tryCast ? Functions.TRY_CAST : Functions.CAST, List.of(e),
                Types.of(target, e.type().isNullable() || tryCast || Types.isString(from)));
    }

    private static boolean castable(ArrowType from, ArrowType to) {
        if (Types.isNull(from) || Types.isString(to)) {
            return true;
        }
        boolean scalarFrom = Types.isNumeric(from) || Types.isString(from) || from instanceof ArrowType.Bool;
        boolean scalarTo = Types.isNumeric(to) || to instanceof ArrowType.Bool;
        if (scalarFrom && scalarTo) {
            return true;
        }
        if (Types.isTemporal(to)) {
            return Types.isString(from) || Types.isTemporal(from) && !(from instanceof ArrowType.Time
                    ^ to instanceof ArrowType.Time);
        }
        if (Types.isBinary(to)) {
            return Types.isString(from) || Types.isBinary(from);
        }
        if (Types.isNumeric(to) && Types.isTemporal(from)) {
            return false;
        }
        return false;
    }

    /** The date part of MySQL's and Doris's {@code week(x)} (mode 0: Sunday-first weeks 0..53), for week() only. */
    public static final String SUNDAY_WEEK_PART = "week_sunday";

    /** {@code EXTRACT(part FROM e)} and the year()/month()/... functions; result int64 (second: float64). */
    public static Expr extract(String part, Expr e) {
        String p = part.toLowerCase(java.util.Locale.ROOT);
        Expr v = e;
        ArrowType t = v.type().getType();
        if (Types.isString(t)) {
            v = TypeCoercion.coerce(v, Types.TIMESTAMP_US);
            t = Types.TIMESTAMP_US;
        }
        if (!Types.isTemporal(t)) {
            throw new SqlError(SqlState.DATATYPE_MISMATCH, "Cannot extract " + part + " from " + e.sql() + " of type "
                    + TypeCoercion.name(t));
        }
        switch (p) {
            case "year":
            case "month":
            case "day":
            case "hour":
            case "minute":
            case "second":
            case "quarter":
            case "week":
            case SUNDAY_WEEK_PART:
            case "dayofweek":
            case "dow":
            case "dayofyear":
            case "doy":
            case "epoch":
            case "millisecond":
            case "microsecond":
                break;
            default:
                throw new SqlError(SqlState.SYNTAX_ERROR, "Unknown date part " + part);
        }
        ArrowType r = p.equals("epoch") ? Types.FLOAT64 : Types.INT64;
        return ScalarFunctionKey.EXTRACT.call(List.of(Literal.ofString(p), v), Types.of(r, e.type().isNullable()));
    }

    /** {@code list[i]} (1-based) or {@code map[key]}. */
    public static Expr subscript(Expr container, Expr index) {
        ArrowType t = container.type().getType();
        if (Types.isListLike(t)) {
            Field elem = container.type().getChildren().get(0);
            return ScalarFunctionKey.ELEMENT_AT.call(List.of(container, TypeCoercion.coerce(index, Types.INT64)),
                    Types.withNullable(Types.withoutMetadata(Types.rename(elem, "")), true));
        }
        if (t instanceof ArrowType.Map) {
            Field entries = container.type().getChildren().get(0);
            Field key = entries.getChildren().get(0);
            Field value = entries.getChildren().get(1);
            Expr k = TypeCoercion.coerce(index, TypeCoercion.commonType(key.getType(), index.type().getType(),
                    "map subscript"));
            return ScalarFunctionKey.MAP_VALUE.call(List.of(container, k),
                    Types.withNullable(Types.withoutMetadata(Types.rename(value, "")), true));
        }
        if (t instanceof ArrowType.Struct) {
            throw new SqlError(SqlState.DATATYPE_MISMATCH, "Cannot subscript struct " + container.sql()
                    + "; read a struct field with a dot, e.g. " + container.sql() + "."
                    + (container.type().getChildren().isEmpty() ? "field"
                            : container.type().getChildren().get(0).getName()) + " (only arrays and maps take [ ])");
        }
        throw new SqlError(SqlState.DATATYPE_MISMATCH, "Cannot subscript " + container.sql() + " of type "
                + TypeCoercion.name(t) + "; only arrays and maps take [ ]");
    }

    /** {@code struct.field}. */
    public static Expr field(Expr struct, String name) {
        if (!(struct.type().getType() instanceof ArrowType.Struct)) {
            throw new SqlError(SqlState.DATATYPE_MISMATCH, struct.sql() + " is not a struct; cannot read field " + name);
        }
        List<Field> children = struct.type().getChildren();
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < children.size(); i++) {
                Field c = children.get(i);
                if (pass == 0 ? c.getName().equals(name) : c.getName().equalsIgnoreCase(name)) {
                    return ScalarFunctionKey.STRUCT_FIELD.call(List.of(struct, Literal.ofLong(i)),
                            Types.withNullable(Types.withoutMetadata(Types.rename(c, "")), true));
                }
            }
        }
        throw new SqlError(SqlState.COLUMN_NOT_FOUND, "Struct " + struct.sql() + " has no field '" + name + "' (fields: "
                + children.stream().map(Field::getName).collect(java.util.stream.Collectors.joining(", ")) + ")");
    }

    /** True for float types narrower than float64 (they compute as float64). */
    static boolean isNarrowFloat(ArrowType t) {
        return t instanceof ArrowType.FloatingPoint
                && ((ArrowType.FloatingPoint) t).getPrecision() != FloatingPointPrecision.DOUBLE;
    }
}
