package io.lancejdbc.exec.vector;

import io.lancejdbc.exec.lance.DistanceMetric;
import io.lancejdbc.exec.snapshot.FragmentInfo;
import io.lancejdbc.exec.snapshot.IndexSegment;
import io.lancejdbc.exec.snapshot.Snapshot;
import io.lancejdbc.exec.split.Split;
import io.lancejdbc.exec.split.SplitKind;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Plans the splits of a {@code vector_search} over one pinned version, as the Doris Lance Catalog does (manual,
 * Vector Search "Current Execution Model"; doris-semantics §3.3 "Split planning"):
 * <ol>
 *   <li>with {@code use_index}, the logical vector indexes of the column are tried in manifest order; one whose
 *       metric equals the search metric and whose segments all record their fragments is used;</li>
 *   <li>each of its segments covering visible fragments becomes one {@link SplitKind#INDEX_SEGMENT_SEARCH} split
 *       over {@code segment fragments ∩ visible fragments} (a fragment already given to an earlier segment is not
 *       given again, so no row is searched twice);</li>
 *   <li>every other visible fragment becomes one {@link SplitKind#FLAT_SEARCH} split.</li>
 * </ol>
 * Without a usable index, or with {@code use_index = false}, every fragment is a flat split.
 *
 * <p>One lance-core 7.0.0 restriction shapes step 1: a search uses the <em>first</em> vector index of the column in
 * the manifest, whatever its metric (a search with another metric falls back to brute force; verified in
 * {@code NearestSearchTest}). A later index is therefore reported as {@link VectorIndexStatus#METRIC_MISMATCH}
 * with a note instead of being claimed as used.
 */
public final class VectorSplitPlanner {
    private VectorSplitPlanner() {
    }

    /**
     * @param column the vector column (a top-level field of {@code snapshot})
     * @param elementType its element type
     * @param requested the metric asked for, or empty to take the index's
     * @param useIndex false forces flat search
     * @throws SqlError 42000 when the manifest lists a fragment id twice (Lance before 0.17 wrote such manifests;
     *     a fragment-restricted search cannot address them)
     */
    public static VectorSplitPlan plan(Snapshot snapshot, String column, VectorElementType elementType,
            Optional<DistanceMetric> requested, boolean useIndex) {
        rejectDuplicateFragments(snapshot);
        int visible = snapshot.fragments().size();
        DistanceMetric fallback = elementType == VectorElementType.UINT8 ? DistanceMetric.HAMMING : DistanceMetric.L2;
        if (!useIndex) {
            return flat(snapshot, VectorIndexStatus.DISABLED, requested.orElse(fallback), Optional.empty());
        }
        Map<String, List<IndexSegment>> indexes = vectorIndexesOf(snapshot, column);
        if (indexes.isEmpty()) {
            return flat(snapshot, VectorIndexStatus.NO_MATCH, requested.orElse(fallback), Optional.empty());
        }
        String first = indexes.keySet().iterator().next();
        Optional<DistanceMetric> firstMetric = metricOf(indexes.get(first));
        DistanceMetric metric = requested.orElse(firstMetric.orElse(fallback));
        if (!elementType.searchableByLance()) {
            return flat(snapshot, VectorIndexStatus.DISABLED, metric, Optional.of("lance-core 7.0.0 cannot search "
                    + elementType.sqlName() + " vectors; the driver searches every fragment exactly"));
        }
        VectorIndexStatus status = VectorIndexStatus.METRIC_MISMATCH;
        Optional<String> note = Optional.empty();
        for (Map.Entry<String, List<IndexSegment>> e : indexes.entrySet()) {
            String name = e.getKey();
            List<IndexSegment> segments = e.getValue();
            if (!metricOf(segments).equals(Optional.of(metric))) {
                continue;
            }
            if (!name.equals(first)) {
                if (status != VectorIndexStatus.METRIC_MISMATCH || note.isPresent()) {
                    continue;
                }
                note = Optional.of("index '" + name + "' has metric " + metric.sqlName() + ", but lance-core 7.0.0"
                        + " searches only the first vector index of a column ('" + first + "', metric "
                        + firstMetric.map(DistanceMetric::sqlName).orElse("unknown") + ")");
                continue;
            }
            if (segments.stream().anyMatch(s -> s.fragmentIds().isEmpty())) {
                status = VectorIndexStatus.UNKNOWN_COVERAGE;
                note = Optional.of("a segment of index '" + name + "' does not record the fragments it covers");
                continue;
            }
            List<Split> splits = segmentSplits(snapshot, segments);
            if (splits.isEmpty()) {
                status = VectorIndexStatus.NO_VISIBLE_COVERAGE;
                note = Optional.of("no segment of index '" + name + "' covers a fragment of version "
                        + snapshot.version());
                continue;
            }
            Set<Long> covered = new HashSet<>();
            splits.forEach(s -> covered.addAll(s.fragmentIds()));
            List<Split> all = new ArrayList<>(splits);
            for (FragmentInfo f : snapshot.fragments()) {
                if (!covered.contains(f.id())) {
                    all.add(flatSplit(snapshot, f));
                }
            }
            return new VectorSplitPlan(VectorIndexStatus.USED, metric, Optional.of(name),
                    Optional.of(segments.get(0).indexType()), Optional.empty(), all, visible);
        }
        if (status == VectorIndexStatus.METRIC_MISMATCH && note.isEmpty()) {
            note = Optional.of("index '" + first + "' has metric " + firstMetric.map(DistanceMetric::sqlName)
                    .orElse("unknown") + ", the search uses " + metric.sqlName());
        }
        return flat(snapshot, status, metric, note);
    }

    /** The logical vector indexes on {@code column}, in manifest order of their first segment. */
    private static Map<String, List<IndexSegment>> vectorIndexesOf(Snapshot snapshot, String column) {
        Map<String, List<IndexSegment>> out = new LinkedHashMap<>();
        Integer fieldId = snapshot.fieldIds().get(column);
        if (fieldId == null) {
            return out;
        }
        for (IndexSegment s : snapshot.indexSegments()) {
            if (s.vector() && s.fieldIds().contains(fieldId)) {
                out.computeIfAbsent(s.indexName(), n -> new ArrayList<>()).add(s);
            }
        }
        return out;
    }

    /** The metric every segment records, or empty when one is missing or they differ. */
    private static Optional<DistanceMetric> metricOf(List<IndexSegment> segments) {
        Optional<DistanceMetric> metric = Optional.empty();
        for (IndexSegment s : segments) {
            Optional<DistanceMetric> m = s.metric().flatMap(DistanceMetric::parse);
            if (m.isEmpty() || metric.isPresent() && metric.get() != m.get()) {
                return Optional.empty();
            }
            metric = m;
        }
        return metric;
    }

    private static List<Split> segmentSplits(Snapshot snapshot, List<IndexSegment> segments) {
        Map<Long, FragmentInfo> visible = new HashMap<>();
        snapshot.fragments().forEach(f -> visible.put(f.id(), f));
        Set<Long> taken = new HashSet<>();
        List<Split> splits = new ArrayList<>();
        for (IndexSegment s : segments) {
            TreeSet<Long> ids = new TreeSet<>();
            for (long id : s.fragmentIds().orElseThrow()) {
                if (visible.containsKey(id) && !taken.contains(id)) {
                    ids.add(id);
                }
            }
            if (ids.isEmpty()) {
                continue;
            }
            taken.addAll(ids);
            long weight = ids.stream().mapToLong(id -> visible.get(id).physicalRows()).sum();
            splits.add(new Split(snapshot.uri(), snapshot.version(), new ArrayList<>(ids), s.uuid(),
                    SplitKind.INDEX_SEGMENT_SEARCH, weight));
        }
        return splits;
    }

    private static VectorSplitPlan flat(Snapshot snapshot, VectorIndexStatus status, DistanceMetric metric,
            Optional<String> note) {
        List<Split> splits = new ArrayList<>();
        for (FragmentInfo f : snapshot.fragments()) {
            splits.add(flatSplit(snapshot, f));
        }
        return new VectorSplitPlan(status, metric, Optional.empty(), Optional.empty(), note, splits,
                snapshot.fragments().size());
    }

    private static Split flatSplit(Snapshot snapshot, FragmentInfo f) {
        return new Split(snapshot.uri(), snapshot.version(), List.of(f.id()), null, SplitKind.FLAT_SEARCH,
                f.physicalRows());
    }

    private static void rejectDuplicateFragments(Snapshot snapshot) {
        Set<Long> seen = new HashSet<>();
        for (FragmentInfo f : snapshot.fragments()) {
            if (!seen.add(f.id())) {
                throw new SqlError(SqlState.UNSUPPORTED_SQL, "vector_search() cannot search Lance dataset "
                        + snapshot.uri() + ": the manifest of version " + snapshot.version() + " lists fragment "
                        + f.id() + " twice (written by an old Lance release); rewrite the dataset with a current"
                        + " Lance release to search it");
            }
        }
    }
}
