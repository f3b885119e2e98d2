package io.lancejdbc.exec.lance.demo;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/** The demo {@code analytics.daily_sales} table: 30 days x 4 regions. */
final class DemoDailySales {
    static final String NAMESPACE = "analytics";
    static final String NAME = "daily_sales";
    static final List<String> REGIONS = List.of("north", "south", "east", "west");
    static final int DAYS = 30;
    private static final int FIRST_DAY = 19_723; // 2024-01-01

    private DemoDailySales() {
    }

    static Schema schema() {
        return new Schema(List.of(
                Field.notNullable("day", new ArrowType.Date(DateUnit.DAY)),
                Field.notNullable("region", ArrowType.Utf8.INSTANCE),
                Field.nullable("orders", new ArrowType.Int(32, true)),
                Field.nullable("revenue", new ArrowType.Decimal(12, 2, 128))));
    }

    static void write(BufferAllocator allocator, Path dir) {
        new DemoTableWriter(allocator, dir, schema(), null)
                .create(0, (long) DAYS * REGIONS.size(), DAYS * REGIONS.size(), DemoDailySales::fill);
    }

    /** Orders of row {@code r} (day {@code r / 4}, region {@code r % 4}). */
    static int orders(long r) {
        return (int) ((r / 4 * 7 + r % 4 * 13) % 50) + 10;
    }

    /** Revenue of row {@code r}: orders x (19.99 + region index) dollars. */
    static BigDecimal revenue(long r) {
        return new BigDecimal("19.99").add(BigDecimal.valueOf(r % 4)).multiply(BigDecimal.valueOf(orders(r)));
    }

    private static void fill(VectorSchemaRoot root, long firstRow, int rowCount) {
        DateDayVector day = (DateDayVector) root.getVector("day");
        VarCharVector region = (VarCharVector) root.getVector("region");
        IntVector orders = (IntVector) root.getVector("orders");
        DecimalVector revenue = (DecimalVector) root.getVector("revenue");
        for (int i = 0; i < rowCount; i++) {
            long r = firstRow + i;
            day.setSafe(i, FIRST_DAY + (int) (r / REGIONS.size()));
            region.setSafe(i, REGIONS.get((int) (r % REGIONS.size())).getBytes(StandardCharsets.UTF_8));
            orders.setSafe(i, orders(r));
            revenue.setSafe(i, revenue(r));
        }
    }
}
