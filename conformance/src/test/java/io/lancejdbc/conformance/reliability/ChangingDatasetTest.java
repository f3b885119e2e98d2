package io.lancejdbc.conformance.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.lancejdbc.conformance.EngineUnderTest;
import io.lancejdbc.exec.testing.UriDatasets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.lance.Dataset;
import org.lance.ReadOptions;
import org.lance.cleanup.CleanupPolicy;

/**
 * Issue 16 section 2, datasets changing under a reader: a lance-core writer appends batches of ids, deletes whole
 * earlier batches (so their fragments and data files drop out of later versions) and runs
 * {@code cleanupWithPolicy(beforeVersion = latest)} (so the data files of the versions readers pinned are removed)
 * while readers query the table through the driver. The writer knows the live ids of every version it committed
 * (count and {@code sum(id)}); every answer must be exactly one committed version's, or a clear SQLException;
 * never a mix of two versions, never an internal error; the connection keeps working and no Arrow memory is left.
 */
class ChangingDatasetTest {
    @RegisterExtension
    static final EngineUnderTest ENGINE = new EngineUnderTest();

    private static final int BATCH = 4_000;
    private static final int FIRST_BATCHES = 8;

    @TempDir
    Path tmp;

    /** Committed version -> {count, sum(id)}, as the writer's bookkeeping says. */
    private final Map<Long, long[]> versions = new ConcurrentHashMap<>();
    /**
     * Every {count, sum(id)} a version has or is about to have: a state is added before its commit, so that a
     * reader meeting a commit the writer has not recorded yet still finds it.
     */
    private final java.util.Set<List<Long>> states = ConcurrentHashMap.newKeySet();
    /** Live batches: first id of each (every batch holds BATCH ids). */
    private final List<Long> liveBatches = Collections.synchronizedList(new ArrayList<>());
    private long nextId;
    private long count;
    private long sum;

    private String uri(Path warehouse) {
        return warehouse.resolve("t.lance").toString();
    }

    private void record(long version) {
        versions.put(version, new long[] {count, sum});
    }

    private void append(BufferAllocator a, String uri, boolean create) {
        long start = nextId;
        int batches = create ? FIRST_BATCHES : 1;
        long[] after = {count, sum};
        for (int b = 0; b < batches; b++) {
            long first = start + (long) b * BATCH;
            after[0] += BATCH;
            after[1] += BATCH * first + (long) BATCH * (BATCH - 1) / 2;
        }
        states.add(List.of(after[0], after[1]));
        long v = create ? UriDatasets.createIds(a, uri, Map.of(), start, BATCH * FIRST_BATCHES, BATCH)
                : UriDatasets.appendIds(a, uri, Map.of(), start, BATCH, BATCH);
        for (int b = 0; b < batches; b++) {
            long first = start + (long) b * BATCH;
            liveBatches.add(first);
            count += BATCH;
            sum += BATCH * first + (long) BATCH * (BATCH - 1) / 2;
        }
        nextId = start + (long) batches * BATCH;
        record(v);
    }

    /** Deletes the oldest live batch (a whole fragment) and returns the new version. */
    private long deleteOldestBatch(BufferAllocator a, String uri) {
        long first = liveBatches.remove(0);
        states.add(List.of(count - BATCH, sum - (BATCH * first + (long) BATCH * (BATCH - 1) / 2)));
        try (Dataset ds = Dataset.open(a, uri, new ReadOptions.Builder().build())) {
            ds.delete("id >= " + first + " AND id < " + (first + BATCH));
            count -= BATCH;
            sum -= BATCH * first + (long) BATCH * (BATCH - 1) / 2;
            record(ds.version());
            return ds.version();
        }
    }

    private static void cleanup(BufferAllocator a, String uri) {
        try (Dataset ds = Dataset.open(a, uri, new ReadOptions.Builder().build())) {
            ds.cleanupWithPolicy(CleanupPolicy.builder().withBeforeVersion(ds.version()).build());
        }
    }

