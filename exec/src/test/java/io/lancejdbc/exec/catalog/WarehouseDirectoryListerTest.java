package io.lancejdbc.exec.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.lancejdbc.exec.storage.S3DirectoryLister;
import io.lancejdbc.exec.storage.StorageOptions;
import io.lancejdbc.exec.storage.StorageScheme;
import io.lancejdbc.exec.testing.s3.S3TestServer;
import io.lancejdbc.exec.testing.s3.SharedS3Proxy;
import io.lancejdbc.engine.SqlError;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The catalog's view of a paged S3 listing: every page, sorted, decoded names, bounded. */
@ExtendWith(SharedS3Proxy.class)
class WarehouseDirectoryListerTest {
    private static S3TestServer s3;
    private static String bucket;

    @BeforeAll
    static void writeObjects(S3TestServer server) {
        s3 = server;
        bucket = server.createBucket("whlister");
        List<String> keys = new ArrayList<>();
        for (int i = 11; i >= 0; i--) {
            keys.add(String.format("wh/d%02d/x", i));
        }
        keys.add("wh/file.txt");
        keys.add("wh/my%20table.lance/_versions/1.manifest");
        keys.add("wh/x%41.lance/_versions/1.manifest");
        keys.add("wh/a b/raw-space-written-by-another-tool");
        server.putObjects(bucket, keys);
    }

    private static WarehouseDirectoryLister lister(int pageSize, int maxEntries) {
        return new WarehouseDirectoryLister(S3DirectoryLister.create(
                StorageOptions.fromProperties(s3.connectionProperties()).s3ClientSettings()), pageSize, maxEntries,
                Duration.ofSeconds(10));
    }

    private static List<String> expectedNames() {
        List<String> names = new ArrayList<>();
        for (int i = 0; i <= 11; i++) {
            names.add(String.format("d%02d", i));
        }
        names.add("my table.lance");
        names.add("x%41.lance");
        return names;
    }

    @Test
    void everyPageIsReadAndTheNamesAreSorted() {
        try (WarehouseDirectoryLister l = lister(2, 1000)) {
            assertEquals(expectedNames(), l.childDirectories("s3://" + bucket + "/wh"));
        }
    }

    @Test
    void onePageGivesTheSameNames() {
        try (WarehouseDirectoryLister l = lister(1000, 1000)) {
            assertEquals(expectedNames(), l.childDirectories("s3://" + bucket + "/wh"));
        }
    }

    @Test
    void aDecodedNameListsTheDirectoryItCameFrom() {
        try (WarehouseDirectoryLister l = lister(1000, 1000)) {
            assertEquals(List.of("_versions"), l.childDirectories("s3://" + bucket + "/wh/my table.lance"));
            assertEquals(List.of("_versions"), l.childDirectories("s3://" + bucket + "/wh/x%41.lance"));
        }
    }

    @Test
    void missingPrefixListsNothing() {
        try (WarehouseDirectoryLister l = lister(1000, 1000)) {
            assertEquals(List.of(), l.childDirectories("s3://" + bucket + "/wh/none"));
        }
    }

    @Test
    void directoryLargerThanTheBoundFailsNamingIt() {
        try (WarehouseDirectoryLister l = lister(5, 10)) {
            SqlError e = assertThrows(SqlError.class, () -> l.childDirectories("s3://" + bucket + "/wh"));

            assertEquals("54000", e.sqlState());
            assertEquals("Warehouse directory s3://" + bucket + "/wh has more than 10 entries; the Lance catalog "
                    + "does not list directories this large. Move unrelated objects out of the warehouse, or point "
                    + "'warehouse' at the prefix that holds the tables", e.getMessage());
        }
    }

    @Test
    void percentEscapesAreDecodedOnlyWhenLanceWouldWriteThemSo() {
        assertEquals("my table", WarehouseDirectoryLister.displayName(StorageScheme.S3, "my%20table"));
        assertEquals("ü", WarehouseDirectoryLister.displayName(StorageScheme.S3, "%C3%BC"));
        assertEquals("x%41", WarehouseDirectoryLister.displayName(StorageScheme.S3, "x%41"));
        assertEquals("a%2Fb", WarehouseDirectoryLister.displayName(StorageScheme.S3, "a%2Fb"));
        assertEquals("lower%c3%bc", WarehouseDirectoryLister.displayName(StorageScheme.S3, "lower%c3%bc"));
        assertEquals("bad%zz", WarehouseDirectoryLister.displayName(StorageScheme.S3, "bad%zz"));
        assertEquals("ns1$t1", WarehouseDirectoryLister.displayName(StorageScheme.S3, "ns1$t1"));
    }

    @Test
    void segmentsLanceCannotAddressAreLeftOut() {
        assertNull(WarehouseDirectoryLister.displayName(StorageScheme.S3, "a b"));
        assertNull(WarehouseDirectoryLister.displayName(StorageScheme.S3, ".."));
        assertNull(WarehouseDirectoryLister.displayName(StorageScheme.S3, "%2e"));
        assertNull(WarehouseDirectoryLister.displayName(StorageScheme.S3, "a#b"));
        assertNull(WarehouseDirectoryLister.displayName(StorageScheme.S3, ""));
    }
}
