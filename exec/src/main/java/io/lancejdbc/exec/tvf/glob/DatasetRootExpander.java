package io.lancejdbc.exec.tvf.glob;

import io.lancejdbc.engine.Cancellation;
import io.lancejdbc.exec.storage.DatasetRootProbe;
import io.lancejdbc.exec.storage.DirectoryLister;
import io.lancejdbc.exec.storage.ListingPage;
import io.lancejdbc.exec.storage.ObjectKeyEncoding;
import io.lancejdbc.exec.storage.PathKind;
import io.lancejdbc.exec.storage.StorageLocation;
import io.lancejdbc.exec.storage.StorageScheme;
import io.lancejdbc.engine.config.EngineProperty;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.Future;

/**
 * Expands {@code uris} patterns into dataset roots (design "Revised Design — Phase 1" §3–§5, §10).
 *
 * <p>Per pattern, breadth first, level by level from its literal prefix: a literal segment is appended to every
 * location reached so far without any request; a wildcard segment lists each reached location (in sorted order,
 * page by page) and keeps the subdirectories whose names match. Matches from all patterns are deduplicated by
 * normalized identity ({@link StorageLocation}: bucket verbatim, key segments compared verbatim, nothing folded)
 * and sorted; then each is probed for {@code _versions/} ({@link DatasetRootProbe}).
 *
 * <p>Containment: children are built only from listed names that are single addressable segments (not empty,
 * not {@code .}/{@code ..} in any spelling, nothing Lance would re-encode, see {@link ObjectKeyEncoding}), so a
 * result always lies under its pattern's literal prefix and in its bucket; such unusable names still count as
 * directory candidates. Only directories match; files never do.
 *
 * <p>Budgets ({@link ExpansionBudget}) are counted across the whole {@link #expand} call and checked before each
 * request and after each page. Cancellation is checked at the same points; a request already in flight is not
 * interrupted but ends within its timeout (the remaining listing time). The expander holds no resource of its
 * own: the caller owns and closes the lister.
 *
 * <p>The wildcard levels are listed one request at a time. The {@code _versions/} probes of the matches are
 * independent of each other and may run {@code probeConcurrency} at a time on a caller's executor (with 500
 * matches, serial probes cost 500 round trips of latency). Listing time is then the wall-clock time during which
 * at least one listing request is in flight, so parallel probes are not counted several times; with one request
 * at a time that is the sum of the requests' durations. On the first failure no further probe is issued, the
 * probes in flight are waited for, and the failure is thrown.
 */
public final class DatasetRootExpander {
    private final DirectoryLister lister;
    private final ExpansionBudget budget;
    private final Cancellation cancellation;
    private final Executor probeExecutor;
    private final int probeConcurrency;

    /**
     * An expander that probes one match at a time.
     *
     * @param lister lister for the patterns' scheme, owned by the caller
     * @param budget limits of one call
     * @param cancellation the query's cancellation signal
     */
    public DatasetRootExpander(DirectoryLister lister, ExpansionBudget budget, Cancellation cancellation) {
        this(lister, budget, cancellation, Runnable::run, 1);
    }

    /**
     * An expander that probes up to {@code probeConcurrency} matches at a time on {@code probeExecutor}.
     *
     * @param probeExecutor runs the probes; may reject a task by throwing (the expansion then fails with that
     *        exception after the probes in flight end)
     * @param probeConcurrency most probes in flight, at least 1 (1 probes on the calling thread)
     */
    public DatasetRootExpander(DirectoryLister lister, ExpansionBudget budget, Cancellation cancellation,
                               Executor probeExecutor, int probeConcurrency) {
        this.lister = Objects.requireNonNull(lister, "lister");
        this.budget = Objects.requireNonNull(budget, "budget");
        this.cancellation = Objects.requireNonNull(cancellation, "cancellation");
        this.probeExecutor = Objects.requireNonNull(probeExecutor, "probeExecutor");
        if (probeConcurrency < 1) {
            throw new IllegalArgumentException("probeConcurrency must be at least 1: " + probeConcurrency);
        }
        this.probeConcurrency = probeConcurrency;
    }

