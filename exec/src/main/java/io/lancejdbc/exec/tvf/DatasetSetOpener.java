package io.lancejdbc.exec.tvf;

import io.lancejdbc.engine.Cancellation;
import io.lancejdbc.exec.pin.PinnedDataset;
import io.lancejdbc.exec.lance.DatasetHandlePool;
import io.lancejdbc.exec.lance.DatasetSource;
import io.lancejdbc.exec.snapshot.Snapshot;
import io.lancejdbc.exec.storage.StorageLocation;
import io.lancejdbc.engine.config.EngineProperty;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Opens the datasets a {@code uris} call matched and pins each to its own latest version (design "Revised Design
 * — Phase 1" §4b, §6–§8, §10): version, schema and fragments come from one snapshot per dataset.
 *
 * <p>Opens run on the engine's {@link DatasetOpenPool}, at most {@link OpenBudget#maxConcurrentOpens()} at a time
 * for one call. Cancellation and the deadline are checked before each open is issued and while waiting. On the
 * first failure (an open failure, a budget, a schema mismatch, cancellation, the deadline) no further open is
 * issued, the opens in flight are waited for (a native open is never interrupted) and the failure is thrown; the
 * datasets already opened stay in the engine's {@link DatasetHandlePool}, which owns and eventually closes them.
 *
 * <p>Every dataset is compared with the first one in sorted order ({@link StrictSchemaComparison}) as soon as
 * both are open.
 */
final class DatasetSetOpener {
    private static final long POLL_MILLIS = 50;

    private final DatasetHandlePool pool;
    private final Executor executor;

    /** @param executor runs the opens; the engine's {@link DatasetOpenPool} */
    DatasetSetOpener(DatasetHandlePool pool, Executor executor) {
        this.pool = Objects.requireNonNull(pool, "pool");
        this.executor = Objects.requireNonNull(executor, "executor");
    }

    /** The result of one open task. */
    private record Opened(int index, PinnedDataset dataset) {
    }

    /**
     * @param locations the dataset roots, sorted and distinct, at least one
     * @param storageOptions the Lance storage options to open every dataset with
     * @param function {@code s3} or {@code local}, for messages
     * @return the pinned datasets, in the order of {@code locations}
     * @throws SqlError the open failure of a dataset (naming it and the operation); 54000 when a dataset has too
     *         many fields or all datasets too many fragments; 42804 when a schema differs from the first
     *         dataset's; 57014 when cancelled; HYT00 when the deadline passes
     */
    List<PinnedDataset> open(List<StorageLocation> locations, Map<String, String> storageOptions, OpenBudget budget,
                             Cancellation cancellation, String function) {
        int n = locations.size();
        PinnedDataset[] results = new PinnedDataset[n];
        ExecutorCompletionService<Opened> completions = new ExecutorCompletionService<>(executor);
        long deadline = System.nanoTime() + budget.deadline().toNanos();
        int next = 0;
        int inFlight = 0;
        int opened = 0;
        long fragments = 0;
        SqlError failure = null;
        boolean interrupted = false;
        while (failure == null && (next < n || inFlight > 0)) {
            while (failure == null && next < n && inFlight < budget.maxConcurrentOpens()) {
                failure = stopReason(cancellation, deadline, budget, opened, n, function);
                if (failure == null) {
                    int index = next++;
                    StorageLocation location = locations.get(index);
                    try {
                        completions.submit(() -> openOne(index, location, storageOptions, cancellation));
                    } catch (RuntimeException rejected) {
                        failure = rejected instanceof SqlError e ? e : new SqlError(SqlState.GENERAL_ERROR,
                                "Could not start opening a dataset of " + function + "() \"uris\"", rejected);
                        break;
                    }
                    inFlight++;
                }
            }
            if (failure != null || inFlight == 0) {
                break;
            }
            Future<Opened> done;
            try {
                done = completions.poll(POLL_MILLIS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                interrupted = true;
                failure = new SqlError(SqlState.QUERY_CANCELED, "Opening the datasets of " + function
                        + "() \"uris\" was interrupted", e);
                break;
            }
            if (done == null) {
                failure = stopReason(cancellation, deadline, budget, opened, n, function);
                continue;
            }
            inFlight--;
            Opened o;
            try {
                o = done.get();
            } catch (ExecutionException e) {
                failure = openFailure(e.getCause(), locations.get(failedIndex(e.getCause())), function);
                continue;
            } catch (InterruptedException e) {
                interrupted = true;
                failure = new SqlError(SqlState.QUERY_CANCELED, "Opening the datasets of " + function
                        + "() \"uris\" was interrupted", e);
                break;
            }
            results[o.index()] = o.dataset();
            opened++;
            fragments += o.dataset().snapshot().fragments().size();
            failure = admit(results, o.index(), fragments, opened, budget, function);
        }
        interrupted |= drain(completions, inFlight);
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (failure != null) {
            throw failure;
        }
        return List.of(results);
    }

    /**
     * The budget or schema failure the newly opened dataset {@code index} causes, or null.
     *
     * @param fragments fragments of every dataset opened so far, this one included
     */
    private static SqlError admit(PinnedDataset[] results, int index, long fragments, int opened, OpenBudget budget,
                                  String function) {
        Snapshot s = results[index].snapshot();
        int fields = StrictSchemaComparison.fieldCount(s.schema());
        if (fields > budget.maxFieldsPerSchema()) {
            return new SqlError(SqlState.LIMIT_EXCEEDED, "Dataset " + s.uri() + " has " + fields + " fields "
                    + "(nested fields counted), more than the " + budget.maxFieldsPerSchema() + " one dataset of "
                    + function + "() \"uris\" may have (" + EngineProperty.GLOB_MAX_FIELDS_PER_SCHEMA.key()
                    + "); raise the limit or read the dataset alone");
        }
        if (fragments > budget.maxFragments()) {
            return new SqlError(SqlState.LIMIT_EXCEEDED, "The datasets of " + function + "() \"uris\" have "
                    + "more than " + budget.maxFragments() + " fragments in all ("
                    + EngineProperty.GLOB_MAX_FRAGMENTS.key() + "), exceeded at " + s.uri() + " after " + opened
                    + " of " + results.length + " datasets; narrow uris or raise the limit");
        }
        return schemaCheck(results, index);
    }

    /** Runs on a pool thread: one open, version resolution and snapshot load of the pool. */
    private Opened openOne(int index, StorageLocation location, Map<String, String> storageOptions,
                           Cancellation cancellation) {
        try {
            cancellation.throwIfCancelled();
            DatasetSource source = new DatasetSource(location.uri(), storageOptions);
            return new Opened(index, new PinnedDataset(source, pool.snapshot(source, OptionalLong.empty())));
        } catch (Exception e) {
            // Exception, not RuntimeException: lance-core's JNI also throws undeclared IOExceptions.
            throw new OpenFailure(index, e);
        }
    }

    /** Carries the index of the dataset whose open failed through the completion service. */
    private static final class OpenFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final int index;

        OpenFailure(int index, Exception cause) {
            super(cause);
            this.index = index;
        }
    }

    private static int failedIndex(Throwable failure) {
        return failure instanceof OpenFailure f ? f.index : 0;
    }

    private static SqlError openFailure(Throwable failure, StorageLocation location, String function) {
        Throwable cause = failure instanceof OpenFailure ? failure.getCause() : failure;
        if (cause instanceof SqlError e) {
            if (e.sqlState().equals(SqlState.QUERY_CANCELED) || e.sqlState().equals(SqlState.TIMEOUT)) {
                return e;
            }
            return new SqlError(e.sqlState(), function + "() \"uris\": " + e.getMessage() + " (a dataset that "
                    + "cannot be opened fails the query; fix it or leave it out of uris)", e);
        }
        // Not mapped by the Lance access layer: name the path and the operation, not the (unscrubbed) message.
        return new SqlError(SqlState.GENERAL_ERROR, function + "() \"uris\": opening Lance dataset " + location.uri()
                + " failed (" + cause.getClass().getSimpleName() + ")", cause);
    }

    /** Compares each newly opened dataset with the first; when the first arrives, every one already open. */
    private static SqlError schemaCheck(PinnedDataset[] results, int index) {
        PinnedDataset first = results[0];
        if (first == null) {
            return null;
        }
        if (index != 0) {
            return compare(first, results[index]);
        }
        for (int i = 1; i < results.length; i++) {
            if (results[i] != null) {
                SqlError e = compare(first, results[i]);
                if (e != null) {
                    return e;
                }
            }
        }
        return null;
    }

    private static SqlError compare(PinnedDataset first, PinnedDataset other) {
        Optional<SchemaMismatch> m = StrictSchemaComparison.firstDifference(first.snapshot().schema(),
                other.snapshot().schema());
        if (m.isEmpty()) {
            return null;
        }
        String a = first.snapshot().uri();
        String b = other.snapshot().uri();
        SchemaMismatch d = m.get();
        return new SqlError(SqlState.DATATYPE_MISMATCH, "Dataset " + b + " does not have the schema of the first "
                + "dataset " + a + ": at field '" + d.fieldPath() + "' the " + d.reason() + " differs (" + a + ": "
                + d.referenceDefinition() + "; " + b + ": " + d.otherDefinition() + "); \"uris\" reads only "
                + "datasets with identical schemas (names, order, types, nullability, nested fields)");
    }

    private static SqlError stopReason(Cancellation cancellation, long deadline, OpenBudget budget, int opened, int n,
                                       String function) {
        try {
            cancellation.throwIfCancelled();
        } catch (SqlError e) {
            return e;
        }
        if (System.nanoTime() > deadline) {
            return new SqlError(SqlState.TIMEOUT, "Opening the datasets of " + function + "() \"uris\" took longer "
                    + "than " + budget.deadline().toMillis() + " ms (" + opened + " of " + n + " opened); narrow "
                    + "uris, or raise the query timeout when it is below " + OpenBudget.MAX_DEADLINE.toSeconds()
                    + " s");
        }
        return null;
    }

    /** Waits for the opens still in flight; true when the wait was interrupted. */
    private static boolean drain(ExecutorCompletionService<Opened> completions, int inFlight) {
        boolean interrupted = false;
        int left = inFlight;
        while (left > 0) {
            try {
                completions.take();
                left--;
            } catch (InterruptedException e) {
                // Native opens cannot be interrupted; keep waiting so no task outlives the statement.
                interrupted = true;
            }
        }
        return interrupted;
    }
}
