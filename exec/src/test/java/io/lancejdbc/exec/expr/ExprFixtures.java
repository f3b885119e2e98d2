package io.lancejdbc.exec.expr;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/** Builds real Arrow input batches for the expression tests and reads results back as engine values. */
final class ExprFixtures {
    private ExprFixtures() {
    }

    /** A batch of {@code columns}, all of the same value count; closing it closes them. */
    static VectorSchemaRoot batch(FieldVector... columns) {
        VectorSchemaRoot root = new VectorSchemaRoot(Arrays.asList(columns));
        root.setRowCount(columns[0].getValueCount());
        return root;
    }

    /** Column {@code i} of {@code batch} as an expression. */
    static ColumnExpr column(VectorSchemaRoot batch, int i) {
        return new ColumnExpr(i, batch.getVector(i).getField());
    }

    /** Every row of an evaluated result as engine values ({@link ValueAccess}), NULL as null; closes it. */
    static List<Object> values(Evaluated e) {
        try (e) {
            ValueAccess.Getter g = ValueAccess.getter(e.vector());
            List<Object> out = new ArrayList<>();
            for (int i = 0; i < e.vector().getValueCount(); i++) {
                out.add(g.get(i));
            }
            return out;
        }
    }

    static BigIntVector longs(BufferAllocator a, String name, Long... values) {
        BigIntVector v = new BigIntVector(name, a);
        v.allocateNew(values.length);
        for (int i = 0; i < values.length; i++) {
            if (values[i] == null) {
                v.setNull(i);
            } else {
                v.set(i, values[i]);
            }
        }
        v.setValueCount(values.length);
        return v;
    }

    static Float8Vector doubles(BufferAllocator a, String name, Double... values) {
        Float8Vector v = new Float8Vector(name, a);
        v.allocateNew(values.length);
        for (int i = 0; i < values.length; i++) {
            if (values[i] == null) {
                v.setNull(i);
            } else {
                v.set(i, values[i]);
            }
        }
        v.setValueCount(values.length);
        return v;
    }

    static BitVector bools(BufferAllocator a, String name, Boolean... values) {
        BitVector v = new BitVector(name, a);
        v.allocateNew(values.length);
        for (int i = 0; i < values.length; i++) {
            if (values[i] == null) {
                v.setNull(i);
            } else {
                v.set(i, values[i] ? 1 : 0);
            }
        }
        v.setValueCount(values.length);
        return v;
    }

    static VarCharVector strings(BufferAllocator a, String name, String... values) {
        VarCharVector v = new VarCharVector(name, a);
        v.allocateNew(values.length);
        for (int i = 0; i < values.length; i++) {
            if (values[i] == null) {
                v.setNull(i);
            } else {
                v.setSafe(i, values[i].getBytes(StandardCharsets.UTF_8));
            }
        }
        v.setValueCount(values.length);
        return v;
    }

    /** uint64 values given as their unsigned value (0 to 2^64 - 1). */
    static UInt8Vector uint64s(BufferAllocator a, String name, BigInteger... values) {
        UInt8Vector v = new UInt8Vector(name, a);
        v.allocateNew(values.length);
        for (int i = 0; i < values.length; i++) {
            if (values[i] == null) {
                v.setNull(i);
            } else {
                v.set(i, values[i].longValue());
            }
        }
        v.setValueCount(values.length);
        return v;
    }

    static DateDayVector dates(BufferAllocator a, String name, LocalDate... values) {
        DateDayVector v = new DateDayVector(name, a);
        v.allocateNew(values.length);
        for (int i = 0; i < values.length; i++) {
            if (values[i] == null) {
                v.setNull(i);
            } else {
                v.set(i, (int) values[i].toEpochDay());
            }
        }
        v.setValueCount(values.length);
        return v;
    }

    /** Naive microsecond timestamps. */
    static TimeStampMicroVector timestamps(BufferAllocator a, String name, LocalDateTime... values) {
        TimeStampMicroVector v = new TimeStampMicroVector(name, a);
        v.allocateNew(values.length);
        for (int i = 0; i < values.length; i++) {
            if (values[i] == null) {
                v.setNull(i);
            } else {
                v.set(i, ChronoUnit.MICROS.between(LocalDateTime.of(1970, 1, 1, 0, 0), values[i]));
            }
        }
        v.setValueCount(values.length);
        return v;
    }
}