    /**
     * Expands the patterns.
     *
     * @param patterns at least one, all of the lister's scheme
     * @return every distinct match, classified; call {@link ExpansionResult#requireDatasets()} to enforce that
     *         all are datasets
     * @throws SqlError 54000 when the directory-candidate, listing-request or dataset budget is exceeded, HYT00
     *         when the listing time is, 57014 (or HYT00) when cancelled, and the lister's errors (28000, 42S02,
     *         08001, ...) naming the location
     */
    public ExpansionResult expand(List<GlobPattern> patterns) {
        if (patterns.isEmpty()) {
            throw new IllegalArgumentException("no patterns");
        }
        for (GlobPattern p : patterns) {
            if (p.scheme() != lister.scheme()) {
                throw new IllegalArgumentException("pattern " + p.text() + " is not for a " + lister.scheme()
                        + " lister");
            }
        }
        Budgeted counted = new Budgeted();
        Map<StorageLocation, Boolean> candidates = new TreeMap<>();
        List<Integer> matchesPerPattern = new ArrayList<>(patterns.size());
        for (GlobPattern pattern : patterns) {
            List<StorageLocation> frontier = List.of(pattern.literalPrefix());
            boolean listed = false;
            for (SegmentPattern segment : pattern.segmentsAfterLiteralPrefix()) {
                if (segment.isLiteral()) {
                    List<StorageLocation> next = new ArrayList<>(frontier.size());
                    for (StorageLocation parent : frontier) {
                        next.add(parent.child(segment.literalName()));
                    }
                    frontier = next;
                    listed = false;
                } else {
                    TreeSet<StorageLocation> next = new TreeSet<>();
                    for (StorageLocation parent : frontier) {
                        matchChildren(counted, parent, segment, next);
                    }
                    frontier = new ArrayList<>(next);
                    listed = true;
                }
                if (frontier.isEmpty()) {
                    break;
                }
            }
            matchesPerPattern.add(frontier.size());
            for (StorageLocation match : frontier) {
                candidates.merge(match, listed, Boolean::logicalOr);
            }
        }
        if (candidates.size() > budget.maxDatasets()) {
            throw new SqlError(SqlState.LIMIT_EXCEEDED, "uris matched " + candidates.size() + " distinct paths, more "
                    + "than the " + budget.maxDatasets() + " datasets one call may read ("
                    + EngineProperty.GLOB_MAX_DATASETS.key() + "); narrow the patterns or raise the limit");
        }
        List<StorageLocation> matched = new ArrayList<>(candidates.keySet());
        PathKind[] kinds = probeAll(counted, matched, candidates);
        List<StorageLocation> datasets = new ArrayList<>();
        List<StorageLocation> notDatasets = new ArrayList<>();
        List<StorageLocation> missing = new ArrayList<>();
        for (int i = 0; i < matched.size(); i++) {
            switch (kinds[i]) {
                case DATASET -> datasets.add(matched.get(i));
                case NOT_A_DATASET -> notDatasets.add(matched.get(i));
                case NOT_FOUND -> missing.add(matched.get(i));
            }
        }
        return new ExpansionResult(patterns, matchesPerPattern, datasets, notDatasets, missing, counted.requests(),
                counted.candidates(), Duration.ofNanos(counted.elapsedNanos()));
    }

