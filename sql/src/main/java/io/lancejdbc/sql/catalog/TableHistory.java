package io.lancejdbc.sql.catalog;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The versions and tags of one table, as the {@code versions(...)} and {@code tags(...)} table functions and
 * {@code SHOW VERSIONS} / {@code SHOW TAGS} return them (docs/time-travel.md).
 *
 * @param table the table's qualified name for messages
 * @param versions the listed versions, oldest first
 * @param tags the tags, by name
 */
public record TableHistory(String table, List<VersionRow> versions, List<TagRow> tags) {
    public TableHistory {
        Objects.requireNonNull(table, "table");
        versions = List.copyOf(versions);
        tags = List.copyOf(tags);
    }

    /**
     * One version.
     *
     * @param version the version number
     * @param committedAt the commit time
     * @param summary the manifest summary counts by key ({@code total_rows}, {@code total_fragments}, ...), null
     *     for a count the manifest does not give
     * @param tags the tags pointing at it, sorted
     */
    public record VersionRow(long version, Instant committedAt, Map<String, Long> summary, List<String> tags) {
        public VersionRow {
            Objects.requireNonNull(committedAt, "committedAt");
            summary = java.util.Collections.unmodifiableMap(new java.util.HashMap<>(summary));
            tags = List.copyOf(tags);
        }
    }

    /**
     * One tag.
     *
     * @param name the tag name
     * @param version the version it points at
     * @param createdAt creation time, or null when lance-core does not record it
     * @param updatedAt time of the last move, or null when lance-core does not record it
     */
    public record TagRow(String name, long version, Instant createdAt, Instant updatedAt) {
        public TagRow {
            Objects.requireNonNull(name, "name");
        }
    }
}