    private Connection connect(Path warehouse) throws SQLException {
        Properties p = new Properties();
        // Resolve the latest version on every query, so that each one may meet a new commit.
        p.setProperty("cache.latest_version.ttl_seconds", "0");
        p.setProperty("scan.parallelism", "2");
        return ENGINE.connect("jdbc:lance:" + warehouse, p);
    }

    /** Which version an answer is; null when it is no committed version's. */
    private Long versionOf(long rows, long total) {
        for (Map.Entry<Long, long[]> e : versions.entrySet()) {
            if (e.getValue()[0] == rows && e.getValue()[1] == total) {
                return e.getKey();
            }
        }
        return null;
    }

    @Test
    void everyAnswerIsOneCommittedVersionWhileAWriterAppendsDeletesAndCleansUp() throws Exception {
        Path warehouse = Files.createDirectories(tmp.resolve("wh"));
        String uri = uri(warehouse);
        List<String> problems = new CopyOnWriteArrayList<>();
        Map<String, Integer> outcomes = new TreeMap<>();
        Map<Long, Integer> seen = new ConcurrentHashMap<>();
        AtomicBoolean writing = new AtomicBoolean(true);
        try (BufferAllocator a = new RootAllocator()) {
            append(a, uri, true);
            Thread writer = new Thread(() -> {
                try {
                    for (int i = 0; i < 24; i++) {
                        switch (i % 4) {
                            case 0, 2 -> append(a, uri, false);
                            case 1 -> deleteOldestBatch(a, uri);
                            default -> cleanup(a, uri);
                        }
                        Thread.sleep(150);
                    }
                } catch (Throwable t) {
                    problems.add("the writer failed: " + t);
                } finally {
                    writing.set(false);
                }
            }, "changing-dataset-writer");
            List<Thread> readers = new ArrayList<>();
            for (int r = 0; r < 2; r++) {
                boolean scanning = r == 1;
                readers.add(new Thread(() -> {
                    try (Connection c = connect(warehouse)) {
                        while (writing.get()) {
                            String outcome = readOnce(c, scanning, problems, seen);
                            synchronized (outcomes) {
                                outcomes.merge((scanning ? "scan " : "aggregate ") + outcome, 1, Integer::sum);
                            }
                        }
                        readOnce(c, scanning, problems, seen);
                    } catch (Throwable t) {
                        problems.add("a reader failed: " + t);
                    }
                }, "changing-dataset-reader-" + r));
            }
            writer.start();
            readers.forEach(Thread::start);
            writer.join(120_000);
            for (Thread t : readers) {
                t.join(120_000);
                if (t.isAlive()) {
                    problems.add(t.getName() + " still runs 120 s after the writer stopped");
                }
            }
        }
        System.out.println("Changing dataset: outcomes " + outcomes + ", versions answered " + new TreeMap<>(seen)
                + " of " + versions.size() + " committed");
        assertEquals(List.of(), problems);
        assertTrue(seen.size() >= 3, "answers came from " + seen.size() + " versions: " + seen);
        ENGINE.assertNoArrowMemoryHeld("the changing-dataset readers");
    }

