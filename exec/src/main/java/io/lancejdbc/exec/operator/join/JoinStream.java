package io.lancejdbc.exec.operator.join;

import io.lancejdbc.exec.expr.Batches;
import io.lancejdbc.exec.expr.ColumnReaders;
import io.lancejdbc.exec.expr.CompiledExpr;
import io.lancejdbc.exec.expr.Evaluated;
import io.lancejdbc.exec.operator.ExecContext;
import io.lancejdbc.exec.operator.GatherSource;
import io.lancejdbc.exec.operator.PhysicalOperator;
import io.lancejdbc.exec.operator.VectorGather;
import io.lancejdbc.exec.operator.hash.BuildSide;
import io.lancejdbc.exec.operator.hash.KeyBatch;
import io.lancejdbc.exec.stream.BatchStream;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.expr.ExprVisitors;
import io.lancejdbc.sql.plan.JoinType;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.TransferPair;

/**
 * The running join: reads the build side on the first call, then streams the probe side. For each probe batch it
 * walks, per row, the chain of build rows with an equal key (every build row for a nested loop), evaluates the
 * residual on those candidate pairs, and emits the matching pairs; NULL-extended rows follow for outer joins.
 */
final class JoinStream implements BatchStream {
    private enum Phase { BUILD, NEXT_PROBE, PAIRS, PROBE_UNMATCHED, BUILD_UNMATCHED, DONE }

    private final ExecContext ctx;
    private final JoinSpec spec;
    private final PhysicalOperator buildInput;
    private final PhysicalOperator probeInput;
    private final Schema schema;
    private final Schema combined;
    private final int leftWidth;
    private final long maxMemoryBytes;
    private final List<CompiledExpr> buildKeys = new ArrayList<>();
    private final List<CompiledExpr> probeKeys = new ArrayList<>();
    private final CompiledExpr residual;
    private final BitSet residualColumns;
    private final boolean probeIsLeft;
    /** The output columns to fill (null: all); the others are NullVector placeholders. */
    private final BitSet used;

    private Phase phase = Phase.BUILD;
    /** False when the build side is shared with other streams (split-parallel probing) and closed by its owner. */
    private boolean ownsBuild = true;
    private BuildSide build;
    private GatherSource[] buildColumns;
    private int[] chains;
    private BatchStream probeIn;
    private VectorSchemaRoot probe;
    private final List<Evaluated> probeKeyVectors = new ArrayList<>();
    private KeyBatch probeKeyBatch;
    private int probeRows;
    private int[] heads = new int[0];
    private boolean[] probeMatched = new boolean[0];
    private int row;
    private int chain;
    private int[] pairProbe = new int[0];
    private int[] pairBuild = new int[0];
    private int buildCursor;

    /**
     * A join of one probe stream against a build side read before and shared with other streams on other threads
     * (split-parallel probing, {@link JoinOperator#prepare}); the stream reads {@code build} only and never closes it.
     * The join type must not track build matches (no outer join on the build side).
     */
    static JoinStream overSharedBuild(ExecContext ctx, JoinSpec spec, BuildSide build, BatchStream probeIn,
            Schema schema, Schema combined, int leftWidth, List<Expr> probeKeyExprs, BitSet used) {
        JoinStream s = new JoinStream(ctx, spec, null, null, schema, combined, leftWidth, Long.MAX_VALUE, List.of(),
                probeKeyExprs, used);
        s.ownsBuild = false;
        s.build = build;
        s.chains = build.chains();
        s.buildColumns = new GatherSource[build.rows().getFieldVectors().size()];
        s.probeIn = probeIn;
        s.phase = build.rowCount() == 0 && !spec.probeOuter() && spec.type() != JoinType.ANTI ? Phase.DONE
                : Phase.NEXT_PROBE;
        return s;
    }

    JoinStream(ExecContext ctx, JoinSpec spec, PhysicalOperator buildInput, PhysicalOperator probeInput,
            Schema schema, Schema combined, int leftWidth, long maxMemoryBytes, List<Expr> buildKeyExprs,
            List<Expr> probeKeyExprs, BitSet used) {
        this.ctx = ctx;
        this.used = used;
        this.spec = spec;
        this.buildInput = buildInput;
        this.probeInput = probeInput;
        this.schema = schema;
        this.combined = combined;
        this.leftWidth = leftWidth;
        this.maxMemoryBytes = maxMemoryBytes;
        this.probeIsLeft = !spec.buildLeft();
        for (Expr e : buildKeyExprs) {
            buildKeys.add(ctx.compiler().compile(e));
        }
        for (Expr e : probeKeyExprs) {
            probeKeys.add(ctx.compiler().compile(e));
        }
        this.residual = spec.residual() == null ? null : ctx.compiler().compile(spec.residual());
        this.residualColumns = spec.residual() == null ? new BitSet() : ExprVisitors.columns(spec.residual());
    }

