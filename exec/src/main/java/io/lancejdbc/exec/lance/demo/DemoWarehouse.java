package io.lancejdbc.exec.lance.demo;

import io.lancejdbc.exec.stream.ArrowAllocators;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The demo warehouse that {@code java -jar lance-jdbc.jar} opens when no URL is given: a small, deterministic
 * warehouse in the plain layout ({@code <table>.lance} directories; the {@code analytics/} directory is a child
 * namespace), written with lance-core on first use in about two seconds.
 *
 * <pre>
 * &lt;dir&gt;/
 *   articles.lance              24 rows, 2 fragments, 2 versions (an INVERTED index on body)
 *   items.lance              1,200 rows, 5 fragments, 3 versions
 *   people.lance                12 rows, 1 fragment, storage version 2.2 (for the map column)
 *   events.lance               725 rows, 4 fragments, 5 versions (appends and deletions)
 *   numbers.lance           10,000 rows, 4 fragments
 *   analytics/
 *     daily_sales.lance        120 rows, 1 fragment
 *   .lance-jdbc-demo         marker, written last
 * </pre>
 *
 * <p><b>articles</b> — short English texts for full-text search. Columns: {@code id BIGINT NOT NULL} (1..24),
 * {@code title TEXT}, {@code body TEXT} (one or two sentences on the sea, gardening, astronomy or cooking).
 * Index {@code body_idx}: INVERTED on {@code body} (simple tokenizer, lower-cased, no stemming, stop words kept, no
 * positions), built over both fragments (version 2), so {@code full_text_search} on {@code body} uses it;
 * {@code lighthouse} occurs once in each of ids 1, 9 and 17 (bodies of 15, 13 and 10 tokens), {@code harbor}
 * in ids 5 and 13.
 *
 * <p><b>items</b> — products with a vector column.
 * Columns: {@code id BIGINT NOT NULL} (0..1199), {@code name TEXT} ({@code item-0000}..), {@code category TEXT}
 * (books, electronics, garden, toys, food by {@code id % 5}), {@code price DOUBLE} (NULL for 13 rows), {@code embedding
 * ARRAY<FLOAT>} (fixed_size_list&lt;float32, 8&gt;: 1.0 in the dimension of the category, books = 0 .. food = 4, plus
 * noise in [-0.1, 0.1), so {@code [1,0,0,0,0,0,0,0]} is near the books). Index {@code embedding_idx}: IVF_PQ, L2,
 * 4 partitions, 4 sub-vectors, built over ids 0..999 (fragments 0-3, version 2); ids 1000..1199 were appended after
 * the index (fragment 4, version 3) and are <b>not indexed</b>, so a vector search combines ANN and flat results.
 *
 * <p><b>people</b> — nested types. Columns: {@code id BIGINT NOT NULL} (1..12), {@code name TEXT}, {@code age INT}
 * (one NULL), {@code address STRUCT<street TEXT, city TEXT, zip TEXT>} (one NULL address, one NULL zip),
 * {@code tags ARRAY<TEXT>} (empty and NULL lists too), {@code phones ARRAY<STRUCT<kind TEXT, number TEXT>>},
 * {@code attributes MAP<TEXT, TEXT>}. Ada (id 1) has tags {@code [math, engines]} and attribute
 * {@code team = research}.
 *
 * <p><b>events</b> — an event log with history. Columns: {@code id BIGINT NOT NULL}, {@code ts TIMESTAMPTZ} (UTC,
 * microseconds; 2024-06-01T00:00Z + 97 s per id), {@code user_id BIGINT} (1..20), {@code kind TEXT} (view, click,
 * purchase, debug by {@code id % 4}), {@code amount DECIMAL(10,2)} (purchases only, else NULL). Versions:
 * <ol>
 *   <li>ids 0..599 (2 fragments) — 600 rows</li>
 *   <li>append ids 600..799 — 800 rows</li>
 *   <li>delete {@code kind = 'debug'} — 600 rows</li>
 *   <li>append ids 800..999 (their debug events stay) — 800 rows</li>
 *   <li>delete {@code id < 100} — 725 rows</li>
 * </ol>
 *
 * <p><b>numbers</b> — 10,000 rows: {@code id BIGINT NOT NULL} (0..9999), {@code x DOUBLE} ({@code id * 0.5}),
 * {@code label TEXT} ({@code n0}..{@code n9} by {@code id % 10}), {@code even BOOLEAN}, {@code day DATE}
 * (2024-01-01 + {@code id % 366} days).
 *
 * <p><b>analytics.daily_sales</b> — 30 days (2024-01-01..2024-01-30) x 4 regions (north, south, east, west):
 * {@code day DATE NOT NULL}, {@code region TEXT NOT NULL}, {@code orders INT}, {@code revenue DECIMAL(12,2)}.
 *
 * <p>Creation is idempotent and safe under concurrent callers, also in different processes: the warehouse is
 * written into a hidden temporary sibling directory and renamed into place atomically once complete, and the marker
 * file is written before that rename. A directory that exists without the current marker is rebuilt when it holds
 * nothing but demo tables (a warehouse left by an older demo version or an interrupted copy); any other existing
 * directory is refused rather than overwritten. Content version 2 added {@code articles}: a version-1 warehouse is
 * rebuilt; an older driver refuses a version-2 one (it does not know {@code articles.lance}).
 */
public final class DemoWarehouse {
    /** Name of the marker file whose presence (with {@link #MARKER_CONTENT}) means the warehouse is complete. */
    public static final String MARKER = ".lance-jdbc-demo";
    /** Marker content; bump the version when the demo content changes so old warehouses are rebuilt. */
    public static final String MARKER_CONTENT = "lance-jdbc demo warehouse, content version 2\n";
    /** Root-namespace tables, sorted. */
    public static final List<String> ROOT_TABLES = List.of("articles", "events", "items", "numbers", "people");
    /** The child namespace and its tables. */
    public static final String CHILD_NAMESPACE = DemoDailySales.NAMESPACE;
    public static final List<String> CHILD_TABLES = List.of(DemoDailySales.NAME);