    /** One query; returns its outcome ({@code ok} or the SQLState) and records problems. */
    private String readOnce(Connection c, boolean scanning, List<String> problems, Map<Long, Integer> seen) {
        long rows = 0;
        long total = 0;
        try (Statement s = c.createStatement()) {
            s.setQueryTimeout(60);
            if (scanning) {
                try (ResultSet rs = s.executeQuery("SELECT id FROM t")) {
                    while (rs.next()) {
                        rows++;
                        total += rs.getLong(1);
                        if (rows % 2_000 == 0) {
                            Thread.sleep(2);
                        }
                    }
                }
            } else {
                try (ResultSet rs = s.executeQuery("SELECT count(*), sum(id), count(id), min(id) <= max(id) FROM t")) {
                    rs.next();
                    rows = rs.getLong(1);
                    total = rs.getLong(2);
                    if (rs.getLong(3) != rows) {
                        problems.add("count(*) " + rows + " and count(id) " + rs.getLong(3) + " differ");
                    }
                }
            }
        } catch (SQLException e) {
            String state = e.getSQLState();
            if (state == null || state.startsWith("08") || String.valueOf(e.getMessage()).contains("Internal error")
                    || !String.valueOf(e.getMessage()).contains("t.lance")) {
                problems.add("an unclear failure " + state + ": " + e.getMessage());
            }
            assertConnectionWorks(c, problems);
            return state;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            problems.add("interrupted");
            return "interrupted";
        }
        Long version = versionOf(rows, total);
        if (version == null && states.contains(List.of(rows, total))) {
            // A commit the writer has made but not recorded yet.
            version = -1L;
        }
        if (version == null) {
            problems.add((scanning ? "a scan" : "an aggregate") + " answered " + rows + " rows, sum " + total
                    + ", which is no committed version's " + describeVersions());
            return "MIXED";
        }
        seen.merge(version, 1, Integer::sum);
        return "ok";
    }

    private String describeVersions() {
        StringBuilder out = new StringBuilder();
        new TreeMap<>(versions).forEach((v, cs) -> out.append(" v").append(v).append('=').append(cs[0]).append('/')
                .append(cs[1]));
        return out.toString();
    }

    private static void assertConnectionWorks(Connection c, List<String> problems) {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 1")) {
            rs.next();
        } catch (SQLException e) {
            problems.add("the connection fails after an error: " + e);
        }
    }

    @Test
    void aVersionCleanedUpInTheMiddleOfAScanAnswersThatVersionOrFailsClearly() throws Exception {
        Path warehouse = Files.createDirectories(tmp.resolve("wh2"));
        String uri = uri(warehouse);
        try (BufferAllocator a = new RootAllocator()) {
            append(a, uri, true);
            long pinned = 1;
            long[] expected = versions.get(pinned);
            try (Connection c = connect(warehouse); Statement s = c.createStatement()) {
                s.setQueryTimeout(60);
                s.setFetchSize(64);
                long rows = 0;
                long total = 0;
                String outcome;
                try (ResultSet rs = s.executeQuery("SELECT id FROM t")) {
                    assertTrue(rs.next());
                    rows = 1;
                    total = rs.getLong(1);
                    // Every batch of version 1 goes, and so do the data files: only the newest version remains.
                    for (int i = 0; i < FIRST_BATCHES; i++) {
                        deleteOldestBatch(a, uri);
                    }
                    append(a, uri, false);
                    cleanup(a, uri);
                    while (rs.next()) {
                        rows++;
                        total += rs.getLong(1);
                    }
                    outcome = "answered";
                } catch (SQLException e) {
                    outcome = "failed " + e.getSQLState() + ": " + e.getMessage();
                    assertTrue(!e.getSQLState().startsWith("08") && !e.getMessage().contains("Internal error"),
                            outcome);
                    assertTrue(e.getMessage().contains("t.lance"), "the message names the dataset: " + outcome);
                    assertTrue(e.getMessage().contains("cleaned up"), "the message names the likely cause: " + outcome);
                }
                System.out.println("A scan of a version cleaned up under it: " + outcome);
                if (outcome.equals("answered")) {
                    assertEquals(expected[0], rows, "rows of the pinned version");
                    assertEquals(expected[1], total, "sum(id) of the pinned version");
                }
                assertEquals(0, ENGINE.allocatedBytes(), "Arrow bytes held after the scan of a cleaned-up version");
                long[] latest = versions.get(Collections.max(versions.keySet()));
                try (ResultSet rs = s.executeQuery("SELECT count(*), sum(id) FROM t")) {
                    assertTrue(rs.next());
                    assertEquals(latest[0], rs.getLong(1), "the connection reads the newest version afterwards");
                    assertEquals(latest[1], rs.getLong(2));
                }
            }
        }
        if (versions.isEmpty()) {
            fail("no version was recorded");
        }
    }
}