    @Override
    public Schema schema() {
        return schema;
    }

    @Override
    public VectorSchemaRoot next() {
        while (true) {
            ctx.cancellation().throwIfCancelled();
            switch (phase) {
                case BUILD:
                    build = BuildSide.read(buildInput, ctx, buildKeys, spec.nullSafe(), spec.buildOuter(),
                            maxMemoryBytes, spec.hashed() ? "Hash join" : "Nested loop join",
                            spec.buildLeft() ? "left" : "right");
                    chains = build.chains();
                    buildColumns = new GatherSource[build.rows().getFieldVectors().size()];
                    if (build.rowCount() == 0 && !spec.probeOuter() && spec.type() != JoinType.ANTI) {
                        // Nothing can match and no probe row is kept: skip reading the probe side.
                        phase = Phase.DONE;
                        return null;
                    }
                    probeIn = ctx.open(probeInput);
                    phase = Phase.NEXT_PROBE;
                    break;
                case NEXT_PROBE: {
                    releaseProbe();
                    VectorSchemaRoot b = probeIn.next();
                    if (b == null) {
                        phase = spec.buildOuter() ? Phase.BUILD_UNMATCHED : Phase.DONE;
                        break;
                    }
                    if (b.getRowCount() == 0) {
                        b.close();
                        break;
                    }
                    startProbe(b);
                    if (spec.semiOrAnti() && residual == null) {
                        VectorSchemaRoot out = semiWithoutResidual();
                        phase = Phase.NEXT_PROBE;
                        if (out != null) {
                            return out;
                        }
                        break;
                    }
                    phase = Phase.PAIRS;
                    break;
                }
                case PAIRS: {
                    VectorSchemaRoot out = pairs();
                    if (out != null) {
                        return out;
                    }
                    break;
                }
                case PROBE_UNMATCHED: {
                    phase = Phase.NEXT_PROBE;
                    VectorSchemaRoot out = probeUnmatched();
                    if (out != null) {
                        return out;
                    }
                    break;
                }
                case BUILD_UNMATCHED: {
                    VectorSchemaRoot out = buildUnmatched();
                    if (out != null) {
                        return out;
                    }
                    phase = Phase.DONE;
                    break;
                }
                default:
                    return null;
            }
        }
    }

    private void startProbe(VectorSchemaRoot b) {
        probe = b;
        probeRows = b.getRowCount();
        if (heads.length < probeRows) {
            heads = new int[probeRows];
            probeMatched = new boolean[probeRows];
        } else {
            java.util.Arrays.fill(probeMatched, 0, probeRows, false);
        }
        probeKeyBatch = null;
        if (!probeKeys.isEmpty()) {
            FieldVector[] kv = new FieldVector[probeKeys.size()];
            for (int k = 0; k < kv.length; k++) {
                Evaluated e = probeKeys.get(k).evaluate(b, ctx.allocator());
                probeKeyVectors.add(e);
                kv[k] = e.vector();
            }
            probeKeyBatch = new KeyBatch(kv, spec.nullSafe(), probeRows);
        }
        build.heads(probeKeyBatch, probeRows, heads);
        if (spec.type() == JoinType.SINGLE && residual == null) {
            // A left row of a SINGLE join (correlated scalar subquery) may match at most one right row.
            for (int i = 0; i < probeRows; i++) {
                if (heads[i] >= 0 && chains[heads[i]] >= 0) {
                    throw moreThanOneRow();
                }
            }
        }
        row = 0;
        chain = -2;
    }

    private void releaseProbe() {
        for (Evaluated e : probeKeyVectors) {
            e.close();
        }
        probeKeyVectors.clear();
        probeKeyBatch = null;
        if (probe != null) {
            probe.close();
            probe = null;
        }
    }

    /** SEMI / ANTI decided by the key alone. */
    private VectorSchemaRoot semiWithoutResidual() {
        boolean anti = spec.type() == JoinType.ANTI;
        int[] rows = new int[probeRows];
        int count = 0;
        if (spec.nullAwareAnti() && build.rowCount() > 0) {
            // x NOT IN (set): NULL (dropped) when the set holds a NULL or x is NULL, FALSE when x is in the set.
            if (!build.hasRejectedRow()) {
                for (int i = 0; i < probeRows; i++) {
                    if (heads[i] < 0 && !probeKeyBatch.rejected(i)) {
                        rows[count++] = i;
                    }
                }
            }
        } else {
            for (int i = 0; i < probeRows; i++) {
                if (heads[i] >= 0 != anti) {
                    rows[count++] = i;
                }
            }
        }
        return selectProbe(rows, count);
    }

