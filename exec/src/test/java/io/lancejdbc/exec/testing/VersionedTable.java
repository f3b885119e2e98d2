package io.lancejdbc.exec.testing;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.LongPredicate;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.lance.Dataset;
import org.lance.schema.SqlExpressions;

/**
 * The {@code versions} fixture: a dataset with appends, deletions (one of which removes a whole fragment) and a
 * schema change, and the exact live ids of every version, computed independently of Lance.
 *
 * <p>Columns: {@code id int64 NOT NULL}, {@code name utf8} (NULL where {@code id % 11 == 3}, else
 * {@code "name-<id>"}), {@code score float64} ({@code id * 1.5}), {@code grp int32} ({@code id % 4}); from
 * version 7 also {@code doubled int64} ({@code id * 2}, added by an SQL expression).
 *
 * <table>
 *   <caption>history</caption>
 *   <tr><th>version</th><th>operation</th><th>live rows</th><th>fragments</th></tr>
 *   <tr><td>1</td><td>create ids 0..99 (50 rows per file)</td><td>100</td><td>2</td></tr>
 *   <tr><td>2</td><td>append ids 100..149</td><td>150</td><td>3</td></tr>
 *   <tr><td>3</td><td>delete {@code id % 10 = 0}</td><td>135</td><td>3</td></tr>
 *   <tr><td>4</td><td>append ids 150..199</td><td>185</td><td>4</td></tr>
 *   <tr><td>5</td><td>delete {@code id >= 40 AND id < 60}</td><td>167</td><td>4</td></tr>
 *   <tr><td>6</td><td>delete {@code id >= 100 AND id < 150} (empties and drops the fragment of v2)</td>
 *       <td>122</td><td>3</td></tr>
 *   <tr><td>7</td><td>add column {@code doubled = id * 2}</td><td>122</td><td>3</td></tr>
 * </table>
 */
public final class VersionedTable {
    /** Columns before the schema change of version 7. */
    public static final List<String> BASE_COLUMNS = List.of("id", "name", "score", "grp");
    /** Columns from version 7 on. */
    public static final List<String> ALL_COLUMNS = List.of("id", "name", "score", "grp", "doubled");

    /**
     * The expected state of one dataset version.
     *
     * @param version the Lance dataset version number
     * @param operation what the commit did (human readable)
     * @param liveIds ids visible in this version, ascending
     * @param columns column names of this version, in schema order
     * @param fragmentCount number of fragments in this version's manifest
     */
    public record VersionState(long version, String operation, List<Long> liveIds, List<String> columns,
            int fragmentCount) {
        public VersionState {
            liveIds = List.copyOf(liveIds);
            columns = List.copyOf(columns);
        }

        /** Sum of the live ids (a cheap exact check for {@code SUM(id)}). */
        public long idSum() {
            return liveIds.stream().mapToLong(Long::longValue).sum();
        }
    }

    /**
     * A written dataset and its history.
     *
     * @param path the dataset directory
     * @param versions every version, oldest first
     */
    public record VersionHistory(Path path, List<VersionState> versions) {
        public VersionHistory {
            versions = List.copyOf(versions);
        }

        /** The state of dataset version {@code v}. @throws IllegalArgumentException if there is no such version */
        public VersionState version(long v) {
            return versions.stream().filter(s -> s.version() == v).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("no version " + v + " in " + path));
        }

