package io.lancejdbc.exec.vector;

import io.lancejdbc.exec.pin.PinnedTable;
import io.lancejdbc.exec.lance.DatasetUriNormalizer;
import io.lancejdbc.exec.lance.NearestQuery;
import io.lancejdbc.exec.lance.ScanRequest;
import io.lancejdbc.exec.operator.ExecContext;
import io.lancejdbc.exec.operator.PhysicalOperator;
import io.lancejdbc.exec.operator.RenamingStream;
import io.lancejdbc.exec.operator.UnorderedParallelStream;
import io.lancejdbc.exec.split.Split;
import io.lancejdbc.exec.split.SplitKind;
import io.lancejdbc.exec.stream.BatchStream;
import io.lancejdbc.sql.catalog.BoundTable;
import io.lancejdbc.sql.plan.VectorSearchSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The split-parallel candidate search of {@code vector_search}: each split (an index segment's visible fragments,
 * or one fragment searched flat) returns its {@code top_k + offset} nearest rows as
 * {@code [carried columns..., _distance, _rowid]}; batches arrive in no particular order. The global Top-K merge
 * above it picks the result. All splits read the one pinned version.
 *
 * <p>Float vectors are searched by lance-core (see {@link io.lancejdbc.exec.lance.FragmentScanReader#search});
 * int8 and uint8 vectors, which lance-core 7.0.0 cannot search, by the driver over a fragment scan
 * ({@link DriverFlatSearchStream}). Either way {@code _distance} is the exact distance of the stored vector: the
 * candidates lance-core returns are rescored ({@link ExactDistanceStream}), because its quantized indexes report
 * approximations on their own scale, and an index split whose answer is short or non-finite is answered by a flat
 * search of its fragments ({@link #checkedIndexSearch}). EXPLAIN prints the Doris Lance Catalog keys
 * (doris-semantics §3.3), those two rules and the split list, never the query vector.
 */
public final class VectorSearchOperator implements PhysicalOperator {
    private static final Logger LOG = LoggerFactory.getLogger(VectorSearchOperator.class);
    private static final int MAX_LISTED_SPLITS = 16;

    private final BoundTable table;
    private final PinnedTable pinned;
    private final VectorSearchSpec spec;
    private final VectorElementType elementType;
    private final VectorSplitPlan plan;
    private final List<String> carried;
    private final Schema schema;
    private final float[] lanceKey;
    /** Splits searched at the same time (the planned {@code scan.parallelism}). */
    private final int degree;

    /**
     * @param carried table columns read with the candidates (phase 1), in output order
     * @param schema {@code carried} fields, then {@code _distance} (float32 not null), then {@code _rowid}
     *     (uint64 not null)
     * @param lanceKey the query vector as sent to lance-core (float32)
     * @param degree splits searched at the same time, at least 1
     */
    VectorSearchOperator(BoundTable table, VectorSearchSpec spec, VectorElementType elementType,
            VectorSplitPlan plan, List<String> carried, Schema schema, float[] lanceKey, int degree) {
        this.degree = Math.max(1, degree);
        this.table = table;
        this.pinned = (PinnedTable) table.handle();
        this.spec = spec;
        this.elementType = elementType;
        this.plan = plan;
        this.carried = List.copyOf(carried);
        this.schema = schema;
        this.lanceKey = lanceKey.clone();
    }

    @Override
    public Schema schema() {
        return schema;
    }

    @Override
    public List<PhysicalOperator> children() {
        return List.of();
    }

    @Override
    public String name() {
        return "VECTOR_SEARCH " + table.catalog() + "." + table.qualifiedName();
    }

    /** The split plan (for tests and EXPLAIN). */
    public VectorSplitPlan plan() {
        return plan;
    }

    @Override
    public List<String> details() {
        List<String> out = new ArrayList<>();
        out.add("externalSearchType=VECTOR");
        out.add("lanceVectorIndexStatus=" + plan.status());
        out.add("lanceVectorColumn=" + spec.column());
        out.add("lanceMetric=" + plan.metric().sqlName());
        out.add("lanceTopK=" + spec.topK());
        out.add("lanceOffset=" + spec.offset());
        out.add("lanceVersion=" + pinned.snapshot().version());
        if (pinned.versionChoice() != null) {
            out.add("lanceVersionChoice=" + pinned.versionChoice());
        }
        out.add("lanceSearchFragments=" + plan.visibleFragments());
        out.add("lanceSearchUnindexedFragments=" + plan.unindexedFragments());
        out.add("lanceSearchIndexSegments=" + plan.indexSegments());
        out.add("lanceSearchIndexFragments=" + plan.indexFragments());
        plan.indexName().ifPresent(n -> out.add("lanceVectorIndex=" + n + " (" + plan.indexType().orElse("") + ")"));
        plan.note().ifPresent(n -> out.add("lanceVectorIndexNote=" + n));
        if (elementType.searchableByLance()) {
            out.add("lanceDistance=exact " + plan.metric().sqlName() + " distance recomputed from each candidate's"
                    + " stored vector");
            if (plan.indexSegments() > 0) {
                out.add("lanceIndexFallback=flat search of an index split whose answer is short (fewer rows than"
                        + " min(k, matching rows)) or has a non-finite distance");
            }
        }
        if (spec.filter() != null) {
            out.add("lancePrefilter=" + spec.filter());
        }
        out.add("lanceSearchParams=" + searchParams());
        out.add("columns: " + String.join(", ", columnNames()));
        out.add("splits=" + plan.splits().size() + (elementType.searchableByLance() ? ""
                : " (exact search computed by the driver: lance-core 7.0.0 cannot search " + elementType.sqlName()
                        + " vectors)"));
        out.add("degree=" + Math.max(1, Math.min(degree, plan.splits().size())) + " (splits searched at once)");
        List<Split> splits = plan.splits();
        for (int i = 0; i < Math.min(splits.size(), MAX_LISTED_SPLITS); i++) {
            Split s = splits.get(i);
            out.add("split[" + i + "]=" + s.kind() + (s.indexSegment() != null ? " segment=" + s.indexSegment() : "")
                    + " fragments=" + s.fragmentIds() + " k=" + k(s)
                    + (fragmentRestriction(s).isEmpty() && elementType.searchableByLance() ? " (whole version)" : ""));
        }
        if (splits.size() > MAX_LISTED_SPLITS) {
            out.add("... " + (splits.size() - MAX_LISTED_SPLITS) + " more splits");
        }
        return out;
    }

    private String searchParams() {
        List<String> p = new ArrayList<>();
        p.add("candidates per split=" + spec.candidates());
        if (spec.nprobes() > 0) {
            p.add("nprobes=" + spec.nprobes());
        }
        if (spec.refineFactor() > 0) {
            p.add("refine_factor=" + spec.refineFactor());
        }
        if (plan.hnsw()) {
            p.add("ef=" + requestedEf());
        }
        if (!spec.useIndex()) {
            p.add("use_index=false");
        }
        return String.join(", ", p);
    }

    private List<String> columnNames() {
        return schema.getFields().stream().map(Field::getName).collect(Collectors.toList());
    }

    /** Neighbours asked of a split: top_k + offset, but no more than the rows it holds (Lance takes an int). */
    int k(Split s) {
        long rows = Math.max(1, s.weight());
        return (int) Math.min(Math.min(spec.candidates(), rows), Integer.MAX_VALUE);
    }

    /**
     * The HNSW ef before per-split limits: the user's, else floor(1.5 x (top_k + offset) [x refine_factor]) (the
     * manual's default), saturated at Integer.MAX_VALUE.
     */
    long requestedEf() {
        if (spec.ef() > 0) {
            return spec.ef();
        }
        double ef = Math.floor(1.5 * spec.candidates() * Math.max(1, spec.refineFactor()));
        return (long) Math.min(ef, Integer.MAX_VALUE);
    }

    /**
     * The ef sent for an index split over an HNSW index: never below k (lance-core rejects ef &lt; k with "ef must
     * be greater than or equal to k"), and no wider than the split's rows (a wider list cannot hold more), so a
     * huge top_k does not allocate a huge candidate list. 0 (Lance's default) for other splits.
     */
    int ef(Split s) {
        if (!plan.hnsw() || s.kind() != SplitKind.INDEX_SEGMENT_SEARCH) {
            return 0;
        }
        int k = k(s);
        long cap = Math.max(k, s.weight());
        return (int) Math.min(Math.max(requestedEf(), k), Math.min(cap, Integer.MAX_VALUE));
    }

    @Override
    public BatchStream open(ExecContext ctx) {
        List<Split> splits = plan.splits();
        if (splits.size() == 1) {
            // One split: read it on the consumer's thread; a hand-off to a worker would only add a thread switch.
            return openSplit(splits.get(0), ctx);
        }
        return new UnorderedParallelStream(schema, splits.size(), i -> openSplit(splits.get(i), ctx), ctx.workers(),
                ctx.cancellation(), degree, 2, ctx.batchSize());
    }

    private BatchStream openSplit(Split split, ExecContext ctx) {
        if (!elementType.searchableByLance()) {
            return new RenamingStream(driverFlatSearch(split, ctx), schema, ctx.allocator());
        }
        boolean index = split.kind() == SplitKind.INDEX_SEGMENT_SEARCH;
        ExactDistanceStream found = lanceSearch(split, index, ctx);
        BatchStream candidates = index ? checkedIndexSearch(split, found, ctx) : found;
        return new RenamingStream(candidates, schema, ctx.allocator());
    }

    /**
     * lance-core's nearest rows of one split, each with the exact distance of its stored vector
     * ({@link ExactDistanceStream}): the vector column is read with the candidates (a plain projected column, never
     * {@code _rowaddr}, which aborts the JVM on an indexed search) and dropped after rescoring unless carried.
     */
    private ExactDistanceStream lanceSearch(Split split, boolean useIndex, ExecContext ctx) {
        List<String> columns = new ArrayList<>(carried);
        if (!columns.contains(spec.column())) {
            columns.add(spec.column());
        }
        NearestQuery q = new NearestQuery(pinned.source(), pinned.snapshot().version(), fragmentRestriction(split),
                spec.column(), lanceKey, k(split), plan.metric(), useIndex, useIndex ? spec.nprobes() : 0,
                useIndex ? spec.refineFactor() : 0, useIndex ? ef(split) : 0, Optional.ofNullable(spec.filter()),
                columns, ctx.batchSize());
        int[] carriedPositions = new int[carried.size()];
        for (int i = 0; i < carriedPositions.length; i++) {
            carriedPositions[i] = i;
        }
        return new ExactDistanceStream(ctx.scanReader().search(q, ctx.allocator()), schema,
                columns.indexOf(spec.column()), carriedPositions, plan.metric(), spec.queryVector(), ctx.allocator());
    }

    /**
     * The candidates of an index split, or an exact flat search of the split's fragments when lance-core's index
     * answer is visibly short: a NaN or infinite {@code _distance}, or fewer rows than {@code k} while more rows
     * match (a selective prefilter over an IVF index with many partitions loses rows in lance-core 7.0.0: with 256
     * partitions and 5 matching rows, nprobes 1 returns none). The candidates (at most k rows) are held until the
     * split's answer is complete, since the check needs all of them. EXPLAIN: {@code lanceIndexFallback=}.
     */
    private BatchStream checkedIndexSearch(Split split, ExactDistanceStream found, ExecContext ctx) {
        List<VectorSchemaRoot> held = new ArrayList<>();
        try (ExactDistanceStream in = found) {
            VectorSchemaRoot b;
            while ((b = in.next()) != null) {
                held.add(b);
            }
            int k = k(split);
            boolean nonFinite = in.nonFiniteLanceDistance();
            long matching = nonFinite || in.lanceRows() >= k ? -1 : matchingRows(split, ctx);
            if (!nonFinite && (in.lanceRows() >= k || in.lanceRows() >= matching)) {
                return new HeldBatches(schema, held);
            }
            LOG.debug("vector_search on {} (version {}): the index split over fragments {} returned {} rows (k={}, "
                    + "matching={}, non-finite distance={}); answering it with a flat search",
                    DatasetUriNormalizer.redactUserInfo(pinned.snapshot().uri()),
                    pinned.snapshot().version(), split.fragmentIds(), in.lanceRows(), k,
                    matching < 0 ? "not counted" : matching, nonFinite);
        } catch (RuntimeException e) {
            held.forEach(VectorSchemaRoot::close);
            throw e;
        }
        held.forEach(VectorSchemaRoot::close);
        return lanceSearch(split, false, ctx);
    }

    /** Rows of the split that pass the prefilter and have a vector: what an exact search could return. */
    private long matchingRows(Split split, ExecContext ctx) {
        String notNull = "`" + spec.column() + "` IS NOT NULL";
        String filter = spec.filter() == null ? notNull : "(" + spec.filter() + ") AND " + notNull;
        return ctx.scanReader().countRows(pinned.source(), pinned.snapshot().version(),
                Optional.of(split.fragmentIds()), filter);
    }

    /**
     * The split's fragments, or empty when the split is the only one and covers the whole version: lance-core's
     * unrestricted search is then the same search without the prefilter pass that a fragment list costs.
     */
    private Optional<List<Long>> fragmentRestriction(Split split) {
        boolean whole = plan.splits().size() == 1 && split.fragmentIds().size() == plan.visibleFragments();
        return whole ? Optional.empty() : Optional.of(split.fragmentIds());
    }

    private BatchStream driverFlatSearch(Split split, ExecContext ctx) {
        List<String> scanColumns = new ArrayList<>(carried);
        if (!scanColumns.contains(spec.column())) {
            scanColumns.add(spec.column());
        }
        ScanRequest request = ScanRequest.of(pinned.source(), pinned.snapshot().version())
                .withFragments(split.fragmentIds()).withColumns(scanColumns).withFilter(spec.filter()).withRowId(true)
                .withBatchSize(ctx.batchSize());
        BatchStream scan = ctx.scanReader().scan(request, ctx.allocator());
        try {
            Schema scanned = scan.schema();
            int[] carriedPositions = new int[carried.size()];
            for (int i = 0; i < carriedPositions.length; i++) {
                carriedPositions[i] = position(scanned, carried.get(i));
            }
            return new DriverFlatSearchStream(scan, schema, position(scanned, spec.column()), carriedPositions,
                    position(scanned, NearestQuery.ROW_ID), new ByteVectorDistances(plan.metric(), elementType,
                            spec.queryVector()), ctx.allocator());
        } catch (RuntimeException e) {
            scan.close();
            throw e;
        }
    }

    private static int position(Schema schema, String name) {
        List<Field> fields = schema.getFields();
        for (int i = 0; i < fields.size(); i++) {
            if (fields.get(i).getName().equals(name)) {
                return i;
            }
        }
        throw new IllegalStateException("the fragment scan returned no column " + name + ": " + fields);
    }

    @Override
    public String toString() {
        return name() + " " + String.join(", ", details());
    }
}
