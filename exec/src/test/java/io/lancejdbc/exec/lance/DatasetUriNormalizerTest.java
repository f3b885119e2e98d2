package io.lancejdbc.exec.lance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.lancejdbc.engine.SqlError;
import org.junit.jupiter.api.Test;

class DatasetUriNormalizerTest {

    @Test
    void localPathsBecomeFileUris() {
        assertEquals("file:///data/wh/t.lance", DatasetUriNormalizer.normalize("/data/wh/t.lance/"));
        assertEquals("file:///data/t.lance", DatasetUriNormalizer.normalize("/data/wh/../t.lance"));
    }

    @Test
    void fileUriSpellingsAgree() {
        for (String s : new String[] {"file:///data/t.lance", "file:/data/t.lance", "file://localhost/data/t.lance",
                "FILE:///data/./t.lance/"}) {
            assertEquals("file:///data/t.lance", DatasetUriNormalizer.normalize(s), s);
        }
    }

    @Test
    void objectStoreUrisLoseTrailingAndDoubleSlashes() {
        assertEquals("s3://bucket/wh/t.lance", DatasetUriNormalizer.normalize("S3://bucket/wh//t.lance/"));
        assertEquals("s3://bucket", DatasetUriNormalizer.normalize("s3://bucket/"));
    }

    @Test
    void localLocationMapsBackToThePlainPath() {
        assertEquals("/data/my table.lance",
                DatasetUriNormalizer.toLanceLocation(DatasetUriNormalizer.normalize("/data/my table.lance")));
        assertEquals("s3://b/t.lance", DatasetUriNormalizer.toLanceLocation("s3://b/t.lance"));
    }

    @Test
    void relativePathsAreRejected() {
        SqlError e = assertThrows(SqlError.class, () -> DatasetUriNormalizer.normalize("data/t.lance"));

        assertEquals("22023", e.sqlState());
        assertEquals("Local Lance dataset path must be absolute: data/t.lance (use /full/path or "
                + "file:///full/path)", e.getMessage());
    }

    @Test
    void credentialsInTheUriAreRejectedWithoutBeingEchoed() {
        SqlError e = assertThrows(SqlError.class,
                () -> DatasetUriNormalizer.normalize("s3://AKIA:s3cr3t@bucket/t.lance"));

        assertEquals("Dataset URI 's3://****@bucket/t.lance' must not carry credentials; pass them as storage "
                + "options (s3.access_key, s3.secret_key)", e.getMessage());
    }

    @Test
    void fileUriWithAHostIsRejected() {
        assertEquals("22023", assertThrows(SqlError.class,
                () -> DatasetUriNormalizer.normalize("file://server/share/t.lance")).sqlState());
    }
}
