package io.lancejdbc.exec.lance;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One full-text search over a pinned dataset version: lance-core's {@code ScanOptions.fullTextQuery} with a match
 * query (one column) or a multi-match query (several), the Top-K as the scan limit and an optional prefilter.
 * Immutable.
 *
 * @param source the dataset and its storage options
 * @param version the pinned dataset version (&gt; 0)
 * @param searchColumns the text columns searched, at least one
 * @param query the query text
 * @param k rows returned at most, &gt;= 1
 * @param fuzziness edit distance for a one-column match query, or -1 for exact terms
 * @param and true: every term must match (operator AND); false: any term (OR)
 * @param filter a Lance filter applied before the search, or empty
 * @param columns table columns returned in front of {@code _score}; may be empty
 * @param batchSize rows per batch requested from Lance
 */
public record FullTextQuerySpec(DatasetSource source, long version, List<String> searchColumns, String query, int k,
        int fuzziness, boolean and, Optional<String> filter, List<String> columns, int batchSize) {
    /** The score column lance-core appends (float32, higher is better). */
    public static final String SCORE = "_score";

    public FullTextQuerySpec {
        Objects.requireNonNull(source, "source");
        searchColumns = List.copyOf(searchColumns);
        Objects.requireNonNull(query, "query");
        Objects.requireNonNull(filter, "filter");
        columns = List.copyOf(columns);
        if (version <= 0 || searchColumns.isEmpty() || k < 1 || batchSize < 1) {
            throw new IllegalArgumentException("invalid full-text query: version=" + version + ", columns="
                    + searchColumns + ", k=" + k);
        }
    }
}
