package io.lancejdbc.exec.expr;

import io.lancejdbc.sql.types.Types;
import java.util.HashMap;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;

/** {@code value LIKE|ILIKE pattern [ESCAPE e]}; a constant pattern compiles once. */
final class LikeExpr implements CompiledExpr {
    private final CompiledExpr value;
    private final CompiledExpr pattern;
    private final CompiledExpr escape;
    private final boolean caseInsensitive;
    private final LikePattern constant;
    private final Field type = Types.of(Types.BOOL, true);

    LikeExpr(CompiledExpr value, CompiledExpr pattern, CompiledExpr escape, boolean caseInsensitive) {
        this.value = value;
        this.pattern = pattern;
        this.escape = escape;
        this.caseInsensitive = caseInsensitive;
        LikePattern c = null;
        if (pattern instanceof ConstantExpr && ((ConstantExpr) pattern).value() != null
                && (escape == null || escape instanceof ConstantExpr && ((ConstantExpr) escape).value() != null)) {
            c = LikePattern.compile((String) ((ConstantExpr) pattern).value(),
                    escape == null ? null : (String) ((ConstantExpr) escape).value(), caseInsensitive);
        }
        this.constant = c;
    }

    @Override
    public Field type() {
        return type;
    }

    @Override
    public Evaluated evaluate(VectorSchemaRoot batch, BufferAllocator allocator) {
        int n = batch.getRowCount();
        try (Evaluated v = value.evaluate(batch, allocator)) {
            BitVector out = new BitVector("", allocator);
            try {
                out.allocateNew(Math.max(n, 1));
                ColumnReaders.BytesReader r = ColumnReaders.bytes(v.vector());
                if (constant != null) {
                    for (int i = 0; i < n; i++) {
                        if (r.isNull(i)) {
                            out.setNull(i);
                        } else {
                            out.set(i, constant.matches(r.getString(i)) ? 1 : 0);
                        }
                    }
                } else {
                    try (Evaluated p = pattern.evaluate(batch, allocator);
                            Evaluated e = escape == null ? null : escape.evaluate(batch, allocator)) {
                        ValueAccess.Getter pg = ValueAccess.getter(p.vector());
                        ValueAccess.Getter eg = e == null ? null : ValueAccess.getter(e.vector());
                        Map<String, LikePattern> cache = new HashMap<>();
                        for (int i = 0; i < n; i++) {
                            Object pv = pg.get(i);
                            Object ev = eg == null ? null : eg.get(i);
                            if (r.isNull(i) || pv == null || eg != null && ev == null) {
                                out.setNull(i);
                                continue;
                            }
                            String key = pv + "\u0000" + ev;
                            LikePattern lp = cache.computeIfAbsent(key,
                                    k -> LikePattern.compile((String) pv, (String) ev, caseInsensitive));
                            out.set(i, lp.matches(r.getString(i)) ? 1 : 0);
                        }
                    }
                }
                out.setValueCount(n);
                return Evaluated.owned(out);
            } catch (RuntimeException e) {
                out.close();
                throw e;
            }
        }
    }
}
