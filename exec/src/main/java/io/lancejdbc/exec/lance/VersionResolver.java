package io.lancejdbc.exec.lance;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.exec.lance.DatasetHistory;
import io.lancejdbc.exec.lance.DatasetHistory.TagEntry;
import io.lancejdbc.exec.lance.DatasetHistory.VersionEntry;
import io.lancejdbc.exec.lance.DatasetSource;
import io.lancejdbc.sql.catalog.VersionSpec;
import java.util.List;
import java.util.Objects;

/**
 * Turns what a time-travel reference asks for into one version number of the dataset (docs/time-travel.md):
 * <ul>
 *   <li>{@code VERSION AS OF n}: version {@code n}, which must still be listed (not cleaned up);</li>
 *   <li>{@code VERSION AS OF 'tag'}: the version the tag points at, which must still be listed;</li>
 *   <li>{@code TIMESTAMP AS OF ts}: the latest version committed at or before {@code ts} (the Iceberg, Delta
 *       and Spark rule); none for a {@code ts} before the oldest listed version.</li>
 * </ul>
 * Every failure is 22023 and names the table, what was asked and the nearest versions that exist.
 */
public final class VersionResolver {
    /** Tags named in a "tag not found" message before the rest is counted. */
    private static final int NAMED_TAGS = 10;

    private final DatasetHistory history;

    public VersionResolver(DatasetHistory history) {
        this.history = Objects.requireNonNull(history, "history");
    }

    /**
     * A version chosen for a reference.
     *
     * @param version the version number to pin
     * @param choice how it was chosen, for EXPLAIN ({@code lanceVersionChoice=}), e.g.
     *     {@code TIMESTAMP AS OF 2024-05-01T10:00:00Z -> version 3 committed 2024-05-01T09:58:12.123Z}
     */
    public record Chosen(long version, String choice) {
    }

    /**
     * @param spec not {@link VersionSpec#isLatest() latest}
     * @param table the table's name for messages ({@code default.items}, {@code local(/data/t.lance)})
     * @throws SqlError 22023 when nothing matches; the listing's states when storage fails
     */
    public Chosen resolve(DatasetSource source, VersionSpec spec, String table) {
        List<VersionEntry> versions = history.versions(source);
        if (spec instanceof VersionSpec.Number) {
            long v = ((VersionSpec.Number) spec).version();
            requireListed(versions, v, table, "version " + v);
            return new Chosen(v, spec.describe());
        }
        if (spec instanceof VersionSpec.Tag) {
            String name = ((VersionSpec.Tag) spec).name();
            List<TagEntry> tags = history.tags(source);
            TagEntry tag = tags.stream().filter(t -> t.name().equals(name)).findFirst().orElse(null);
            if (tag == null) {
                throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Tag '" + name + "' does not exist on table "
                        + table + " (" + tagList(tags) + "; " + range(versions) + ")");
            }
            requireListed(versions, tag.version(), table, "version " + tag.version() + " (tag '" + name + "')");
            return new Chosen(tag.version(), spec.describe() + " -> tag '" + name + "' = version " + tag.version());
        }
        if (spec instanceof VersionSpec.AsOf) {
            java.time.Instant at = ((VersionSpec.AsOf) spec).instant();
            VersionEntry chosen = null;
            for (VersionEntry e : versions) {
                if (!e.committedAt().isAfter(at)) {
                    if (chosen == null || e.version() > chosen.version()) {
                        chosen = e;
                    }
                }
            }
            if (chosen == null) {
                String first = versions.isEmpty() ? "the table lists no versions" : "its oldest listed version is "
                        + versions.get(0).version() + ", committed " + versions.get(0).committedAt();
                throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Table " + table + " has no version committed at"
                        + " or before " + at + " (" + first + ")");
            }
            return new Chosen(chosen.version(), spec.describe() + " -> version " + chosen.version() + " committed "
                    + chosen.committedAt());
        }
        throw new IllegalArgumentException("not a time-travel version: " + spec);
    }

    private static void requireListed(List<VersionEntry> versions, long v, String table, String asked) {
        for (VersionEntry e : versions) {
            if (e.version() == v) {
                return;
            }
        }
        long below = -1;
        long above = -1;
        for (VersionEntry e : versions) {
            if (e.version() < v) {
                below = e.version();
            } else if (above < 0) {
                above = e.version();
            }
        }
        String nearest;
        if (below < 0 && above < 0) {
            nearest = "the table lists no versions";
        } else if (below < 0) {
            nearest = "the oldest version is " + above + "; older ones were cleaned up or never existed";
        } else if (above < 0) {
            nearest = "the latest version is " + below;
        } else {
            nearest = "nearest versions: " + below + " and " + above + "; " + v + " was cleaned up";
        }
        throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Table " + table + " has no " + asked + " (" + nearest
                + "; " + range(versions) + ")");
    }

    /** {@code versions 1-5 exist} or a short list when there are gaps. */
    private static String range(List<VersionEntry> versions) {
        if (versions.isEmpty()) {
            return "no versions are listed";
        }
        long first = versions.get(0).version();
        long last = versions.get(versions.size() - 1).version();
        if (last - first + 1 == versions.size()) {
            return first == last ? "only version " + first + " exists" : "versions " + first + " to " + last
                    + " exist";
        }
        StringBuilder sb = new StringBuilder("versions that exist: ");
        int shown = 0;
        for (VersionEntry e : versions) {
            if (shown == 20) {
                sb.append(", ... ").append(versions.size() - 20).append(" more");
                break;
            }
            sb.append(shown++ == 0 ? "" : ", ").append(e.version());
        }
        return sb.toString();
    }

    private static String tagList(List<TagEntry> tags) {
        if (tags.isEmpty()) {
            return "the table has no tags";
        }
        StringBuilder sb = new StringBuilder("tags: ");
        int shown = 0;
        for (TagEntry t : tags) {
            if (shown == NAMED_TAGS) {
                sb.append(", ... ").append(tags.size() - NAMED_TAGS).append(" more");
                break;
            }
            sb.append(shown++ == 0 ? "" : ", ").append('\'').append(t.name()).append("' = version ")
                    .append(t.version());
        }
        return sb.toString();
    }
}
