package io.lancejdbc.exec.lance;

import io.lancejdbc.engine.SqlError;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import org.lance.Dataset;
import org.lance.Tag;
import org.lance.Version;

/**
 * The versions and tags of a dataset as lance-core 7.0.0 lists them ({@code Dataset.listVersions()},
 * {@code Dataset.tags().list()}): every manifest still in {@code _versions/} and every tag in {@code _refs/tags/}.
 * Versions removed by {@code cleanup_old_versions} are not listed, and a tag may point at one of them.
 */
public final class DatasetHistory {
    private final DatasetHandlePool pool;

    public DatasetHistory(DatasetHandlePool pool) {
        this.pool = Objects.requireNonNull(pool, "pool");
    }

    /**
     * One committed version.
     *
     * @param version the version number
     * @param committedAt when the manifest was committed
     * @param summary the manifest summary ({@code total_rows}, {@code total_fragments}, {@code total_data_files},
     *     {@code total_deletion_files}, {@code total_data_file_rows}, {@code total_deletion_file_rows},
     *     {@code total_files_size}), keys sorted; values are decimal text
     * @param tags the names of the tags that point at this version, sorted
     */
    public record VersionEntry(long version, Instant committedAt, Map<String, String> summary, List<String> tags) {
        public VersionEntry {
            Objects.requireNonNull(committedAt, "committedAt");
            summary = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(summary));
            tags = List.copyOf(tags);
        }

        /** A count of the summary, or -1 when the manifest summary does not give it. */
        public long count(String key) {
            String v = summary.get(key);
            if (v == null) {
                return -1;
            }
            try {
                return Long.parseLong(v.trim());
            } catch (NumberFormatException e) {
                return -1;
            }
        }
    }

    /**
     * One tag.
     *
     * @param name the tag name
     * @param version the version it points at
     * @param createdAt when it was created, when lance-core records it
     * @param updatedAt when it was last moved, when lance-core records it
     */
    public record TagEntry(String name, long version, Optional<Instant> createdAt, Optional<Instant> updatedAt) {
        public TagEntry {
            Objects.requireNonNull(name, "name");
        }
    }

    /**
     * The versions of the dataset, oldest first, with the tags pointing at each.
     *
     * @throws SqlError 42S02 when there is no dataset; another state when storage fails
     */
    public List<VersionEntry> versions(DatasetSource source) {
        try (DatasetLease lease = pool.acquire(source, pool.latestVersion(source))) {
            Dataset ds = lease.dataset();
            List<Version> listed;
            List<Tag> tags;
            try {
                listed = ds.listVersions();
                tags = ds.tags().list();
            } catch (RuntimeException e) {
                throw LanceErrorMapper.map(e, "version listing", source.uri(), source.storageOptions());
            }
            List<VersionEntry> out = new ArrayList<>(listed.size());
            for (Version v : listed) {
                List<String> names = new ArrayList<>();
                for (Tag t : tags) {
                    if (t.getVersion() == v.getId()) {
                        names.add(t.getName());
                    }
                }
                names.sort(Comparator.naturalOrder());
                out.add(new VersionEntry(v.getId(), v.getDataTime().toInstant(), v.getMetadata(), names));
            }
            out.sort(Comparator.comparingLong(VersionEntry::version));
            return out;
        }
    }

    /**
     * The tags of the dataset, by name.
     *
     * @throws SqlError 42S02 when there is no dataset; another state when storage fails
     */
    public List<TagEntry> tags(DatasetSource source) {
        try (DatasetLease lease = pool.acquire(source, pool.latestVersion(source))) {
            List<Tag> tags;
            try {
                tags = lease.dataset().tags().list();
            } catch (RuntimeException e) {
                throw LanceErrorMapper.map(e, "tag listing", source.uri(), source.storageOptions());
            }
            List<TagEntry> out = new ArrayList<>();
            for (Tag t : tags) {
                out.add(new TagEntry(t.getName(), t.getVersion(), t.getCreatedAt(), t.getUpdatedAt()));
            }
            out.sort(Comparator.comparing(TagEntry::name));
            return out;
        }
    }
}