    private VectorSchemaRoot selectProbe(int[] rows, int count) {
        if (count == 0) {
            return null;
        }
        if (count == probeRows) {
            VectorSchemaRoot out = Batches.transfer(probe, ctx.allocator());
            return retype(out);
        }
        return VectorGather.gather(probe, schema, rows, 0, count, ctx.allocator());
    }

    /** The root with the output schema's fields (names and nullability of the join output). */
    private VectorSchemaRoot retype(VectorSchemaRoot root) {
        VectorSchemaRoot out = new VectorSchemaRoot(schema.getFields(), root.getFieldVectors(), root.getRowCount());
        out.setRowCount(root.getRowCount());
        return out;
    }

    /** Fills the pair buffers with the next candidate pairs of the current probe batch; returns their count. */
    private int fillPairs(int cap, boolean withUnmatched, boolean stopAtFirst) {
        if (pairProbe.length < cap) {
            pairProbe = new int[cap];
            pairBuild = new int[cap];
        }
        int[] pp = pairProbe;
        int[] pb = pairBuild;
        int[] nx = chains;
        int[] hd = heads;
        int c = 0;
        int n = probeRows;
        int r = row;
        int ch = chain;
        while (r < n) {
            int b;
            if (ch == -2) {
                b = hd[r];
                if (b < 0) {
                    if (withUnmatched) {
                        if (c == cap) {
                            break;
                        }
                        pp[c] = r;
                        pb[c] = -1;
                        c++;
                    }
                    r++;
                    continue;
                }
            } else {
                b = ch;
            }
            while (b >= 0) {
                if (c == cap) {
                    row = r;
                    chain = b;
                    return c;
                }
                pp[c] = r;
                pb[c] = b;
                c++;
                b = stopAtFirst ? -1 : nx[b];
            }
            r++;
            ch = -2;
        }
        row = r;
        chain = -2;
        return c;
    }

    private VectorSchemaRoot pairs() {
        boolean semi = spec.semiOrAnti();
        if (residual == null) {
            // Every candidate is a match (a key match, or any pair of a keyless nested loop).
            int cap = Math.max(ctx.batchSize(), probeRows);
            int count = fillPairs(cap, spec.probeOuter(), false);
            if (count == 0 && row >= probeRows) {
                phase = Phase.NEXT_PROBE;
                return null;
            }
            if (spec.buildOuter()) {
                for (int k = 0; k < count; k++) {
                    if (pairBuild[k] >= 0) {
                        build.markMatched(pairBuild[k]);
                    }
                }
            }
            boolean transferProbe = row >= probeRows && count == probeRows && isIdentity(count);
            if (row >= probeRows) {
                phase = Phase.NEXT_PROBE;
            }
            return emit(pairProbe, pairBuild, count, transferProbe);
        }
        int cap = Math.max(ctx.batchSize(), 1024);
        int count = fillPairs(cap, false, false);
        boolean batchDone = row >= probeRows;
        VectorSchemaRoot out = null;
        if (count > 0) {
            int kept = filterByResidual(count);
            if (!semi && kept > 0) {
                out = emit(pairProbe, pairBuild, kept, false);
            }
        }
        if (batchDone) {
            if (semi) {
                phase = Phase.NEXT_PROBE;
                boolean want = spec.type() == JoinType.SEMI;
                int[] rows = new int[probeRows];
                int c = 0;
                for (int i = 0; i < probeRows; i++) {
                    if (probeMatched[i] == want) {
                        rows[c++] = i;
                    }
                }
                VectorSchemaRoot sel = selectProbe(rows, c);
                if (out != null) {
                    out.close();
                }
                return sel;
            }
            phase = spec.probeOuter() ? Phase.PROBE_UNMATCHED : Phase.NEXT_PROBE;
        }
        return out;
    }

    private boolean isIdentity(int count) {
        int[] pp = pairProbe;
        for (int k = 0; k < count; k++) {
            if (pp[k] != k) {
                return false;
            }
        }
        return true;
    }

    private static SqlError moreThanOneRow() {
        return new SqlError("21000", "A correlated scalar subquery returned more than one row for one row of the"
                + " outer query; make it return one value, e.g. with MIN() or MAX()");
    }

    /**
     * Evaluates the residual over the candidate pairs in the pair buffers, compacts the buffers to the passing pairs
     * and marks matched probe and build rows.
     */
    private int filterByResidual(int count) {
        try (VectorSchemaRoot candidates = candidateBatch(count);
                Evaluated mask = residual.evaluate(candidates, ctx.allocator())) {
            ColumnReaders.BoolReader r = ColumnReaders.bools(mask.vector());
            int kept = 0;
            boolean single = spec.type() == JoinType.SINGLE;
            for (int k = 0; k < count; k++) {
                if (!r.isNull(k) && r.get(k)) {
                    int p = pairProbe[k];
                    int b = pairBuild[k];
                    if (single && probeMatched[p]) {
                        throw moreThanOneRow();
                    }
                    probeMatched[p] = true;
                    if (spec.buildOuter()) {
                        build.markMatched(b);
                    }
                    pairProbe[kept] = p;
                    pairBuild[kept] = b;
                    kept++;
                }
            }
            return kept;
        }
    }

