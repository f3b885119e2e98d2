package io.lancejdbc.exec.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** What a split reader may hold beyond what its consumer took, batch by batch (one thread, no waiting). */
class ReadAheadBudgetTest {
    private static final int BATCH = 8192;

    @Test
    void aFullBatchTakesTheOnePlace() throws InterruptedException {
        ReadAheadBudget b = new ReadAheadBudget(1, BATCH);
        assertTrue(b.tryReserve(0));
        b.read(BATCH);
        assertFalse(b.tryReserve(0), "a second batch while a full one is held");
        b.taken(BATCH);
        assertTrue(b.tryReserve(0));
    }

    @Test
    void aReadInFlightCountsAsAFullBatch() throws InterruptedException {
        ReadAheadBudget b = new ReadAheadBudget(1, BATCH);
        assertTrue(b.tryReserve(0));
        assertFalse(b.tryReserve(0), "a second read while the first may still return 8,192 rows");
    }

    @Test
    void smallBatchesShareThePlaceUpToAnEighthOfItsRows() throws InterruptedException {
        ReadAheadBudget b = new ReadAheadBudget(1, BATCH);
        int held = 0;
        while (b.tryReserve(0)) {
            b.read(100);
            held++;
        }
        // 1,024 rows (an eighth of 8,192) may be held before one more read: 11 batches of 100 rows.
        assertEquals(11, held);
        assertEquals(1100, b.rowsHeld());
        b.taken(100);
        assertTrue(b.tryReserve(0), "room again once the held rows are an eighth of a batch");
    }

    @Test
    void theRowsHeldNeverExceedTheFullBatchesAndAnEighth() throws InterruptedException {
        ReadAheadBudget b = new ReadAheadBudget(2, BATCH);
        long most = 0;
        int[] sizes = {1, 8191, 5, 1024, 8192, 3, 7, 2000, 8192, 1};
        for (int round = 0; round < 50; round++) {
            while (b.tryReserve(0)) {
                b.read(sizes[round % sizes.length]);
                most = Math.max(most, b.rowsHeld());
            }
            b.taken(sizes[round % sizes.length]);
        }
        assertTrue(most <= 2L * BATCH + 2L * BATCH / 8, "held " + most + " rows");
    }

    @Test
    void aSmallBatchNeverPassesTheQueueCapacity() throws InterruptedException {
        ReadAheadBudget b = new ReadAheadBudget(1, BATCH);
        int held = 0;
        while (b.tryReserve(0)) {
            b.read(1);
            held++;
        }
        assertEquals(b.maxBatches(), held);
        assertEquals(1 + ReadAheadBudget.SMALL_BATCHES_PER_PLACE, held);
    }

    @Test
    void anEndedReadGivesItsRoomBack() throws InterruptedException {
        ReadAheadBudget b = new ReadAheadBudget(1, BATCH);
        assertTrue(b.tryReserve(0));
        b.ended();
        assertEquals(0, b.rowsHeld());
        assertTrue(b.tryReserve(0));
    }
}
