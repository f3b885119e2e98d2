package io.lancejdbc.exec.lance.demo;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.lance.Dataset;

/** The demo {@code events} table: an event log with appends and deletions over five versions. */
final class DemoEvents {
    static final String NAME = "events";
    static final List<String> KINDS = List.of("view", "click", "purchase", "debug");
    private static final long FIRST_TS_MICROS = 1_717_200_000_000_000L; // 2024-06-01T00:00:00Z

    private DemoEvents() {
    }

    static Schema schema() {
        return new Schema(List.of(
                Field.notNullable("id", new ArrowType.Int(64, true)),
                Field.nullable("ts", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")),
                Field.nullable("user_id", new ArrowType.Int(64, true)),
                Field.nullable("kind", ArrowType.Utf8.INSTANCE),
                Field.nullable("amount", new ArrowType.Decimal(10, 2, 128))));
    }

    /**
     * v1 ids 0..599 (2 fragments), v2 + ids 600..799, v3 delete {@code kind = 'debug'}, v4 + ids 800..999 (their
     * debug events stay), v5 delete {@code id < 100}.
     */
    static void write(BufferAllocator allocator, Path dir) {
        DemoTableWriter writer = new DemoTableWriter(allocator, dir, schema(), null);
        writer.create(0, 600, 300, DemoEvents::fill);
        writer.append(600, 200, 200, DemoEvents::fill);
        try (Dataset ds = writer.open()) {
            ds.delete("kind = 'debug'");
        }
        writer.append(800, 200, 200, DemoEvents::fill);
        try (Dataset ds = writer.open()) {
            ds.delete("id < 100");
        }
    }

    static String kind(long id) {
        return KINDS.get((int) (id % KINDS.size()));
    }

    /** Amount in cents of a purchase, {@code -1} for other kinds (stored as NULL). */
    static long amountCents(long id) {
        return kind(id).equals("purchase") ? (id % 50 + 1) * 125 : -1;
    }

    private static void fill(VectorSchemaRoot root, long firstRow, int rowCount) {
        BigIntVector id = (BigIntVector) root.getVector("id");
        TimeStampMicroTZVector ts = (TimeStampMicroTZVector) root.getVector("ts");
        BigIntVector user = (BigIntVector) root.getVector("user_id");
        VarCharVector kind = (VarCharVector) root.getVector("kind");
        DecimalVector amount = (DecimalVector) root.getVector("amount");
        for (int i = 0; i < rowCount; i++) {
            long r = firstRow + i;
            id.setSafe(i, r);
            ts.setSafe(i, FIRST_TS_MICROS + r * 97_000_000L);
            user.setSafe(i, r % 20 + 1);
            kind.setSafe(i, kind(r).getBytes(StandardCharsets.UTF_8));
            long cents = amountCents(r);
            if (cents < 0) {
                amount.setNull(i);
            } else {
                amount.setSafe(i, cents);
            }
        }
    }
}
