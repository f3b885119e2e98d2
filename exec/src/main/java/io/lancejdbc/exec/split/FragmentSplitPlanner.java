package io.lancejdbc.exec.split;

import io.lancejdbc.exec.snapshot.FragmentInfo;
import io.lancejdbc.exec.snapshot.Snapshot;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Splits an ordinary scan into {@link SplitKind#FRAGMENT_SCAN} splits, each a run of consecutive visible fragments
 * of the pinned version read by one lance-core scanner (Doris Lance Catalog manual, "Query Lance Tables": scan tasks
 * by fragment, here grouped), in fragment order.
 *
 * <p>Why runs: every lance-core scanner costs 1.5–3 ms of CPU to create, plan and open (docs/benchmarks.md, "Where
 * the time goes"), which a selective filter over a 16-fragment table paid 16 times. The runs are sized so that each
 * of the {@code degree} workers still gets about {@link #SPLITS_PER_WORKER} splits (parallelism and load balance),
 * with at most {@link #MAX_ROWS_PER_SPLIT} physical rows (large tables keep enough splits for more workers) and at
 * most {@link #MAX_FRAGMENTS_PER_SPLIT} fragments (lance-core sets a scan up for all its fragments before the first
 * batch: 5,000 one-row fragments took 600 ms to the first row). A table with no more fragments than the target
 * split count keeps one fragment per split.
 */
public final class FragmentSplitPlanner {
    /** Splits aimed at per worker. */
    public static final int SPLITS_PER_WORKER = 2;
    /** The most physical rows one multi-fragment split covers (a single larger fragment is one split). */
    public static final long MAX_ROWS_PER_SPLIT = 1L << 20;
    /** The most fragments one split covers. */
    public static final int MAX_FRAGMENTS_PER_SPLIT = 32;

    private FragmentSplitPlanner() {
    }

    /**
     * @param degree the most splits read at the same time ({@code scan.parallelism}), at least 1
     * @return the splits in fragment order, each covering consecutive fragments of {@code snapshot.fragments()};
     *     an empty list when the snapshot has no fragments
     */
    public static List<Split> plan(Snapshot snapshot, int degree) {
        if (degree < 1) {
            throw new IllegalArgumentException("degree must be >= 1");
        }
        List<FragmentInfo> fragments = snapshot.fragments();
        long total = 0;
        for (FragmentInfo f : fragments) {
            total += f.physicalRows();
        }
        long target = (long) degree * SPLITS_PER_WORKER;
        long rowsPerSplit = Math.max(1, Math.min(MAX_ROWS_PER_SPLIT, (total + target - 1) / target));
        List<Split> splits = new ArrayList<>();
        List<Long> run = new ArrayList<>();
        long runRows = 0;
        for (FragmentInfo f : fragments) {
            if (!run.isEmpty() && (runRows + f.physicalRows() > rowsPerSplit
                    || run.size() == MAX_FRAGMENTS_PER_SPLIT)) {
                splits.add(split(snapshot, run, runRows));
                run.clear();
                runRows = 0;
            }
            run.add(f.id());
            runRows += f.physicalRows();
        }
        if (!run.isEmpty()) {
            splits.add(split(snapshot, run, runRows));
        }
        return splits;
    }

    private static Split split(Snapshot snapshot, List<Long> fragmentIds, long rows) {
        return new Split(snapshot.uri(), snapshot.version(), fragmentIds, null, SplitKind.FRAGMENT_SCAN, rows);
    }

    /**
     * True when a fragment id appears twice in the manifest (written by old Lance versions, e.g. the 0.16 compat
     * data); such a version is read by one whole-dataset scan instead of per-fragment splits.
     */
    public static boolean hasDuplicateFragmentIds(Snapshot snapshot) {
        Set<Long> seen = new HashSet<>();
        for (FragmentInfo f : snapshot.fragments()) {
            if (!seen.add(f.id())) {
                return true;
            }
        }
        return false;
    }
}