        /** The latest version's state. */
        public VersionState latest() {
            return versions.get(versions.size() - 1);
        }
    }

    private VersionedTable() {
    }

    /** The schema written by versions 1 to 6. */
    public static Schema baseSchema() {
        return new Schema(List.of(
                Field.notNullable("id", new ArrowType.Int(64, true)),
                Field.nullable("name", ArrowType.Utf8.INSTANCE),
                Field.nullable("score", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
                Field.nullable("grp", new ArrowType.Int(32, true))));
    }

    /** The logical value of {@code column} at {@code id} (any version that has the column). */
    public static Object value(String column, long id) {
        return switch (column) {
            case "id" -> id;
            case "name" -> id % 11 == 3 ? null : "name-" + id;
            case "score" -> id * 1.5;
            case "grp" -> (int) (id % 4);
            case "doubled" -> id * 2;
            default -> throw new IllegalArgumentException("versions has no column " + column);
        };
    }

    /**
     * Writes the fixture into {@code dir} (which must not hold a dataset).
     *
     * @throws IllegalStateException if lance-core numbers a commit differently than the history above
     */
    public static VersionHistory write(BufferAllocator allocator, Path dir) {
        GeneratedDatasetWriter writer = GeneratedDatasetWriter.to(dir, baseSchema());
        TreeSet<Long> live = new TreeSet<>();
        List<VersionState> states = new ArrayList<>();

        long v = writer.rows(0, 100).maxRowsPerFile(50).write(allocator, VersionedTable::fill);
        addRange(live, 0, 100);
        states.add(check(v, 1, "create ids 0..99", live, BASE_COLUMNS, 2));

        v = writer.rows(100, 50).mode(GeneratedDatasetWriter.Mode.APPEND).write(allocator, VersionedTable::fill);
        addRange(live, 100, 150);
        states.add(check(v, 2, "append ids 100..149", live, BASE_COLUMNS, 3));

        v = delete(allocator, dir, "id % 10 = 0", live, id -> id % 10 == 0);
        states.add(check(v, 3, "delete id % 10 = 0", live, BASE_COLUMNS, 3));

        v = writer.rows(150, 50).mode(GeneratedDatasetWriter.Mode.APPEND).write(allocator, VersionedTable::fill);
        addRange(live, 150, 200);
        states.add(check(v, 4, "append ids 150..199", live, BASE_COLUMNS, 4));

        v = delete(allocator, dir, "id >= 40 AND id < 60", live, id -> id >= 40 && id < 60);
        states.add(check(v, 5, "delete id >= 40 AND id < 60", live, BASE_COLUMNS, 4));

        v = delete(allocator, dir, "id >= 100 AND id < 150", live, id -> id >= 100 && id < 150);
        states.add(check(v, 6, "delete id >= 100 AND id < 150", live, BASE_COLUMNS, 3));

        try (Dataset ds = Dataset.open().allocator(allocator).uri(dir.toString()).build()) {
            ds.addColumns(new SqlExpressions.Builder().withExpression("doubled", "id * 2").build(), Optional.empty());
            v = ds.version();
        }
        states.add(check(v, 7, "add column doubled = id * 2", live, ALL_COLUMNS, 3));
        return new VersionHistory(dir, states);
    }

    private static long delete(BufferAllocator allocator, Path dir, String predicate, TreeSet<Long> live,
            LongPredicate matches) {
        live.removeIf(matches::test);
        try (Dataset ds = Dataset.open().allocator(allocator).uri(dir.toString()).build()) {
            ds.delete(predicate);
            return ds.version();
        }
    }

    private static void addRange(TreeSet<Long> live, long from, long to) {
        for (long id = from; id < to; id++) {
            live.add(id);
        }
    }

    private static VersionState check(long actual, long expected, String operation, TreeSet<Long> live,
            List<String> columns, int fragments) {
        if (actual != expected) {
            throw new IllegalStateException("lance-core committed '" + operation + "' as version " + actual
                    + ", the fixture expects " + expected);
        }
        return new VersionState(actual, operation, new ArrayList<>(live), columns, fragments);
    }

    private static void fill(VectorSchemaRoot root, long firstRow, int rowCount) {
        for (var vector : root.getFieldVectors()) {
            for (int i = 0; i < rowCount; i++) {
                ArrowLogicalValues.write(vector, i, value(vector.getName(), firstRow + i));
            }
        }
    }
}
