package io.lancejdbc.exec.engine;

import io.lancejdbc.engine.ParameterValue;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.expr.Literal;
import io.lancejdbc.sql.types.Types;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/** Turns bound parameter values into typed literals, so they push down exactly like constants in the SQL text. */
final class ParameterLiterals {
    private ParameterLiterals() {
    }

    static List<Literal> of(List<ParameterValue> params) {
        List<Literal> out = new ArrayList<>(params.size());
        for (int i = 0; i < params.size(); i++) {
            ParameterValue p = params.get(i);
            out.add(p == null ? null : literal(p, i));
        }
        return out;
    }

    private static Literal literal(ParameterValue p, int index) {
        Object v = p.value();
        ArrowType t = p.type();
        if (v == null) {
            return Literal.nullOf(t);
        }
        if (t instanceof ArrowType.Int) {
            if (v instanceof BigInteger) {
                BigInteger b = (BigInteger) v;
                if (b.bitLength() < 64) {
                    v = b.longValue();
                } else {
                    return new Literal(new BigDecimal(b), Types.of(Types.decimal(Math.max(1, b.toString().length()),
                            0), false));
                }
            } else if (v instanceof Number) {
                v = ((Number) v).longValue();
            }
        } else if (t instanceof ArrowType.FloatingPoint && v instanceof Number) {
            v = ((Number) v).doubleValue();
        } else if (t instanceof ArrowType.Decimal && v instanceof BigDecimal) {
            BigDecimal d = (BigDecimal) v;
            int scale = Math.max(d.scale(), 0);
            int precision = Math.max(d.precision(), scale + 1);
            if (precision > 38) {
                throw new SqlError(SqlState.NUMERIC_OUT_OF_RANGE, "Parameter " + (index + 1) + " has more than 38"
                        + " digits");
            }
            t = Types.decimal(precision, scale);
        }
        if (v instanceof float[] || v instanceof double[]) {
            int n = v instanceof float[] ? ((float[]) v).length : ((double[]) v).length;
            ArrowType elem = v instanceof float[] ? Types.FLOAT32 : Types.FLOAT64;
            Field f = new Field("", new org.apache.arrow.vector.types.pojo.FieldType(false,
                    new ArrowType.FixedSizeList(n), null), List.of(Types.field("item", elem, true)));
            return new Literal(v, f);
        }
        if (v instanceof List && Types.isListLike(t)) {
            return new Literal(v, Types.list("", Types.of(Types.FLOAT64, true), false));
        }
        return new Literal(v, Types.of(t, false));
    }
}
