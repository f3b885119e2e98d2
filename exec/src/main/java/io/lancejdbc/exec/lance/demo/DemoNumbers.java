package io.lancejdbc.exec.lance.demo;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/** The demo {@code numbers} table: 10,000 simple rows in 4 fragments. */
final class DemoNumbers {
    static final String NAME = "numbers";
    static final int ROWS = 10_000;
    static final int ROWS_PER_FRAGMENT = 2_500;
    private static final int FIRST_DAY = 19_723; // 2024-01-01

    private DemoNumbers() {
    }

    static Schema schema() {
        return new Schema(List.of(
                Field.notNullable("id", new ArrowType.Int(64, true)),
                Field.nullable("x", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
                Field.nullable("label", ArrowType.Utf8.INSTANCE),
                Field.nullable("even", ArrowType.Bool.INSTANCE),
                Field.nullable("day", new ArrowType.Date(DateUnit.DAY))));
    }

    static void write(BufferAllocator allocator, Path dir) {
        new DemoTableWriter(allocator, dir, schema(), null).create(0, ROWS, ROWS_PER_FRAGMENT, DemoNumbers::fill);
    }

    private static void fill(VectorSchemaRoot root, long firstRow, int rowCount) {
        BigIntVector id = (BigIntVector) root.getVector("id");
        Float8Vector x = (Float8Vector) root.getVector("x");
        VarCharVector label = (VarCharVector) root.getVector("label");
        BitVector even = (BitVector) root.getVector("even");
        DateDayVector day = (DateDayVector) root.getVector("day");
        for (int i = 0; i < rowCount; i++) {
            long r = firstRow + i;
            id.setSafe(i, r);
            x.setSafe(i, r * 0.5);
            label.setSafe(i, ("n" + r % 10).getBytes(StandardCharsets.UTF_8));
            even.setSafe(i, r % 2 == 0 ? 1 : 0);
            day.setSafe(i, FIRST_DAY + (int) (r % 366));
        }
    }
}
