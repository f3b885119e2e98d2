package io.lancejdbc.exec.lance;

import io.lancejdbc.exec.split.Split;
import io.lancejdbc.exec.stream.BatchStream;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.lance.Dataset;
import org.lance.ipc.LanceScanner;
import org.lance.ipc.Query;
import org.lance.ipc.ScanOptions;

/**
 * Reads rows of pinned dataset versions through the {@link DatasetHandlePool}: fragment scans with projection,
 * pushed-down Lance filter and limit/offset; nearest-neighbour searches over some fragments
 * ({@link #search(NearestQuery, BufferAllocator)}); filtered row counts; and {@code take} by row id for two-phase
 * reads.
 *
 * <p>Behaviour of lance-core 7.0.0 this relies on (verified by {@code FragmentScanReaderTest}):
 * <ul>
 *   <li>fragments are read in the order given, and the rows of one fragment in row-offset order;</li>
 *   <li>an empty projection yields batches with a row count and no columns (read as {@code _rowid} only, see
 *       {@link RowCountOnlyStream});</li>
 *   <li>a filter naming an unknown column fails when the scan is created (SQLState 42S22 here), a filter that does
 *       not parse with 42000.</li>
 * </ul>
 * Batches are imported into a per-scan allocator outside the caller's and moved into the caller's allocator
 * without copying (the caller's memory limit is checked after each move). Thread-safe: scans of one dataset may run concurrently.
 */
public final class FragmentScanReader {
    private final DatasetHandlePool pool;

    public FragmentScanReader(DatasetHandlePool pool) {
        this.pool = pool;
    }

    /** Full-text searches over the same dataset pool. */
    public FullTextSearchReader fullTextSearch() {
        return new FullTextSearchReader(pool);
    }

    /**
     * Starts a scan. The returned stream holds a lease on the dataset until it is exhausted or closed.
     *
     * @param allocator allocator every returned batch is allocated from; the caller closes the batches
     * @throws SqlError 42S22 for unknown columns (projection or filter), 42000 for a filter that does not parse,
     *     42804 for literal type mismatches, HY000 for an unknown fragment id, 42S02/22023 when the dataset or
     *     version is gone, 08000 when storage is unreachable
     */
    public BatchStream scan(ScanRequest request, BufferAllocator allocator) {
        DatasetSource source = request.source();
        if (request.fragmentIds().isPresent() && request.fragmentIds().get().isEmpty()) {
            // No scanner and no lease: the schema comes from the cached snapshot.
            return new EmptyBatchStream(projectedSchema(request));
        }
        DatasetLease lease = pool.acquire(source, request.version());
        try {
            // The C stream is imported into the pool's unlimited allocator, outside the query's: when an import
            // hits a limit, Arrow 18.3 leaks the imported array's struct and never releases the native batch (the
            // reference taken for a buffer is not returned when wrapping it fails). Batches then move into the
            // query allocator, where ReaderBatchStream enforces the limit. The struct of each imported array stays
            // in the pool allocator until the last buffer of its batch is released, so that allocator must
            // outlive the batches (it does: the pool closes with the session).
            BufferAllocator importAllocator = lease.dataset().allocator();
            boolean rowCountOnly = request.columns().map(List::isEmpty).orElse(false) && !request.includeRowId();
            boolean repairStructs = !rowCountOnly && request.filter().isPresent() && StructNullRepair.needed(request,
                    projectedFields(lease.layout().schema(), request), lease.layout().storageFormat());
            LanceScanner scanner = createScanner(lease.dataset(),
                    rowCountOnly || repairStructs ? request.withRowId(true) : request, importAllocator);
            ArrowReader reader;
            try {
                reader = scanner.scanBatches();
            } catch (Exception e) {
                // Exception, not RuntimeException: lance-core's native calls throw java.io.IOException without
                // declaring it (DatasetOpener), which would skip the cleanup and the mapping below.
                closeScanner(scanner);
                throw e;
            }
            BatchStream stream = new ReaderBatchStream(reader, importAllocator, allocator, List.of(scanner, lease),
                    "scan", source);
            if (repairStructs) {
                stream = StructNullRepair.wrap(stream, this, request, request.includeRowId(), allocator);
            } else if (rowCountOnly) {
                stream = new RowCountOnlyStream(stream);
            }
            if (request.filter().isPresent() && request.useScalarIndex()) {
                return new ScalarIndexFallback(stream, () -> scan(request.withoutScalarIndex(), allocator));
            }
            return stream;
        } catch (SqlError e) {
            lease.close();
            throw e;
        } catch (Exception e) {
            lease.close();
            throw LanceErrorMapper.map(e, "scan", source.uri(), source.storageOptions());
        }
    }

