package io.lancejdbc.exec.lance;

import io.lancejdbc.engine.metadata.IndexDescriptor;
import io.lancejdbc.exec.snapshot.FragmentInfo;
import io.lancejdbc.exec.snapshot.IndexSegment;
import io.lancejdbc.exec.snapshot.Snapshot;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.Schema;
import org.lance.Dataset;
import org.lance.Fragment;
import org.lance.FragmentMetadata;
import org.lance.index.Index;
import org.lance.index.IndexDescription;
import org.lance.index.IndexType;
import org.lance.schema.LanceField;
import org.lance.schema.LanceSchema;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads everything planning needs from one pinned dataset version into an immutable {@link Snapshot} (plus index
 * descriptions and primary key, see {@link DatasetMetadata}), in the manner of Doris' {@code LanceMetadataLoader}
 * (doris-semantics section 3.6).
 *
 * <p>Two lance-core 7.0.0 hazards are handled here (docs/lance-core-notes.md §7, §8):
 * <ul>
 *   <li>{@code Dataset.getFragments()} (and {@code readTransaction()}) abort the JVM on manifests written by
 *       Lance 0.7 or older, whose fragments lack {@code physical_rows}. Such manifests are recognised beforehand
 *       from the manifest summary, which lance-core computes without touching the Java fragment objects: legacy
 *       file format {@code 0.1}, at least one fragment, and a summed {@code total_data_file_rows} of 0 (missing
 *       row counts sum as 0; Lance never writes empty fragments). They are rejected with SQLState 42000.</li>
 *   <li>{@code describeIndices()} throws on indexes without details (Lance 0.18) and legacy FTS indexes (0.27);
 *       the per-segment {@code getIndexes()} listing is used instead, with unknown concrete types and metrics.</li>
 * </ul>
 *
 * <p>Metadata reads never default: "no index" comes only from a listing that succeeded. Any other failure of
 * {@code describeIndices()} ({@link IndexListingFailures}), any failure of {@code getIndexes()}, a manifest summary
 * count that is missing or malformed, and index segments on a dataset whose field ids are unreadable fail the
 * statement with a typed SQLState (08000 for storage, 28000 for access, 22000 / 42000 / HY000 otherwise), so that no
 * plan silently changes (an indexed vector search turning into a flat scan, the Lance 0.7 guard switching off).
 *
 * <p>Row counts of legacy-format ({@code 0.1}) datasets come from {@code Fragment.countRows()} rather than the
 * manifest, because Lance 0.8.0 recorded wrong {@code physical_rows} (the compatibility dataset
 * {@code v0.8.0/migrated_from_v0.7.5} says 90 for a 100-row file with 10 deletions).
 */
public final class SnapshotLoader {
    private static final Logger LOG = LoggerFactory.getLogger(SnapshotLoader.class);
    private static final String LEGACY_FILE_FORMAT = "0.1";
    private static final String PRIMARY_KEY_METADATA = "lance-schema:unenforced-primary-key";

    private final IndexDetailsParser detailsParser = new IndexDetailsParser();

    /**
     * Opens the dataset once, reads its metadata and closes it (no shared session, no caching). Planning code goes
     * through {@link DatasetHandlePool#metadata(DatasetSource, OptionalLong)} instead.
     *
     * @param version the version to read, or empty for the latest
     * @param allocator allocator used while the dataset is open; nothing stays allocated afterwards
     * @throws SqlError 42S02 when no dataset exists there, 22023 for a missing version, 42000 for a Lance 0.7
     *     manifest, another state for storage failures
     */
    public DatasetMetadata load(DatasetSource source, OptionalLong version, BufferAllocator allocator) {
        try (BufferAllocator child = allocator.newChildAllocator("snapshot-loader", 0, Long.MAX_VALUE);
             Dataset ds = new DatasetOpener(null, child).open(source, version)) {
            return read(ds, source);
        }
    }