    private static final Logger LOG = LoggerFactory.getLogger(DemoWarehouse.class);
    private static final Set<String> DEMO_ENTRIES = Set.of("articles.lance", "items.lance", "people.lance",
            "events.lance", "numbers.lance", CHILD_NAMESPACE, MARKER);
    private static final Duration STALE_TEMP_AGE = Duration.ofHours(1);

    private DemoWarehouse() {
    }

    /**
     * Returns {@code dir} (absolute), writing the demo warehouse there first unless a complete one is present.
     *
     * @param dir the warehouse directory; its parent is created if needed
     * @return the absolute, normalized warehouse directory
     * @throws IllegalStateException when {@code dir} exists and holds something other than a demo warehouse
     * @throws UncheckedIOException when the files cannot be written
     * @throws RuntimeException from lance-core when a dataset cannot be written
     */
    public static Path createIfAbsent(Path dir) {
        Path target = dir.toAbsolutePath().normalize();
        if (isComplete(target)) {
            return target;
        }
        try {
            if (Files.exists(target)) {
                removeIncompleteDemo(target);
                if (isComplete(target)) {
                    return target;
                }
            }
            Path parent = target.getParent();
            Files.createDirectories(parent);
            String tempPrefix = "." + target.getFileName() + ".tmp-";
            removeStaleTemporaries(parent, tempPrefix);
            // Not Files.createTempDirectory: its owner-only permissions would stick to the warehouse after the rename.
            Path temp = Files.createDirectory(parent.resolve(tempPrefix + ProcessHandle.current().pid() + "-"
                    + UUID.randomUUID()));
            try {
                LOG.info("Creating the lance-jdbc demo warehouse in {}", target);
                writeTables(temp);
                Files.writeString(temp.resolve(MARKER), MARKER_CONTENT, StandardCharsets.UTF_8);
                moveIntoPlace(temp, target);
            } finally {
                deleteRecursively(temp);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the demo warehouse in " + target + ": " + e.getMessage(), e);
        }
        return target;
    }

    /** True when {@code dir} holds a complete demo warehouse of the current content version. */
    public static boolean isComplete(Path dir) {
        Path marker = dir.resolve(MARKER);
        try {
            return Files.isRegularFile(marker)
                    && Files.readString(marker, StandardCharsets.UTF_8).equals(MARKER_CONTENT);
        } catch (IOException e) {
            return false;
        }
    }

    private static void writeTables(Path root) throws IOException {
        try (BufferAllocator allocator = ArrowAllocators.newRoot(Long.MAX_VALUE)) {
            DemoArticles.write(allocator, root.resolve(DemoArticles.NAME + ".lance"));
            DemoItems.write(allocator, root.resolve(DemoItems.NAME + ".lance"));
            DemoPeople.write(allocator, root.resolve(DemoPeople.NAME + ".lance"));
            DemoEvents.write(allocator, root.resolve(DemoEvents.NAME + ".lance"));
            DemoNumbers.write(allocator, root.resolve(DemoNumbers.NAME + ".lance"));
            Path child = Files.createDirectories(root.resolve(CHILD_NAMESPACE));
            DemoDailySales.write(allocator, child.resolve(DemoDailySales.NAME + ".lance"));
        }
    }

    // Another process may have finished first: then its complete warehouse is kept and ours is discarded.
    private static void moveIntoPlace(Path temp, Path target) throws IOException {
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            throw new IOException("the file system of " + target + " cannot rename directories atomically", e);
        } catch (FileSystemException e) {
            // Linux reports a non-empty target as a plain FileSystemException ("Directory not empty").
            if (!isComplete(target)) {
                throw e;
            }
            LOG.debug("another creator finished the demo warehouse {} first", target);
        }
    }

    private static void removeIncompleteDemo(Path target) throws IOException {
        if (!Files.isDirectory(target)) {
            throw new IllegalStateException("cannot create the demo warehouse: " + target + " exists and is not a "
                    + "directory; choose another location");
        }
        try (Stream<Path> entries = Files.list(target)) {
            List<String> foreign = entries.map(p -> p.getFileName().toString())
                    .filter(n -> !DEMO_ENTRIES.contains(n)).sorted().toList();
            if (!foreign.isEmpty()) {
                throw new IllegalStateException("cannot create the demo warehouse: " + target + " already holds "
                        + foreign + "; choose an empty or new directory");
            }
        }
        if (isComplete(target)) {
            return; // completed meanwhile by a concurrent creator
        }
        LOG.info("Rebuilding the incomplete or outdated demo warehouse in {}", target);
        deleteRecursively(target);
    }

    private static void removeStaleTemporaries(Path parent, String prefix) throws IOException {
        FileTime cutoff = FileTime.from(Instant.now().minus(STALE_TEMP_AGE));
        try (Stream<Path> entries = Files.list(parent)) {
            for (Path p : entries.filter(p -> p.getFileName().toString().startsWith(prefix)).toList()) {
                try {
                    if (Files.getLastModifiedTime(p).compareTo(cutoff) < 0) {
                        deleteRecursively(p);
                    }
                } catch (NoSuchFileException e) {
                    // Removed meanwhile by its owner or another cleaner: nothing left to do.
                    LOG.debug("stale temporary {} vanished during cleanup", p);
                }
            }
        }
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        Files.walkFileTree(dir, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException exc) throws IOException {
                if (exc != null) {
                    throw exc;
                }
                Files.delete(d);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