    /**
     * Runs a nearest-neighbour search: {@code nearest} + {@code fragmentIds} + {@code prefilter(true)}, or
     * {@code nearest} alone over the whole version (never
     * {@code withRowAddress}, which aborts the JVM when an index is used; docs/lance-core-notes.md §2, §8). Batches carry
     * {@code query.columns()}, then {@code _distance} (float32) and {@code _rowid} (uint64), in that order; rows of
     * one batch stream come nearest first, at most {@code k} of them.
     *
     * <p>The caller must have checked the column, its element type (float16/32/64) and the key's dimension:
     * lance-core 7.0.0 answers a search it rejects with a plain scan. That case is still detected here (the result
     * has no {@code _distance}) and reported instead of returning wrong rows.
     *
     * @param allocator allocator every returned batch is allocated from; the caller closes the batches
     * @throws SqlError 42S22 / 42000 for a prefilter naming an unknown column or not parsing, HY000 when lance-core
     *     ignored the search or failed, 42S02/22023 when the dataset or version is gone, 42000 for a column whose
     *     name holds a backtick (lance-core cannot read it, as for a scan)
     */
    public BatchStream search(NearestQuery query, BufferAllocator allocator) {
        DatasetSource source = query.source();
        List<String> named = new ArrayList<>(query.columns());
        named.add(query.column());
        for (String c : named) {
            if (c.indexOf('`') >= 0) {
                throw backtickColumn(c, source);
            }
        }
        DatasetLease lease = pool.acquire(source, query.version());
        try {
            LanceScanner scanner = LanceScanner.create(lease.dataset(), nearestOptions(query), allocator);
            ArrowReader reader;
            try {
                reader = scanner.scanBatches();
            } catch (Exception e) {
                // Exception, not RuntimeException: lance-core's native calls throw java.io.IOException without
                // declaring it (DatasetOpener), which would skip the cleanup and the mapping below.
                closeScanner(scanner);
                throw e;
            }
            ReaderBatchStream stream = new ReaderBatchStream(reader, allocator, allocator, List.of(scanner, lease),
                    "vector search", source);
            List<String> expected = new ArrayList<>(query.columns());
            expected.add(NearestQuery.DISTANCE);
            expected.add(NearestQuery.ROW_ID);
            if (stream.schema().findField(NearestQuery.DISTANCE) == null) {
                stream.close();
                throw ignoredSearch(query);
            }
            return ColumnSelectingStream.select(stream, expected, allocator);
        } catch (SqlError e) {
            lease.close();
            throw e;
        } catch (Exception e) {
            lease.close();
            SqlError mapped = LanceErrorMapper.map(e, "vector search", source.uri(), source.storageOptions());
            // A dropped search has no _distance to project, so lance-core rejects the projection instead.
            if (mapped.getMessage().contains("No field named " + NearestQuery.DISTANCE)) {
                throw ignoredSearch(query);
            }
            throw mapped;
        }
    }

    private static SqlError ignoredSearch(NearestQuery query) {
        return new SqlError(SqlState.GENERAL_ERROR, "lance-core ignored the nearest-neighbour search on column '"
                + query.column() + "' of dataset " + DatasetUriNormalizer.redactUserInfo(query.source().uri())
                + " (version " + query.version() + "); this happens when Lance rejects the column, its element type"
                + " or the query vector");
    }

