package io.lancejdbc.exec.split;

import io.lancejdbc.exec.snapshot.FragmentInfo;
import io.lancejdbc.exec.snapshot.Snapshot;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Splits an ordinary scan into one {@link SplitKind#FRAGMENT_SCAN} split per visible fragment of the pinned version
 * (Doris Lance Catalog manual, "Query Lance Tables": scan tasks by fragment), in fragment order.
 */
public final class FragmentSplitPlanner {
    private FragmentSplitPlanner() {
    }

    /**
     * @return the splits, or an empty list when the snapshot has no fragments
     */
    public static List<Split> plan(Snapshot snapshot) {
        List<Split> splits = new ArrayList<>();
        for (FragmentInfo f : snapshot.fragments()) {
            splits.add(new Split(snapshot.uri(), snapshot.version(), List.of(f.id()), null, SplitKind.FRAGMENT_SCAN,
                    f.physicalRows()));
        }
        return splits;
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
