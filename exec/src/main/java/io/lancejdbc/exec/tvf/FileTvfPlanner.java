package io.lancejdbc.exec.tvf;

import io.lancejdbc.engine.Cancellation;
import io.lancejdbc.exec.pin.PinnedDataset;
import io.lancejdbc.exec.pin.PinnedTable;
import io.lancejdbc.exec.lance.DatasetHandlePool;
import io.lancejdbc.exec.lance.DatasetSource;
import io.lancejdbc.exec.storage.DatasetRootProbe;
import io.lancejdbc.exec.storage.DirectoryLister;
import io.lancejdbc.exec.storage.StorageLocation;
import io.lancejdbc.exec.storage.StorageScheme;
import io.lancejdbc.exec.tvf.glob.DatasetRootExpander;
import io.lancejdbc.exec.tvf.glob.ExpansionBudget;
import io.lancejdbc.exec.tvf.glob.ExpansionResult;
import io.lancejdbc.exec.tvf.glob.GlobPattern;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.TreeSet;
import java.util.concurrent.Executor;

/**
 * Resolves a {@link FileTvfCall} to the pinned datasets it reads.
 *
 * <p>{@code uri} / {@code file_path}: the one dataset at that root, at its latest version (Doris Lance Catalog
 * manual, "Query Lance with File TVFs"). {@code uris} (design "Revised Design — Phase 1"): the patterns are
 * expanded breadth first under the {@code lance.glob.*} listing budgets ({@link DatasetRootExpander}), the
 * {@code _versions/} probes of the matches running {@code lance.glob.max_concurrent_opens} at a time on the
 * engine's open pool; the matches are deduplicated by normalized identity and sorted; every match must be a
 * dataset root; then
 * {@link DatasetSetOpener} pins each dataset to its own version, under the open budgets, and checks that every
 * schema equals the first one's. The lister is closed before the datasets are opened, on success and failure
 * alike.
 *
 * <p>{@code local()} paths go through {@link LocalPathPolicy} first: the {@code file_path}, the literal prefix of
 * every {@code uris} element (before any listing), every listed directory and every matched dataset.
 */
public final class FileTvfPlanner {
    private final DatasetHandlePool pool;
    private final Executor openPool;
    private final DatasetSetOpener opener;
    private final ListerFactory listers;
    private final LocalPathPolicy localPolicy;

    /**
     * @param pool the engine's dataset pool: opens, caches and pins
     * @param openPool runs the probes and opens of {@code uris} calls: the engine's bounded {@link DatasetOpenPool}
     *        (an executor that throws {@link SqlError} when it rejects a task)
     * @param listers creates the lister of each {@code uris} call
     * @param localPolicy where {@code local()} may read
     */
    public FileTvfPlanner(DatasetHandlePool pool, Executor openPool, ListerFactory listers,
                               LocalPathPolicy localPolicy) {
        this.pool = Objects.requireNonNull(pool, "pool");
        this.openPool = Objects.requireNonNull(openPool, "openPool");
        this.opener = new DatasetSetOpener(pool, openPool);
        this.listers = Objects.requireNonNull(listers, "listers");
        this.localPolicy = Objects.requireNonNull(localPolicy, "localPolicy");
    }

    /**
     * Pins the datasets of one call.
     *
     * @param cancellation the statement's cancellation signal, checked between listing pages and opens
     * @param queryTimeoutMillis the statement's timeout (0 for none); a third of it bounds the listing time and it
     *        bounds the opening time (at most 60 s)
     * @return the table handle: one dataset for {@code uri}/{@code file_path}, the sorted datasets for {@code uris}
     * @throws SqlError for every failure of listing, matching, opening, budgets and schema equality, naming the
     *         path and operation, never a credential (see {@link DatasetRootExpander#expand},
     *         {@link ExpansionResult#requireDatasets()}, {@link DatasetSetOpener})
     */
    public PinnedTable plan(FileTvfCall call, Cancellation cancellation, long queryTimeoutMillis) {
        Map<String, String> options = call.storage().lanceOptions();
        if (!call.isMultiDataset()) {
            StorageLocation location = call.location().get();
            if (call.scheme() == StorageScheme.FILE) {
                location = localPolicy.check(location, "file_path");
            }
            DatasetSource source = new DatasetSource(location.uri(), options);
            return new PinnedTable(List.of(new PinnedDataset(source, pool.snapshot(source, OptionalLong.empty()))),
                    "tvf");
        }
        ExpansionBudget listing = ExpansionBudget.fromProperties(call.properties(), queryTimeoutMillis);
        OpenBudget opening = OpenBudget.fromProperties(call.properties(), queryTimeoutMillis);
        boolean confined = call.scheme() == StorageScheme.FILE && localPolicy.isRestricted();
        if (confined) {
            for (GlobPattern p : call.patterns()) {
                localPolicy.check(p.literalPrefix(), "uris element '" + p.text() + "'");
            }
        }
        ExpansionResult expansion;
        try (DirectoryLister lister = confined
                ? new RootConfinedLister(listers.open(call.scheme(), call.storage()), localPolicy)
                : listers.open(call.scheme(), call.storage())) {
            expansion = new DatasetRootExpander(lister, listing, cancellation, openPool,
                    opening.maxConcurrentOpens()).expand(call.patterns());
        }
        List<StorageLocation> roots = requireDatasets(expansion, call.function());
        if (confined) {
            TreeSet<StorageLocation> resolved = new TreeSet<>();
            for (StorageLocation r : roots) {
                resolved.add(localPolicy.check(r, "dataset"));
            }
            roots = new ArrayList<>(resolved);
        }
        cancellation.throwIfCancelled();
        return new PinnedTable(opener.open(roots, options, opening, cancellation, call.function()), "tvf");
    }

    /**
     * The matched dataset roots; "no path matched" and "matched but none could be opened" are told apart (design
     * §7).
     */
    private static List<StorageLocation> requireDatasets(ExpansionResult r, String function) {
        if (r.candidateCount() > 0 && r.datasets().isEmpty()) {
            StorageLocation first;
            String why;
            if (!r.missing().isEmpty() && (r.notDatasets().isEmpty()
                    || r.missing().get(0).compareTo(r.notDatasets().get(0)) < 0)) {
                first = r.missing().get(0);
                why = "does not exist";
            } else {
                first = r.notDatasets().get(0);
                why = "is not a Lance dataset (it has no " + DatasetRootProbe.VERSIONS_DIRECTORY + "/ directory)";
            }
            int n = r.candidateCount();
            throw new SqlError(SqlState.TABLE_NOT_FOUND, function + "() \"uris\" matched " + n + " path"
                    + (n == 1 ? "" : "s") + " but none could be opened as a Lance dataset: the first, '" + first
                    + "', " + why + "; make the patterns match dataset root directories");
        }
        return r.requireDatasets();
    }
}