    /** Probes every match, in sorted order when serial; the result is indexed like {@code matched}. */
    private PathKind[] probeAll(Budgeted counted, List<StorageLocation> matched,
                                Map<StorageLocation, Boolean> listed) {
        int n = matched.size();
        PathKind[] kinds = new PathKind[n];
        if (probeConcurrency == 1 || n <= 1) {
            for (int i = 0; i < n; i++) {
                kinds[i] = DatasetRootProbe.probe(counted, matched.get(i), listed.get(matched.get(i)),
                        budget.maxListingTime());
            }
            return kinds;
        }
        ExecutorCompletionService<Integer> completions = new ExecutorCompletionService<>(probeExecutor);
        RuntimeException failure = null;
        boolean interrupted = false;
        int next = 0;
        int inFlight = 0;
        while (failure == null && (next < n || inFlight > 0)) {
            while (failure == null && next < n && inFlight < probeConcurrency) {
                int i = next++;
                try {
                    completions.submit(() -> {
                        kinds[i] = DatasetRootProbe.probe(counted, matched.get(i), listed.get(matched.get(i)),
                                budget.maxListingTime());
                        return i;
                    });
                    inFlight++;
                } catch (RuntimeException rejected) {
                    failure = rejected;
                }
            }
            if (inFlight == 0) {
                break;
            }
            try {
                Future<Integer> done = completions.take();
                inFlight--;
                done.get();
            } catch (ExecutionException e) {
                failure = e.getCause() instanceof RuntimeException r ? r
                        : new SqlError(SqlState.GENERAL_ERROR, "Probing a match of uris failed", e.getCause());
            } catch (InterruptedException e) {
                interrupted = true;
                failure = new SqlError(SqlState.QUERY_CANCELED, "Expanding uris was interrupted", e);
            }
        }
        while (inFlight > 0) {
            try {
                completions.take();
                inFlight--;
            } catch (InterruptedException e) {
                // A probe cannot be abandoned while it uses the caller's lister; keep waiting.
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (failure != null) {
            throw failure;
        }
        return kinds;
    }

    private void matchChildren(Budgeted counted, StorageLocation parent, SegmentPattern segment,
                               TreeSet<StorageLocation> out) {
        String token = null;
        do {
            ListingPage page = counted.listPage(parent, token, budget.pageSize(), budget.maxListingTime());
            counted.countCandidates(page.directories().size(), parent);
            for (String name : page.directories()) {
                if (addressable(name) && segment.matches(name)) {
                    out.add(parent.child(name));
                }
            }
            token = page.nextPageToken();
        } while (token != null);
    }

    private boolean addressable(String name) {
        return lister.scheme() == StorageScheme.S3 ? ObjectKeyEncoding.isAddressableSegment(name)
                : StorageLocation.isLocalSegment(name);
    }

    /**
     * The caller's lister behind the budget, time and cancellation checks of one call. Thread-safe: probes may run
     * in parallel. Listing time is the wall-clock time with at least one request in flight.
     */
    private final class Budgeted implements DirectoryLister {
        private int requests;
        private int candidates;
        private long elapsedNanos;
        private int active;
        private long busySince;

        @Override
        public StorageScheme scheme() {
            return lister.scheme();
        }

        @Override
        public ListingPage listPage(StorageLocation directory, String pageToken, int pageSize, Duration ignored) {
            cancellation.throwIfCancelled();
            long remaining;
            synchronized (this) {
                if (requests >= budget.maxListingRequests()) {
                    throw new SqlError(SqlState.LIMIT_EXCEEDED, "Expanding uris needs more than "
                            + budget.maxListingRequests() + " listing requests ("
                            + EngineProperty.GLOB_MAX_LISTING_REQUESTS.key()
                            + "), stopped before listing " + directory + "/; give the patterns a longer literal prefix "
                            + "or raise the limit");
                }
                remaining = budget.maxListingTime().toNanos() - elapsedNanosLocked(System.nanoTime());
                if (remaining <= 0) {
                    throw listingTimeExceeded(directory);
                }
                requests++;
                if (active++ == 0) {
                    busySince = System.nanoTime();
                }
            }
            ListingPage page;
            try {
                page = lister.listPage(directory, pageToken, pageSize, Duration.ofNanos(remaining));
            } finally {
                synchronized (this) {
                    if (--active == 0) {
                        elapsedNanos += System.nanoTime() - busySince;
                    }
                }
            }
            cancellation.throwIfCancelled();
            synchronized (this) {
                if (elapsedNanosLocked(System.nanoTime()) > budget.maxListingTime().toNanos()) {
                    throw listingTimeExceeded(directory);
                }
            }
            return page;
        }

        synchronized void countCandidates(int n, StorageLocation directory) {
            candidates += n;
            if (candidates > budget.maxDirectoryCandidates()) {
                throw new SqlError(SqlState.LIMIT_EXCEEDED, "Expanding uris listed more than "
                        + budget.maxDirectoryCandidates() + " directory entries ("
                        + EngineProperty.GLOB_MAX_DIRECTORY_CANDIDATES.key() + "), stopped while listing " + directory
                        + "/ after " + requests + " listing requests; give the patterns a longer literal prefix or "
                        + "raise the limit");
            }
        }

        synchronized int requests() {
            return requests;
        }

        synchronized int candidates() {
            return candidates;
        }

        synchronized long elapsedNanos() {
            return elapsedNanosLocked(System.nanoTime());
        }

        private long elapsedNanosLocked(long now) {
            return active > 0 ? elapsedNanos + (now - busySince) : elapsedNanos;
        }

        private SqlError listingTimeExceeded(StorageLocation directory) {
            return new SqlError(SqlState.TIMEOUT, "Expanding uris spent more than " + budget.maxListingTime().toMillis()
                    + " ms listing (" + EngineProperty.GLOB_LISTING_TIMEOUT.key() + "), stopped at " + directory
                    + "/ after " + requests + " listing requests; narrow the patterns or raise the limit");
        }

        @Override
        public void close() {
            // The caller owns the wrapped lister.
        }
    }
}
