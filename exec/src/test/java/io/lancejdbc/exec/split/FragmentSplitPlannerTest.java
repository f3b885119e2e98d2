package io.lancejdbc.exec.split;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.exec.snapshot.FragmentInfo;
import io.lancejdbc.exec.snapshot.Snapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;

class FragmentSplitPlannerTest {
    private static Snapshot snapshot(List<Long> ids, List<Long> rows) {
        List<FragmentInfo> frags = new ArrayList<>();
        for (int i = 0; i < ids.size(); i++) {
            frags.add(new FragmentInfo(ids.get(i), rows.get(i), rows.get(i)));
        }
        return new Snapshot("file:///data/t.lance", 3, new Schema(List.of()), Map.of(), frags, List.of(), "2.1");
    }

    private static Snapshot equal(int fragments, long rowsEach) {
        List<Long> ids = LongStream.range(0, fragments).boxed().toList();
        List<Long> rows = ids.stream().map(i -> rowsEach).toList();
        return snapshot(ids, rows);
    }

    private static List<List<Long>> fragmentRuns(List<Split> splits) {
        return splits.stream().map(Split::fragmentIds).toList();
    }

    @Test
    void sixteenEqualFragmentsAtDegreeTwoAreFourRunsOfFour() {
        List<Split> splits = FragmentSplitPlanner.plan(equal(16, 250_000), 2);
        assertEquals(List.of(List.of(0L, 1L, 2L, 3L), List.of(4L, 5L, 6L, 7L), List.of(8L, 9L, 10L, 11L),
                List.of(12L, 13L, 14L, 15L)), fragmentRuns(splits));
        for (Split s : splits) {
            assertEquals(1_000_000, s.weight());
            assertEquals(SplitKind.FRAGMENT_SCAN, s.kind());
            assertEquals(3, s.version());
        }
    }

    @Test
    void noMoreFragmentsThanTheTargetKeepsOneFragmentPerSplit() {
        assertEquals(List.of(List.of(0L), List.of(1L), List.of(2L), List.of(3L), List.of(4L)),
                fragmentRuns(FragmentSplitPlanner.plan(equal(5, 20), 4)));
    }

    @Test
    void aRunStopsAtTheRowsPerSplitBound() {
        // degree 1 aims at 2 splits of 4M rows, but a split covers at most 2^20 rows: 2 fragments of 500,000.
        List<Split> splits = FragmentSplitPlanner.plan(equal(16, 500_000), 1);
        assertEquals(8, splits.size());
        for (Split s : splits) {
            assertEquals(2, s.fragmentIds().size());
            assertTrue(s.weight() <= FragmentSplitPlanner.MAX_ROWS_PER_SPLIT);
        }
    }

    @Test
    void aRunStopsAtTheFragmentsPerSplitBound() {
        List<Split> splits = FragmentSplitPlanner.plan(equal(10_000, 1), 2);
        assertEquals(313, splits.size());
        assertEquals(32, splits.get(0).fragmentIds().size());
        assertEquals(10_000 - 312 * 32, splits.get(312).fragmentIds().size());
    }

    @Test
    void aFragmentLargerThanTheBoundIsASplitOfItsOwn() {
        Snapshot s = snapshot(List.of(0L, 1L, 2L), List.of(10L, 3_000_000L, 10L));
        assertEquals(List.of(List.of(0L), List.of(1L), List.of(2L)), fragmentRuns(FragmentSplitPlanner.plan(s, 1)));
    }

    @Test
    void runsKeepManifestOrderAndNonContiguousIdsEachOnce() {
        // ids after an overwrite and appends (lance-core-7.md §1: fragment ids are not contiguous)
        Snapshot s = snapshot(List.of(0L, 1L, 2L, 3L, 10L, 11L, 12L, 13L), List.of(5L, 5L, 5L, 5L, 5L, 5L, 5L, 5L));
        assertEquals(List.of(List.of(0L, 1L, 2L, 3L), List.of(10L, 11L, 12L, 13L)),
                fragmentRuns(FragmentSplitPlanner.plan(s, 1)));
    }

    @Test
    void unevenFragmentsFillRunsUpToTheirShare() {
        // 2,003 rows over a target of 2 splits: at most 1,002 rows per run
        Snapshot s = snapshot(List.of(0L, 1L, 2L, 3L, 4L), List.of(1000L, 1L, 1L, 1L, 1000L));
        List<Split> splits = FragmentSplitPlanner.plan(s, 1);
        assertEquals(List.of(List.of(0L, 1L, 2L), List.of(3L, 4L)), fragmentRuns(splits));
        assertEquals(List.of(1002L, 1001L), splits.stream().map(Split::weight).toList());
    }

    @Test
    void emptyFragmentsJoinTheRun() {
        Snapshot s = snapshot(List.of(0L, 1L, 2L), List.of(0L, 0L, 0L));
        assertEquals(List.of(List.of(0L, 1L, 2L)), fragmentRuns(FragmentSplitPlanner.plan(s, 1)));
    }

    @Test
    void noFragmentsNoSplits() {
        assertEquals(List.of(), FragmentSplitPlanner.plan(snapshot(List.of(), List.of()), 2));
    }

    @Test
    void degreeBelowOneIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> FragmentSplitPlanner.plan(equal(2, 1), 0));
    }
}
