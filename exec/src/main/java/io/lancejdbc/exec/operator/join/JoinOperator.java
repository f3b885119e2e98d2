package io.lancejdbc.exec.operator.join;

import io.lancejdbc.exec.operator.ExecContext;
import io.lancejdbc.exec.operator.PhysicalOperator;
import io.lancejdbc.exec.operator.SparseOutput;
import io.lancejdbc.exec.operator.SplitProbe;
import io.lancejdbc.exec.operator.hash.BuildSide;
import io.lancejdbc.exec.stream.BatchStream;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.plan.JoinType;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Joins two inputs by a hash table over one of them (equi-joins) or by comparing every pair (nested loop: CROSS
 * joins and conditions without an equality between the sides). The build side is read completely first and held
 * in memory, bounded by {@code query.max_memory}; the other side streams through batch by batch.
 *
 * <p>Output: the left columns then the right columns (only the left ones for SEMI and ANTI), in batches of at most
 * the context's batch size (a probe batch whose rows each match once comes out as one batch).
 *
 * <p>A hash join whose build rows need not remember their matches (every type but RIGHT/FULL outer on the build
 * side) is also a {@link SplitProbe}: under a parallel aggregation the build side is read once and every split of
 * the probe side is joined against it on its own thread.
 */
public final class JoinOperator implements PhysicalOperator, SparseOutput, SplitProbe {
    private final PhysicalOperator left;
    private final PhysicalOperator right;
    private final JoinSpec spec;
    private final Schema schema;
    private final long maxMemoryBytes;
    private final BitSet used;
    /** Planned as the probe of a {@link io.lancejdbc.exec.operator.SplitStage}: each probe split joined alone. */
    private final boolean splitProbe;

    /**
     * @param output the join's output fields (left then right; left only for SEMI/ANTI)
     * @param maxMemoryBytes the most bytes the build side (batches and hash table) may hold, or Long.MAX_VALUE
     */
    public JoinOperator(PhysicalOperator left, PhysicalOperator right, JoinSpec spec, List<Field> output,
            long maxMemoryBytes) {
        this(left, right, spec, new Schema(output), maxMemoryBytes, null, false);
    }

    private JoinOperator(PhysicalOperator left, PhysicalOperator right, JoinSpec spec, Schema schema,
            long maxMemoryBytes, BitSet used, boolean splitProbe) {
        this.splitProbe = splitProbe;
        this.left = left;
        this.right = right;
        this.spec = spec;
        this.schema = schema;
        this.maxMemoryBytes = maxMemoryBytes;
        this.used = used;
    }

    @Override
    public PhysicalOperator onlyColumns(BitSet columns) {
        return new JoinOperator(left, right, spec, schema, maxMemoryBytes, (BitSet) columns.clone(), splitProbe);
    }

    @Override
    public PhysicalOperator withProbeInput(PhysicalOperator probe) {
        return spec.buildLeft() ? new JoinOperator(left, probe, spec, schema, maxMemoryBytes, used, splitProbe)
                : new JoinOperator(probe, right, spec, schema, maxMemoryBytes, used, splitProbe);
    }

    @Override
    public PhysicalOperator asSplitProbe() {
        return new JoinOperator(left, right, spec, schema, maxMemoryBytes, used, true);
    }

    public JoinSpec spec() {
        return spec;
    }

    @Override
    public Schema schema() {
        return schema;
    }

    @Override
    public List<PhysicalOperator> children() {
        return List.of(left, right);
    }

    @Override
    public String name() {
        return spec.hashed() ? "HASH_JOIN" : "NESTED_LOOP_JOIN";
    }

    @Override
    public List<String> details() {
        List<String> out = new ArrayList<>();
        String type = spec.type() == JoinType.ANTI && spec.nullAwareAnti() ? "ANTI (null-aware)"
                : spec.type().toString();
        out.add("join type: " + type);
        if (spec.hashed()) {
            List<String> keys = new ArrayList<>();
            for (int i = 0; i < spec.leftKeys().size(); i++) {
                keys.add(spec.leftKeys().get(i).sql() + (spec.nullSafe()[i] ? " <=> " : " = ")
                        + spec.rightKeys().get(i).sql());
            }
            out.add("equi keys: " + String.join(", ", keys));
        }
        if (spec.residual() != null) {
            out.add((spec.hashed() ? "residual: " : "condition: ") + spec.residual().sql());
        }
        out.add("build side: " + (spec.buildLeft() ? "left" : "right"));
        if (splitProbe) {
            out.add("probe: split by split in the stage above, against one shared build side");
        }
        if (used != null && used.cardinality() < schema.getFields().size()) {
            List<String> cols = new ArrayList<>();
            for (int c = used.nextSetBit(0); c >= 0 && c < schema.getFields().size(); c = used.nextSetBit(c + 1)) {
                cols.add(schema.getFields().get(c).getName());
            }
            out.add("output columns: " + String.join(", ", cols));
        }
        return out;
    }

    @Override
    public BatchStream open(ExecContext ctx) {
        List<Field> combined = new ArrayList<>(left.schema().getFields());
        combined.addAll(right.schema().getFields());
        return new JoinStream(ctx, spec, spec.buildLeft() ? left : right, spec.buildLeft() ? right : left,
                schema, new Schema(combined), left.schema().getFields().size(), maxMemoryBytes, keyExprs(true),
                keyExprs(false), used);
    }

    @Override
    public boolean canProbeSplits() {
        return spec.hashed() && !spec.buildOuter();
    }

    @Override
    public PhysicalOperator probeInput() {
        return spec.buildLeft() ? right : left;
    }

    /**
     * Reads the build side once for every probe split.
     *
     * @throws IllegalStateException when {@link #canProbeSplits()} is false
     * @throws io.lancejdbc.engine.SqlError HY001 when the build side outgrows {@code query.max_memory}
     */
    @Override
    public SplitProbe.Prepared prepare(ExecContext ctx) {
        if (!canProbeSplits()) {
            throw new IllegalStateException("a " + name() + " of type " + spec.type() + " cannot probe splits");
        }
        List<io.lancejdbc.exec.expr.CompiledExpr> keys = new ArrayList<>();
        for (Expr e : keyExprs(true)) {
            keys.add(ctx.compiler().compile(e));
        }
        BuildSide build = BuildSide.read(spec.buildLeft() ? left : right, ctx, keys, spec.nullSafe(), false,
                maxMemoryBytes, "Hash join", spec.buildLeft() ? "left" : "right");
        List<Field> combined = new ArrayList<>(left.schema().getFields());
        combined.addAll(right.schema().getFields());
        Schema combinedSchema = new Schema(combined);
        int leftWidth = left.schema().getFields().size();
        return new SplitProbe.Prepared() {
            @Override
            public BatchStream probe(BatchStream split) {
                return JoinStream.overSharedBuild(ctx, spec, build, split, schema, combinedSchema, leftWidth,
                        keyExprs(false), used);
            }

            @Override
            public void close() {
                build.close();
            }
        };
    }

    private List<Expr> keyExprs(boolean build) {
        boolean leftKeys = build == spec.buildLeft();
        return leftKeys ? spec.leftKeys() : spec.rightKeys();
    }
}
