package io.lancejdbc.exec.storage;

import java.time.Duration;

/**
 * Tells whether a location is the root of a Lance dataset, with one or two listing requests.
 *
 * <p>Rule: a dataset root is a directory whose {@code _versions/} directory is not empty. Every committed Lance
 * dataset version writes a manifest into {@code _versions/} ({@code _versions/<u64::MAX - v>.manifest} in the V2
 * naming lance-core 7 uses, see docs/lance-core-notes.md §1), while {@code data/}, {@code _indices/} and
 * {@code _deletions/} may be absent for an empty table. The manifests themselves are not read: a directory that
 * passes this test but holds a corrupt manifest fails later, at the Lance open, with the path named. The same
 * rule holds for S3 and local directories (an empty local {@code _versions} directory does not count, as it
 * could not exist on S3).
 */
public final class DatasetRootProbe {
    /** The directory every Lance dataset keeps its version manifests in. */
    public static final String VERSIONS_DIRECTORY = "_versions";

    private DatasetRootProbe() {
    }

    /**
     * Probes {@code location}.
     *
     * @param lister a lister of the location's scheme
     * @param location the candidate dataset root
     * @param knownToExist true when a listing already returned {@code location} as a directory, which saves the
     *        second request for non-datasets
     * @param timeout per listing request
     * @return {@link PathKind#DATASET} after one request; otherwise {@link PathKind#NOT_A_DATASET} or
     *         {@link PathKind#NOT_FOUND}, after a second request unless {@code knownToExist}
     * @throws io.lancejdbc.engine.SqlError as {@link DirectoryLister#listPage} does
     */
    public static PathKind probe(DirectoryLister lister, StorageLocation location, boolean knownToExist,
                                 Duration timeout) {
        if (!lister.listPage(location.child(VERSIONS_DIRECTORY), null, 1, timeout).isEmpty()) {
            return PathKind.DATASET;
        }
        if (knownToExist) {
            return PathKind.NOT_A_DATASET;
        }
        return lister.listPage(location, null, 1, timeout).isEmpty() ? PathKind.NOT_FOUND : PathKind.NOT_A_DATASET;
    }
}
