package io.lancejdbc.exec.vector;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.lancejdbc.engine.config.EngineProperty;
import io.lancejdbc.exec.pin.PinnedTable;
import io.lancejdbc.exec.lance.DistanceMetric;
import io.lancejdbc.exec.lance.NearestQuery;
import io.lancejdbc.exec.operator.PhysicalOperator;
import io.lancejdbc.exec.operator.ProjectOperator;
import io.lancejdbc.exec.operator.SortOperator;
import io.lancejdbc.exec.plan.PhysicalPlanner;
import io.lancejdbc.exec.plan.PhysicalPlannerExtension;
import io.lancejdbc.exec.snapshot.Snapshot;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.catalog.BoundTable;
import io.lancejdbc.sql.expr.ColumnRef;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.plan.LogicalPlan;
import io.lancejdbc.sql.plan.SortKey;
import io.lancejdbc.sql.plan.VectorSearch;
import io.lancejdbc.sql.plan.VectorSearchSpec;
import io.lancejdbc.sql.types.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Plans {@code vector_search(...)} ({@link VectorSearch}) as three operators:
 * <pre>
 *   ROW_ID_FETCH (phase 2: projected columns by row id)   -- or PROJECT (drops _rowid) for a one-phase read
 *     TOP_N order by _distance, _rowid; offset, top_k     -- the global Top-K merge
 *       VECTOR_SEARCH (splits in parallel, top_k + offset candidates each)
 * </pre>
 * The output is the node's columns plus {@code _distance}, ordered by {@code _distance} then row id.
 *
 * <p>The read is two-phase when {@code top_k + offset} is at most the session's
 * {@code topn_lazy_materialization_threshold} ({@link PhysicalPlanner#setting}), a table column is projected and
 * there is more than one split (one split returns only the surviving rows anyway): the search then carries only
 * {@code _distance} and the row id, since nothing above this plan runs before the global Top-K (an outer WHERE,
 * ORDER BY or join applies to the Top-K result, as for any table). Otherwise the search carries the projected
 * columns itself.
 */
public final class VectorSearchPlanner implements PhysicalPlannerExtension {
    /**
     * Split plans of the snapshots this planner saw. The pool hands out one {@link Snapshot} object per cached
     * pinned version, so the snapshot's identity is the key (weak: a snapshot the pool dropped or reloaded takes its
     * plans with it); a plan is a pure function of the snapshot and the search's column, element type, metric and
     * use_index. Planning a search otherwise walks every index segment and fragment of the version per statement.
     */
    private final Cache<Snapshot, Map<SplitPlanKey, VectorSplitPlan>> splitPlans = Caffeine.newBuilder()
            .weakKeys()
            .maximumSize(256)
            .executor(Runnable::run)
            .build();

    private record SplitPlanKey(String column, VectorElementType elementType, Optional<DistanceMetric> metric,
            boolean useIndex) {
    }

    /**
     * Registered through {@code META-INF/services} and created once per session (the statement runner loads the
     * extensions); settings come from the planner of each statement.
     */
    public VectorSearchPlanner() {
    }

    /**
     * @return the operators of a {@link VectorSearch} node, or null for other nodes
     * @throws SqlError 42S22 / 42804 / 22023 when the pinned version does not have the column, type or dimension the
     *     statement was bound with; 22003 when a float64 query element does not fit the float32 key lance-core takes;
     *     22023 for a cosine search with a query vector of zero (float32-underflowing) norm;
     *     42000 for a manifest listing a fragment twice
     */
    @Override
    public PhysicalOperator plan(LogicalPlan node, PhysicalPlanner planner) {
        if (!(node instanceof VectorSearch)) {
            return null;
        }
        VectorSearch vs = (VectorSearch) node;
        BoundTable table = vs.table();
        if (!(table.handle() instanceof PinnedTable)) {
            throw new SqlError(SqlState.UNSUPPORTED_SQL, "vector_search() needs a Lance table, got "
                    + table.qualifiedName());
        }
        PinnedTable pinned = (PinnedTable) table.handle();
        VectorSearchSpec spec = vs.spec();
        VectorSearchSettings settings = settings(planner);
        Field column = vectorColumn(pinned, spec);
        VectorElementType elementType = VectorElementType.of(column);
        float[] lanceKey = lanceKey(spec, column, elementType);
        Optional<DistanceMetric> requested = Optional.ofNullable(spec.metric()).map(m -> DistanceMetric.parse(m)
                .orElseThrow(() -> new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Unsupported vector metric '" + m
                        + "': expected l2, cosine, dot, or hamming")));
        VectorSplitPlan splitPlan = splitPlan(pinned.snapshot(), new SplitPlanKey(column.getName(), elementType,
                requested, spec.useIndex()));
        if (splitPlan.metric() == DistanceMetric.COSINE) {
            requireCosineQueryNorm(lanceKey);
        }

        List<Field> output = vs.output();
        List<Field> projected = output.subList(0, output.size() - 1);
        Field distance = output.get(output.size() - 1);
        // With one split the search returns only the rows that survive (plus the offset), so reading the projected
        // columns with it costs less than a second pass by row id.
        boolean twoPhase = !projected.isEmpty() && splitPlan.splits().size() > 1
                && settings.twoPhase(spec.candidates());
        List<Field> carriedFields = twoPhase ? List.of() : projected;
        List<String> carried = carriedFields.stream().map(Field::getName).toList();

        List<Field> candidateFields = new ArrayList<>(carriedFields);
        candidateFields.add(distance);
        Field rowId = Types.field(NearestQuery.ROW_ID, new ArrowType.Int(64, false), false);
        candidateFields.add(rowId);
        VectorSearchOperator search = new VectorSearchOperator(table, spec, elementType, splitPlan, carried,
                new Schema(candidateFields), lanceKey);

        int distanceAt = carriedFields.size();
        int rowIdAt = distanceAt + 1;
        List<SortKey> order = List.of(new SortKey(new ColumnRef(distanceAt, distance.getName(), distance), true, true),
                new SortKey(new ColumnRef(rowIdAt, rowId.getName(), rowId), true, true));
        PhysicalOperator topK = new SortOperator(search, order, spec.offset(), spec.topK());

        int[] fromInput = new int[output.size()];
        for (int i = 0; i < projected.size(); i++) {
            fromInput[i] = twoPhase ? -1 : i;
        }
        fromInput[output.size() - 1] = distanceAt;
        if (twoPhase) {
            return new RowIdFetchOperator(topK, pinned, output, fromInput, rowIdAt);
        }
        List<Expr> exprs = new ArrayList<>();
        for (int i = 0; i < output.size(); i++) {
            Field f = candidateFields.get(fromInput[i]);
            exprs.add(new ColumnRef(fromInput[i], f.getName(), f));
        }
        return new ProjectOperator(topK, exprs, output);
    }

    /** The split plan for a pinned snapshot, planned once per snapshot and key; planning errors are not cached. */
    private VectorSplitPlan splitPlan(Snapshot snapshot, SplitPlanKey key) {
        return splitPlans.get(snapshot, s -> new ConcurrentHashMap<>()).computeIfAbsent(key,
                k -> VectorSplitPlanner.plan(snapshot, k.column(), k.elementType(), k.metric(), k.useIndex()));
    }

    /** The settings of the statement being planned ({@link PhysicalPlanner#setting}). */
    private static VectorSearchSettings settings(PhysicalPlanner planner) {
        String key = EngineProperty.TOPN_LAZY_MATERIALIZATION_THRESHOLD.key();
        String threshold = planner.setting(key);
        return threshold == null ? VectorSearchSettings.DEFAULTS : VectorSearchSettings.from(Map.of(key, threshold));
    }

    /** The vector column in the pinned version's schema (the binder resolved the name against that schema). */
    private static Field vectorColumn(PinnedTable pinned, VectorSearchSpec spec) {
        for (Field f : pinned.snapshot().schema().getFields()) {
            if (f.getName().equals(spec.column())) {
                return f;
            }
        }
        throw new SqlError(SqlState.COLUMN_NOT_FOUND, "Lance vector search column '" + spec.column()
                + "' does not exist in version " + pinned.snapshot().version() + " of " + pinned.snapshot().uri());
    }

    /**
     * The cosine distance to a query vector of zero norm is undefined (0 / 0), and lance-core computes the norm in
     * float32, where a small vector's squared norm underflows (1e-30 squared is 0): its index search then reports
     * NaN distances and its flat search returns no row. Both paths refuse such a query instead (docs/vector-search.md
     * "Distances").
     *
     * @throws SqlError 22023 when the float32 squared norm of the query is zero, subnormal or infinite
     */
    private static void requireCosineQueryNorm(float[] key) {
        float squared = 0;
        for (float x : key) {
            squared += x * x;
        }
        if (!(squared >= Float.MIN_NORMAL) || Float.isInfinite(squared)) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "vector_search argument query_vector has "
                    + (squared == 0 ? "zero norm" : "a norm whose square is " + (Float.isInfinite(squared)
                            ? "infinite" : "subnormal") + " in float32")
                    + ", so its cosine distance is undefined; give a non-zero query vector with the cosine metric"
                    + " (or use metric l2 or dot)");
        }
    }

    /**
     * The query vector as lance-core's float32 key, after checking its dimension (lance-core silently ignores a
     * search with a wrong dimension).
     */
    private static float[] lanceKey(VectorSearchSpec spec, Field column, VectorElementType elementType) {
        double[] v = spec.queryVector();
        int dimension = ((ArrowType.FixedSizeList) column.getType()).getListSize();
        if (v.length != dimension) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Query vector dimension " + v.length
                    + " does not match Lance column '" + column.getName() + "' dimension " + dimension);
        }
        float[] key = new float[v.length];
        for (int i = 0; i < v.length; i++) {
            key[i] = (float) v[i];
            if (elementType.searchableByLance() && !Float.isFinite(key[i])) {
                throw new SqlError(SqlState.NUMERIC_OUT_OF_RANGE, "Query vector element " + i + " (" + v[i]
                        + ") is outside the float32 range; lance-core 7.0.0 takes float32 query vectors, also for "
                        + elementType.sqlName() + " columns");
            }
        }
        return key;
    }
}