    /** Reads the metadata of an open dataset at the version it is checked out at. */
    DatasetMetadata read(Dataset ds, DatasetSource source) {
        String uri = source.uri();
        try {
            long version = ds.version();
            String format = ds.getLanceFileFormatVersion();
            rejectManifestWithoutRowCounts(ds, uri, version, format);
            Optional<LanceSchema> lanceSchema = lanceSchema(ds, uri);
            Schema schema = ScanSchemaResolver.resolve(ds, ds.getSchema(), lanceSchema, format, ds.allocator());
            Map<String, Integer> topLevelIds = lanceSchema.map(SnapshotLoader::topLevelFieldIds).orElse(Map.of());
            Map<Integer, String> namesById = lanceSchema.map(SnapshotLoader::fieldNamesById).orElse(Map.of());
            List<FragmentInfo> fragments = fragments(ds, format);
            IndexInfo indexes = indexes(ds, source, namesById);
            if (lanceSchema.isEmpty() && !indexes.segments().isEmpty()) {
                // Segments name columns by field id; without ids none would match and a vector search would go flat.
                throw new SqlError(SqlState.UNSUPPORTED_SQL, "Lance dataset " + uri + " has "
                        + indexes.segments().size() + " index segment(s) but lance-core 7.0.0 cannot read its Lance"
                        + " schema (field ids), so the indexes cannot be matched to columns; rewrite the dataset"
                        + " with a current Lance release, or drop the columns of unsupported types");
            }
            List<String> primaryKey = lanceSchema.isPresent()
                    ? lanceSchema.get().getUnenforcedPrimaryKey().stream().map(LanceField::getName).toList()
                    : primaryKeyFromArrow(schema);
            Snapshot snapshot = new Snapshot(uri, version, schema, topLevelIds, fragments, indexes.segments(), format);
            return new DatasetMetadata(snapshot, indexes.descriptors(), primaryKey, indexes.complete());
        } catch (SqlError e) {
            throw e;
        } catch (RuntimeException e) {
            throw LanceErrorMapper.map(e, "metadata read", uri, source.storageOptions());
        }
    }

    private static void rejectManifestWithoutRowCounts(Dataset ds, String uri, long version, String format) {
        if (!LEGACY_FILE_FORMAT.equals(format)) {
            return;
        }
        Map<String, String> summary = ds.getVersion().getMetadata();
        long fragments = parseCount(summary, "total_fragments", uri, version);
        long dataFileRows = parseCount(summary, "total_data_file_rows", uri, version);
        if (fragments > 0 && dataFileRows == 0) {
            throw new SqlError(SqlState.UNSUPPORTED_SQL, "Lance dataset " + uri + " (version " + version
                    + ") was written by Lance 0.7 or older: its manifest has no per-fragment row counts, which "
                    + "lance-core 7.0.0 cannot read safely. Rewrite the dataset with a current Lance release "
                    + "(read it and write it to a new location) to query it.");
        }
    }

    /**
     * A count of the manifest summary. A missing or malformed count fails: read as 0 it would switch the Lance 0.7
     * guard off (or on) by accident, and {@code getFragments()} on a Lance 0.7 manifest aborts the JVM.
     *
     * @throws SqlError 22000 naming the key and the value
     */
    static long parseCount(Map<String, String> summary, String key, String uri, long version) {
        String value = summary.get(key);
        try {
            if (value != null) {
                long n = Long.parseLong(value.trim());
                if (n >= 0) {
                    return n;
                }
            }
        } catch (NumberFormatException e) {
            throw malformedCount(key, value, uri, version, e);
        }
        throw malformedCount(key, value, uri, version, null);
    }

    private static SqlError malformedCount(String key, String value, String uri, long version, Throwable cause) {
        return new SqlError(SqlState.DATA_EXCEPTION, "Lance dataset " + uri + " (version " + version + ") has "
                + (value == null ? "no " + key : "a malformed " + key + " '" + value + "'") + " in its manifest"
                + " summary, so lance-jdbc cannot tell whether its fragments carry row counts (reading them without"
                + " would abort the JVM); check the dataset's manifest", cause);
    }

    /**
     * The Lance schema (field ids), or empty when lance-core 7.0.0 cannot convert it: {@code getLanceSchema()}
     * throws "ArrowSchema conversion error" for some columns of unsupported types (seen with the
     * unsupported_types fixture), while {@code getSchema()} works. Without field ids no index segment matches a
     * column, so such a dataset is read without indexes, and its DESC still shows every column.
     */
    private static Optional<LanceSchema> lanceSchema(Dataset ds, String uri) {
        try {
            return Optional.of(ds.getLanceSchema());
        } catch (IllegalArgumentException e) {
            LOG.info("The Lance schema of {} is unreadable by lance-core 7.0.0 ({}); reading it without field ids",
                    uri, LanceErrorMapper.cleanMessage(e, Map.of()));
            return Optional.empty();
        }
    }

