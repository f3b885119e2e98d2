package io.lancejdbc.exec.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The dataset-root rule as the filesystem catalog uses it on a warehouse directory. */
class DatasetRootProbeTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    @TempDir
    Path warehouse;

    private final LocalDirectoryLister lister = new LocalDirectoryLister();

    private PathKind probe(String name, boolean knownToExist) {
        return DatasetRootProbe.probe(lister, StorageLocation.ofPath(warehouse.resolve(name)), knownToExist, TIMEOUT);
    }

    @Test
    void directoryWithAManifestIsADataset() throws IOException {
        Files.createDirectories(warehouse.resolve("t.lance/_versions"));
        Files.writeString(warehouse.resolve("t.lance/_versions/18446744073709551614.manifest"), "m");
        assertEquals(PathKind.DATASET, probe("t.lance", false));
    }

    @Test
    void directoryWithoutVersionsIsNotADataset() throws IOException {
        Files.createDirectories(warehouse.resolve("ns1/t.lance"));
        assertEquals(PathKind.NOT_A_DATASET, probe("ns1", false));
    }

    @Test
    void emptyVersionsDirectoryIsNotADataset() throws IOException {
        Files.createDirectories(warehouse.resolve("half.lance/_versions"));
        assertEquals(PathKind.NOT_A_DATASET, probe("half.lance", false));
    }

    @Test
    void missingDirectoryIsNotFound() {
        assertEquals(PathKind.NOT_FOUND, probe("nope.lance", false));
    }

    @Test
    void knownDirectoryIsNeverReportedMissing() {
        assertEquals(PathKind.NOT_A_DATASET, probe("listed-a-moment-ago", true));
    }
}
