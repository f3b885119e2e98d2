package io.lancejdbc.exec.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.SqlError;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class StorageLocationTest {

    private static SqlError rejected(String text) {
        SqlError e = assertThrows(SqlError.class, () -> StorageLocation.parse(text));
        assertEquals("22023", e.sqlState());
        return e;
    }

    @Test
    void absolutePathIsAFileLocation() {
        StorageLocation l = StorageLocation.parse("/data/warehouse");
        assertEquals(new StorageLocation(StorageScheme.FILE, "", "/data/warehouse"), l);
        assertEquals("/data/warehouse", l.uri());
        assertEquals(List.of("data", "warehouse"), l.segments());
    }

    @Test
    void fileUriNormalizesToThePlainPath() {
        assertEquals(StorageLocation.parse("/data/w"), StorageLocation.parse("file:///data/w"));
        assertEquals(StorageLocation.parse("/data/w"), StorageLocation.parse("FILE:///data/w/"));
        assertEquals(StorageLocation.parse("/data/w"), StorageLocation.parse("file://localhost/data/w"));
    }

    @Test
    void fileUriIsPercentDecodedAsLanceReadsIt() {
        assertEquals("/data/my tables/ü.lance", StorageLocation.parse("file:///data/my%20tables/%C3%BC.lance").uri());
    }

    @Test
    void plainPathKeepsPercentSignsLiterally() {
        assertEquals("/data/x%41.lance", StorageLocation.parse("/data/x%41.lance").uri());
    }

    @Test
    void s3LocationKeepsBucketVerbatimAndStripsOneTrailingSlash() {
        StorageLocation l = StorageLocation.parse("s3://My-Bucket/lance/warehouse/");
        assertEquals(new StorageLocation(StorageScheme.S3, "My-Bucket", "lance/warehouse"), l);
        assertEquals("s3://My-Bucket/lance/warehouse", l.uri());
        assertEquals("lance/warehouse/", l.directoryPrefix());
    }

    @Test
    void bucketRootHasAnEmptyKey() {
        StorageLocation l = StorageLocation.parse("s3://bucket/");
        assertTrue(l.isRoot());
        assertEquals("s3://bucket", l.uri());
        assertEquals("", l.directoryPrefix());
        assertEquals(l, StorageLocation.parse("s3://bucket"));
    }

    @Test
    void s3KeysAreSpelledAsLanceStoresThem() {
        // lance-core 7 stores s3://b/a b.lance under the key "a%20b.lance" (observed against S3Proxy).
        assertEquals("s3://b/my%20data/%C3%BC.lance/%7Bx%7D", StorageLocation.parse("s3://b/my data/ü.lance/{x}").uri());
        assertEquals("s3://b/x%41.lance", StorageLocation.parse("s3://b/x%41.lance").uri());
        assertEquals("s3://b/br[1]/c+d=e,f.lance", StorageLocation.parse("s3://b/br[1]/c+d=e,f.lance").uri());
    }

    @Test
    void relativePathIsRejected() {
        SqlError e = rejected("data/warehouse");
        assertEquals("Invalid location 'data/warehouse': the path is relative; give an absolute path (starting with /), "
                + "file:///path or s3://bucket/prefix", e.getMessage());
    }

    @Test
    void emptyLocationIsRejected() {
        assertTrue(rejected("  ").getMessage().contains("the location is empty"));
    }

    @Test
    void unknownSchemeIsRejectedNamingOnlyTheScheme() {
        SqlError e = rejected("gs://user:hunter2@bucket/x");
        assertEquals("Unsupported location scheme 'gs:'; use s3://bucket/prefix for S3-compatible storage or an absolute "
                + "local path", e.getMessage());
    }

    @Test
    void s3aSchemeIsRejected() {
        assertTrue(rejected("s3a://bucket/x").getMessage().startsWith("Unsupported location scheme 's3a:'"));
    }

    @Test
    void credentialsInAnS3UriAreRejectedWithoutEchoingThem() {
        SqlError e = rejected("s3://AKIAEXAMPLE:wJalrSecret@bucket/x");
        assertFalse(e.getMessage().contains("wJalrSecret"), e.getMessage());
        assertFalse(e.getMessage().contains("AKIAEXAMPLE"), e.getMessage());
        assertTrue(e.getMessage().contains("set s3.access_key and s3.secret_key"));
    }

    @Test
    void doubleSlashIsRejectedNotFolded() {
        assertTrue(rejected("s3://b/a//c").getMessage().contains("'//'"));
        assertTrue(rejected("/data//w").getMessage().contains("'//'"));
    }

    @Test
    void dotSegmentsAreRejectedNotFolded() {
        assertTrue(rejected("s3://b/a/../c").getMessage().contains("'..'"));
        assertTrue(rejected("s3://b/a/./c").getMessage().contains("'.'"));
        assertTrue(rejected("s3://b/a/%2E%2e/c").getMessage().contains("'%2E%2e'"));
        assertTrue(rejected("/data/../etc").getMessage().contains("'..'"));
    }

    @Test
    void hashInAnS3KeyIsRejectedBecauseLanceWouldTruncateTheKey() {
        SqlError e = rejected("s3://b/h#x.lance");
        assertTrue(e.getMessage().contains("'#' at position 9"), e.getMessage());
    }

    @Test
    void queryStringOfASignedUrlIsNeverEchoed() {
        SqlError e = rejected("s3://b/t.lance?X-Amz-Signature=deadbeefcafe");
        assertFalse(e.getMessage().contains("deadbeefcafe"), e.getMessage());
        assertTrue(e.getMessage().startsWith("Invalid location 's3://b/t.lance?...'"), e.getMessage());
    }

    @Test
    void invalidBucketNameIsRejected() {
        assertTrue(rejected("s3://bad bucket/x").getMessage().contains("'bad bucket' is not a valid bucket name"));
        assertTrue(rejected("s3:///x").getMessage().contains("the bucket name is missing"));
    }

    @Test
    void childAppendsOneSegment() {
        assertEquals("s3://b/w/ns1", StorageLocation.parse("s3://b/w").child("ns1").uri());
        assertEquals("s3://b/ns1", StorageLocation.parse("s3://b").child("ns1").uri());
        assertEquals("/w/t.lance", StorageLocation.parse("/w").child("t.lance").uri());
        assertEquals("/t.lance", StorageLocation.fileRoot().child("t.lance").uri());
    }

    @Test
    void childRefusesNamesThatAreNotOneAddressableSegment() {
        StorageLocation w = StorageLocation.parse("s3://b/w");
        assertThrows(IllegalArgumentException.class, () -> w.child(".."));
        assertThrows(IllegalArgumentException.class, () -> w.child(""));
        assertThrows(IllegalArgumentException.class, () -> w.child("a/b"));
        assertThrows(IllegalArgumentException.class, () -> w.child("a b"));
    }

    @Test
    void constructorRefusesLocationsThatParseWouldNotProduce() {
        assertThrows(IllegalArgumentException.class, () -> new StorageLocation(StorageScheme.S3, "b", "a/../c"));
        assertThrows(IllegalArgumentException.class, () -> new StorageLocation(StorageScheme.S3, "b", "a b"));
        assertThrows(IllegalArgumentException.class, () -> new StorageLocation(StorageScheme.FILE, "", "/a//b"));
        assertThrows(IllegalArgumentException.class, () -> new StorageLocation(StorageScheme.FILE, "", "rel"));
    }

    @Test
    void containsComparesWholeSegments() {
        StorageLocation a = StorageLocation.parse("s3://b/a");
        assertTrue(a.contains(StorageLocation.parse("s3://b/a/x")));
        assertTrue(a.contains(a));
        assertFalse(a.contains(StorageLocation.parse("s3://b/ab")));
        assertFalse(a.contains(StorageLocation.parse("s3://c/a/x")));
        assertFalse(a.contains(StorageLocation.parse("/a/x")));
    }

    @Test
    void locationsSortBySchemeThenUri() {
        List<StorageLocation> l = new ArrayList<>(List.of(StorageLocation.parse("s3://b/b"),
                StorageLocation.parse("s3://a/z"), StorageLocation.parse("/z"), StorageLocation.parse("s3://b/a")));
        Collections.sort(l);
        assertEquals(List.of("/z", "s3://a/z", "s3://b/a", "s3://b/b"), l.stream().map(StorageLocation::uri).toList());
    }
}
