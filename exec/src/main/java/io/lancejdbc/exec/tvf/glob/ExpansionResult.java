package io.lancejdbc.exec.tvf.glob;

import io.lancejdbc.exec.storage.DatasetRootProbe;
import io.lancejdbc.exec.storage.StorageLocation;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * What an expansion of {@code uris} found: every distinct matched location, sorted and classified, plus what the
 * listing cost.
 *
 * @param patterns the expanded elements, in the order given
 * @param matchesPerPattern for each pattern, how many locations it matched before deduplication (a literal
 *        element always counts 1)
 * @param datasets dataset roots, sorted, distinct
 * @param notDatasets matched locations with content but no {@code _versions/}, sorted
 * @param missing literal locations with nothing stored under them, sorted
 * @param listingRequests listing requests issued (wildcard pages and dataset probes)
 * @param directoryCandidates directory entries returned by wildcard listings
 * @param listingTime wall-clock time spent inside listing requests
 */
public record ExpansionResult(List<GlobPattern> patterns, List<Integer> matchesPerPattern,
                              List<StorageLocation> datasets, List<StorageLocation> notDatasets,
                              List<StorageLocation> missing, int listingRequests, int directoryCandidates,
                              Duration listingTime) {
    public ExpansionResult {
        patterns = List.copyOf(patterns);
        matchesPerPattern = List.copyOf(matchesPerPattern);
        datasets = List.copyOf(datasets);
        notDatasets = List.copyOf(notDatasets);
        missing = List.copyOf(missing);
        Objects.requireNonNull(listingTime, "listingTime");
    }

    /** Distinct matched locations of every kind. */
    public int candidateCount() {
        return datasets.size() + notDatasets.size() + missing.size();
    }

    /**
     * The datasets, when every matched location is one (design §7: any candidate that cannot be read fails the
     * query).
     *
     * @return {@link #datasets()}, never empty
     * @throws SqlError 42S02 "No path matched ..." when nothing matched at all (naming the patterns and the
     *         number of listing requests); 42S02 "... does not exist" for a literal element with nothing under
     *         it; 42S02 "... is not a Lance dataset" for a matched directory without {@code _versions/} (naming
     *         the first such path in sorted order and how many of the matched paths are affected)
     */
    public List<StorageLocation> requireDatasets() {
        if (candidateCount() == 0) {
            throw new SqlError(SqlState.TABLE_NOT_FOUND, "No path matched: uris " + patternList() + " matched nothing "
                    + "after " + listingRequests + " listing request" + (listingRequests == 1 ? "" : "s")
                    + "; check the bucket, the prefix and the pattern");
        }
        int failed = notDatasets.size() + missing.size();
        if (failed == 0) {
            return datasets;
        }
        String counts = failed + " of " + candidateCount() + " matched path" + (candidateCount() == 1 ? "" : "s")
                + (failed == 1 ? " is" : " are") + " not readable as datasets";
        StorageLocation firstMissing = missing.isEmpty() ? null : missing.get(0);
        StorageLocation firstOther = notDatasets.isEmpty() ? null : notDatasets.get(0);
        if (firstMissing != null && (firstOther == null || firstMissing.compareTo(firstOther) < 0)) {
            throw new SqlError(SqlState.TABLE_NOT_FOUND, "Path '" + firstMissing + "' from uris does not exist "
                    + "(nothing is stored under it); " + counts);
        }
        throw new SqlError(SqlState.TABLE_NOT_FOUND, "Path '" + firstOther + "' matched uris but is not a Lance "
                + "dataset (it has no " + DatasetRootProbe.VERSIONS_DIRECTORY + "/ directory); " + counts
                + "; narrow the pattern so that it matches dataset directories only");
    }

    private String patternList() {
        return patterns.stream().map(p -> "'" + p.text() + "'").collect(Collectors.joining(", ", "[", "]"));
    }
}