    /** Top-level fields marked {@code lance-schema:unenforced-primary-key=true} in their Arrow metadata. */
    private static List<String> primaryKeyFromArrow(Schema schema) {
        List<String> out = new ArrayList<>();
        for (org.apache.arrow.vector.types.pojo.Field f : schema.getFields()) {
            Map<String, String> md = f.getMetadata();
            if (md != null && "true".equalsIgnoreCase(md.get(PRIMARY_KEY_METADATA))) {
                out.add(f.getName());
            }
        }
        return out;
    }

    private static Map<String, Integer> topLevelFieldIds(LanceSchema schema) {
        Map<String, Integer> ids = new LinkedHashMap<>();
        for (LanceField f : schema.fields()) {
            if (f.getId() >= 0) {
                // Duplicate names exist in corrupt schemas (compat data v0.10.5); the first field wins as in a scan.
                ids.putIfAbsent(f.getName(), f.getId());
            }
        }
        return ids;
    }

    /** Field id to its column path ({@code a.b} for nested fields), for naming indexed columns. */
    private static Map<Integer, String> fieldNamesById(LanceSchema schema) {
        Map<Integer, String> names = new HashMap<>();
        for (LanceField f : schema.fields()) {
            collectNames(f, f.getName(), names);
        }
        return names;
    }

    private static void collectNames(LanceField field, String path, Map<Integer, String> names) {
        names.putIfAbsent(field.getId(), path);
        for (LanceField child : field.getChildren()) {
            collectNames(child, path + "." + child.getName(), names);
        }
    }

    private static List<FragmentInfo> fragments(Dataset ds, String format) {
        List<FragmentInfo> out = new ArrayList<>();
        boolean legacy = LEGACY_FILE_FORMAT.equals(format);
        for (Fragment f : ds.getFragments()) {
            FragmentMetadata m = f.metadata();
            long id = Integer.toUnsignedLong(m.getId());
            long deletions = m.getNumDeletions();
            if (legacy) {
                long logical = f.countRows();
                out.add(new FragmentInfo(id, logical + deletions, logical));
            } else {
                out.add(new FragmentInfo(id, m.getPhysicalRows(), m.getNumRows()));
            }
        }
        out.sort(Comparator.comparingLong(FragmentInfo::id));
        return out;
    }

    private record IndexInfo(List<IndexSegment> segments, List<IndexDescriptor> descriptors, boolean complete) {
    }

    private IndexInfo indexes(Dataset ds, DatasetSource source, Map<Integer, String> namesById) {
        String uri = source.uri();
        List<IndexDescription> descriptions;
        try {
            descriptions = ds.describeIndices();
        } catch (RuntimeException e) {
            if (!IndexListingFailures.isLegacyIndexFormat(e)) {
                // Not "no index": a storage error or an unknown failure would silently turn an indexed search into
                // a flat scan, so it fails the statement.
                throw IndexListingFailures.unreadable(e, "descriptions", source);
            }
            LOG.info("Index descriptions of {} are unreadable by lance-core 7.0.0 ({}); using the segment listing",
                    uri, LanceErrorMapper.cleanMessage(e, source.storageOptions()));
            return segmentListingOnly(ds, source, namesById);
        }
        List<IndexSegment> segments = new ArrayList<>();
        List<IndexDescriptor> descriptors = new ArrayList<>();
        for (IndexDescription d : descriptions) {
            List<Index> physical = d.getSegments();
            if (physical == null || physical.isEmpty() || isSystemIndex(physical.get(0).indexType())) {
                continue;
            }
            IndexDetailsParser.IndexDetails details = detailsParser.parse(d.getDetailsJson());
            boolean vector = isVector(physical.get(0).indexType());
            Optional<String> metric = vector ? details.metric() : Optional.empty();
            String rawType = d.getIndexType() == null ? "" : d.getIndexType();
            for (Index s : physical) {
                segments.add(new IndexSegment(s.uuid(), d.getName(), s.fields(), fragmentIds(s), rawType, metric,
                        vector));
            }
            descriptors.add(new IndexDescriptor(d.getName(), columnNames(d.getFieldIds(), namesById),
                    descriptorType(rawType, physical.get(0).indexType(), vector), physical.size(),
                    details.properties()));
        }
        descriptors.sort(Comparator.comparing(IndexDescriptor::name));
        return new IndexInfo(inManifestOrder(ds, segments, source), descriptors, true);
    }