    private static ScanOptions nearestOptions(NearestQuery q) {
        Query.Builder nearest = new Query.Builder().setColumn(q.column()).setKey(q.key()).setK(q.k())
                .setDistanceType(q.metric().lanceType()).setUseIndex(q.useIndex());
        if (q.nprobes() > 0) {
            nearest.setNprobes(q.nprobes());
        }
        if (q.refineFactor() > 0) {
            nearest.setRefineFactor(q.refineFactor());
        }
        if (q.ef() > 0) {
            nearest.setEf(q.ef());
        }
        List<String> columns = new ArrayList<>(q.columns());
        columns.add(NearestQuery.DISTANCE);
        columns.add(NearestQuery.ROW_ID);
        ScanOptions.Builder options = new ScanOptions.Builder().nearest(nearest.build()).columns(columns)
                .withRowId(true).batchSize(q.batchSize());
        // prefilter(true) is what makes lance-core accept fragmentIds with nearest (without it the search is
        // silently dropped) and what applies the filter before the top-k.
        q.fragmentIds().ifPresent(ids -> options.fragmentIds(toLanceFragmentIds(ids)).prefilter(true));
        q.filter().ifPresent(f -> options.filter(f).prefilter(true));
        return options.build();
    }

    /**
     * A scan request for one split: its dataset version and fragments, in the split's (ascending) fragment order.
     */
    public static ScanRequest requestFor(Split split, Map<String, String> storageOptions) {
        return ScanRequest.of(new DatasetSource(split.datasetUri(), storageOptions), split.version())
                .withFragments(split.fragmentIds());
    }

    /**
     * Counts the rows of a pinned version that pass a Lance filter, without reading column data when no filter
     * is given.
     *
     * @param fragmentIds the fragments to count in, or empty for all
     * @param filter a Lance filter expression, or null to count every row
     * @throws SqlError as {@link #scan}
     */
    public long countRows(DatasetSource source, long version, Optional<List<Long>> fragmentIds, String filter) {
        if (fragmentIds.isPresent() && fragmentIds.get().isEmpty()) {
            return 0;
        }
        ScanRequest request = ScanRequest.of(source, version).withColumns(List.of()).withFilter(filter);
        if (fragmentIds.isPresent()) {
            request = request.withFragments(fragmentIds.get());
        }
        try (DatasetLease lease = pool.acquire(source, version)) {
            try {
                return count(lease, request);
            } catch (RuntimeException e) {
                if (filter == null || !ScalarIndexFallback.refusedByIndex(e)) {
                    throw e;
                }
                return count(lease, request.withoutScalarIndex());
            }
        } catch (SqlError e) {
            throw e;
        } catch (RuntimeException e) {
            throw LanceErrorMapper.map(e, "row count", source.uri(), source.storageOptions());
        }
    }

    private static long count(DatasetLease lease, ScanRequest request) {
        LanceScanner scanner = createScanner(lease.dataset(), request, lease.dataset().allocator());
        try {
            return scanner.countRows();
        } finally {
            closeScanner(scanner);
        }
    }

    /**
     * Reads rows by row id ({@code _rowid} values from a scan with {@link ScanRequest#withRowId(boolean)}), in the
     * order of {@code rowIds}.
     *
     * @param columns the columns to read, in output order; not empty
     * @param allocator allocator the returned batches are owned by
     * @throws SqlError 42S22 for an unknown column; HY000 for a row id that does not exist in the version
     */
    public BatchStream takeRows(DatasetSource source, long version, List<Long> rowIds, List<String> columns,
            BufferAllocator allocator) {
        if (columns.isEmpty()) {
            throw new IllegalArgumentException("takeRows needs at least one column");
        }
        DatasetLease lease = pool.acquire(source, version);
        try {
            Dataset ds = lease.dataset();
            if (rowIds.isEmpty()) {
                Schema schema = select(ds.getSchema(), columns, source);
                lease.close();
                return new EmptyBatchStream(schema);
            }
            if (RowIdScanTake.needed(lease.layout().schema(), columns)) {
                lease.close();
                return RowIdScanTake.take(this, source, version, rowIds, columns, allocator);
            }
            ArrowReader reader = ds.takeRows(new ArrayList<>(rowIds), new ArrayList<>(columns));
            return new ReaderBatchStream(reader, ds.allocator(), allocator, List.of(lease), "take", source);
        } catch (SqlError e) {
            lease.close();
            throw e;
        } catch (Exception e) {
            lease.close();
            throw LanceErrorMapper.map(e, "take", source.uri(), source.storageOptions());
        }
    }