    /** The candidate pairs as a batch of the combined (left + right) schema, with only residual columns filled. */
    private VectorSchemaRoot candidateBatch(int count) {
        List<Field> fields = combined.getFields();
        List<FieldVector> vectors = new ArrayList<>(fields.size());
        try {
            for (int c = 0; c < fields.size(); c++) {
                Field f = fields.get(c);
                if (!residualColumns.get(c)) {
                    NullVector placeholder = new NullVector(f.getName());
                    placeholder.setValueCount(count);
                    vectors.add(placeholder);
                    continue;
                }
                boolean leftColumn = c < leftWidth;
                boolean fromProbe = leftColumn == probeIsLeft;
                int index = leftColumn ? c : c - leftWidth;
                vectors.add(fromProbe ? VectorGather.gather(probe.getVector(index), f, pairProbe, 0, count,
                        ctx.allocator()) : buildColumn(index).gather(f, pairBuild, 0, count, ctx.allocator()));
            }
        } catch (RuntimeException e) {
            VectorGather.closeAll(vectors);
            throw e;
        }
        List<Field> actual = new ArrayList<>(vectors.size());
        for (FieldVector v : vectors) {
            actual.add(v.getField());
        }
        VectorSchemaRoot root = new VectorSchemaRoot(actual, vectors, count);
        root.setRowCount(count);
        return root;
    }

    private VectorSchemaRoot probeUnmatched() {
        int[] rows = new int[probeRows];
        int[] none = new int[probeRows];
        int c = 0;
        for (int i = 0; i < probeRows; i++) {
            if (!probeMatched[i]) {
                rows[c] = i;
                none[c] = -1;
                c++;
            }
        }
        if (c == 0) {
            return null;
        }
        return emit(rows, none, c, false);
    }

    private VectorSchemaRoot buildUnmatched() {
        int n = build.rowCount();
        int cap = ctx.batchSize();
        int[] rows = new int[Math.min(cap, Math.max(n, 1))];
        int c = 0;
        while (buildCursor < n && c < rows.length) {
            if (!build.matched(buildCursor)) {
                rows[c++] = buildCursor;
            }
            buildCursor++;
        }
        if (c == 0) {
            return null;
        }
        int[] none = new int[c];
        java.util.Arrays.fill(none, -1);
        return emit(none, rows, c, false);
    }

    /** One output batch: the probe rows {@code p} next to the build rows {@code b} (-1: NULLs). */
    private VectorSchemaRoot emit(int[] p, int[] b, int count, boolean transferProbe) {
        List<Field> fields = schema.getFields();
        List<FieldVector> vectors = new ArrayList<>(fields.size());
        try {
            for (int c = 0; c < fields.size(); c++) {
                Field f = fields.get(c);
                boolean leftColumn = c < leftWidth;
                boolean fromProbe = leftColumn == probeIsLeft;
                int index = leftColumn ? c : c - leftWidth;
                if (used != null && !used.get(c) && !(fromProbe && transferProbe)) {
                    NullVector placeholder = new NullVector(f.getName());
                    placeholder.setValueCount(count);
                    vectors.add(placeholder);
                } else if (fromProbe) {
                    if (probe == null) {
                        vectors.add(VectorGather.nulls(f, count, ctx.allocator()));
                    } else if (transferProbe) {
                        TransferPair tp = Batches.transferPair(probe.getVector(index), f, ctx.allocator());
                        tp.transfer();
                        vectors.add((FieldVector) tp.getTo());
                    } else {
                        vectors.add(VectorGather.gather(probe.getVector(index), f, p, 0, count, ctx.allocator()));
                    }
                } else {
                    vectors.add(buildColumn(index).gather(f, b, 0, count, ctx.allocator()));
                }
            }
        } catch (RuntimeException e) {
            VectorGather.closeAll(vectors);
            throw e;
        }
        VectorSchemaRoot root = new VectorSchemaRoot(fields, vectors, count);
        root.setRowCount(count);
        return root;
    }

    /** Build column {@code index}, prepared for repeated gathers on first use. */
    private GatherSource buildColumn(int index) {
        GatherSource g = buildColumns[index];
        if (g == null) {
            g = GatherSource.of(build.rows().getVector(index));
            buildColumns[index] = g;
        }
        return g;
    }

    @Override
    public void close() {
        phase = Phase.DONE;
        buildColumns = null;
        releaseProbe();
        if (probeIn != null) {
            probeIn.close();
            probeIn = null;
        }
        if (build != null) {
            if (ownsBuild) {
                build.close();
            }
            build = null;
        }
    }
}