    /**
     * Sorts segments into manifest order ({@code getIndexes()}); describeIndices lists logical indexes by name.
     * The order matters because lance-core 7.0.0 searches only the first vector index of a column in the manifest
     * (verified in {@code NearestSearchTest}).
     */
    private static List<IndexSegment> inManifestOrder(Dataset ds, List<IndexSegment> segments, DatasetSource source) {
        Map<java.util.UUID, Integer> position = new HashMap<>();
        List<Index> physical;
        try {
            physical = ds.getIndexes();
        } catch (RuntimeException e) {
            // The order decides which index lance-core searches: no guessing.
            throw IndexListingFailures.unreadable(e, "segment order", source);
        }
        for (int i = 0; i < physical.size(); i++) {
            position.putIfAbsent(physical.get(i).uuid(), i);
        }
        List<IndexSegment> sorted = new ArrayList<>(segments);
        sorted.sort(Comparator.comparingInt(s -> position.getOrDefault(s.uuid(), Integer.MAX_VALUE)));
        return sorted;
    }

    private static IndexInfo segmentListingOnly(Dataset ds, DatasetSource source, Map<Integer, String> namesById) {
        List<Index> physical;
        try {
            physical = ds.getIndexes();
        } catch (RuntimeException e) {
            throw IndexListingFailures.unreadable(e, "segments", source);
        }
        List<IndexSegment> segments = new ArrayList<>();
        Map<String, List<Index>> byName = new TreeMap<>();
        for (Index s : physical) {
            if (isSystemIndex(s.indexType())) {
                continue;
            }
            String type = s.indexType() == null ? "UNKNOWN" : s.indexType().name();
            segments.add(new IndexSegment(s.uuid(), s.name(), s.fields(), fragmentIds(s), type, Optional.empty(),
                    isVector(s.indexType())));
            byName.computeIfAbsent(s.name(), n -> new ArrayList<>()).add(s);
        }
        List<IndexDescriptor> descriptors = new ArrayList<>();
        byName.forEach((name, segs) -> {
            Index first = segs.get(0);
            String type = first.indexType() == null ? "UNKNOWN" : first.indexType().name();
            descriptors.add(new IndexDescriptor(name, columnNames(first.fields(), namesById), type, segs.size(),
                    Map.of()));
        });
        return new IndexInfo(segments, descriptors, false);
    }

    private static Optional<List<Long>> fragmentIds(Index segment) {
        return segment.fragments().map(ids -> {
            List<Long> out = new ArrayList<>(ids.size());
            for (Integer id : ids) {
                out.add(Integer.toUnsignedLong(id));
            }
            out.sort(Long::compare);
            return out;
        });
    }

    private static List<String> columnNames(List<Integer> fieldIds, Map<Integer, String> namesById) {
        List<String> names = new ArrayList<>();
        if (fieldIds == null) {
            return names;
        }
        for (Integer id : fieldIds) {
            names.add(namesById.getOrDefault(id, "#" + id));
        }
        return names;
    }

    /** Vector indexes have type codes of 100 and above (Doris: {@code indexType().getValue() >= 100}). */
    private static boolean isVector(IndexType type) {
        return type != null && type.getValue() >= IndexType.VECTOR.getValue();
    }

    /** Lance-internal bookkeeping indexes, not user indexes. */
    private static boolean isSystemIndex(IndexType type) {
        return type == IndexType.FRAGMENT_REUSE || type == IndexType.MEM_WAL;
    }

    /**
     * Upper-case type for listings: the concrete vector type from describeIndices ({@code IVF_PQ}); for scalar
     * indexes the segment's enum name ({@code BTREE}, {@code ZONEMAP}), since describeIndices spells them
     * {@code BTree}, {@code ZoneMap}.
     */
    private static String descriptorType(String described, IndexType segmentType, boolean vector) {
        if (!vector && segmentType != null && segmentType != IndexType.SCALAR) {
            return segmentType.name();
        }
        return described.isEmpty() ? (segmentType == null ? "UNKNOWN" : segmentType.name())
                : described.toUpperCase(Locale.ROOT);
    }
}