    private static LanceScanner createScanner(Dataset ds, ScanRequest request, BufferAllocator allocator) {
        List<String> read = request.columns().orElseGet(() -> ds.getSchema().getFields().stream().map(Field::getName)
                .toList());
        for (String c : read) {
            if (c.indexOf('`') >= 0) {
                throw backtickColumn(c, request.source());
            }
        }
        if (request.filter().isPresent() && request.filter().get().contains("``")) {
            for (Field f : ds.getSchema().getFields()) {
                if (f.getName().indexOf('`') >= 0
                        && request.filter().get().contains("`" + f.getName().replace("`", "``") + "`")) {
                    throw backtickColumn(f.getName(), request.source());
                }
            }
        }
        ScanOptions.Builder options = new ScanOptions.Builder().batchSize(request.batchSize());
        request.fragmentIds().ifPresent(ids -> options.fragmentIds(toLanceFragmentIds(ids)));
        request.columns().ifPresent(cols -> options.columns(new ArrayList<>(cols)));
        request.filter().ifPresent(options::filter);
        request.limit().ifPresent(options::limit);
        request.offset().ifPresent(options::offset);
        if (request.includeRowId()) {
            options.withRowId(true);
        }
        if (!request.useScalarIndex()) {
            options.useScalarIndex(false);
        }
        return LanceScanner.create(ds, options.build(), allocator);
    }

    /**
     * The schema a scan of {@code request} returns, from the pinned version's cached snapshot and the projection,
     * without creating a scanner (one cost 1–3 ms of CPU): the projected columns with the engine's types (dictionary
     * columns decoded, as {@link ReaderBatchStream} returns them), then {@code _rowid} (uint64, nullable as lance-core declares it) when requested.
     *
     * @throws SqlError 42S22 for a projected column the version does not have; 42000 for a backtick in a name
     */
    private Schema projectedSchema(ScanRequest request) {
        DatasetSource source = request.source();
        Schema table = pool.snapshot(source, OptionalLong.of(request.version())).schema();
        List<Field> fields = new ArrayList<>();
        if (request.columns().isEmpty()) {
            fields.addAll(table.getFields());
        } else {
            for (String c : request.columns().get()) {
                if (c.indexOf('`') >= 0) {
                    throw backtickColumn(c, source);
                }
            }
            fields.addAll(select(table, request.columns().get(), source).getFields());
        }
        if (request.includeRowId()) {
            fields.add(new Field(NearestQuery.ROW_ID, FieldType.nullable(new ArrowType.Int(64, false)), null));
        }
        return new Schema(fields);
    }

    /**
     * lance-core 7.0.0 wraps every projected name in backticks without escaping the ones inside, so a column whose
     * name holds a backtick cannot be scanned ("No field named"): refuse it by name instead of passing that on.
     */
    private static SqlError backtickColumn(String column, DatasetSource source) {
        String quoted = "`" + column.replace("`", "``") + "`";
        return new SqlError(SqlState.UNSUPPORTED_SQL, "Column '" + column + "' of Lance dataset " + source.uri()
                + " cannot be read: lance-core 7.0.0 cannot scan a column whose name contains a backtick; leave it"
                + " out, e.g. SELECT * EXCEPT (" + quoted + ") ..., or rename the column");
    }

    /** The dataset fields a scan of {@code request} returns (without {@code _rowid}). */
    private static List<Field> projectedFields(Schema schema, ScanRequest request) {
        List<Field> all = schema.getFields();
        if (request.columns().isEmpty()) {
            return all;
        }
        List<Field> out = new ArrayList<>();
        for (String c : request.columns().get()) {
            all.stream().filter(f -> f.getName().equals(c)).findFirst().ifPresent(out::add);
        }
        return out;
    }

    private static List<Integer> toLanceFragmentIds(List<Long> ids) {
        List<Integer> out = new ArrayList<>(ids.size());
        for (long id : ids) {
            out.add((int) id);
        }
        return out;
    }

    private static Schema select(Schema schema, List<String> columns, DatasetSource source) {
        List<Field> fields = new ArrayList<>();
        for (String c : columns) {
            Field f = schema.getFields().stream().filter(x -> x.getName().equals(c)).findFirst()
                    .orElseThrow(() -> new SqlError(SqlState.COLUMN_NOT_FOUND,
                            "Column '" + c + "' does not exist in Lance dataset " + source.uri()));
            fields.add(f);
        }
        return new Schema(fields);
    }

    private static void closeScanner(LanceScanner scanner) {
        try {
            scanner.close();
        } catch (Exception e) {
            throw new IllegalStateException("closing a Lance scanner failed", e);
        }
    }
}
