package io.lancejdbc.exec.lance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.SqlError;
import java.io.IOException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LanceErrorMapperTest {

    @Test
    void rustSourceLocationsAreDropped() {
        IllegalArgumentException e = new IllegalArgumentException("Invalid user input: Schema error: No field named "
                + "nope., /workspace/rust/lance/src/dataset/scanner.rs:445:33");

        SqlError mapped = LanceErrorMapper.map(e, "scan", "file:///d/t.lance", Map.of());

        assertEquals("42S22", mapped.sqlState());
        assertEquals("Lance scan failed for dataset file:///d/t.lance: Invalid user input: Schema error: No field "
                + "named nope.", mapped.getMessage());
        assertEquals(e.getClass().getName() + ": " + e.getMessage(), mapped.getCause().getMessage());
        assertArrayEquals(e.getStackTrace(), mapped.getCause().getStackTrace());
    }

    @Test
    void secretStorageOptionValuesAreScrubbedFromMessages() {
        RuntimeException e = new RuntimeException(new IOException("request to http://h/b?X-Amz-Credential=AKIAXYZ "
                + "signed with wJalrSECRET failed: error sending request"));

        SqlError mapped = LanceErrorMapper.map(e, "open", "s3://b/t.lance",
                Map.of("aws_access_key_id", "AKIAXYZ", "aws_secret_access_key", "wJalrSECRET", "region", "eu"));

        assertEquals("58030", mapped.sqlState());
        assertEquals("Lance open failed for dataset s3://b/t.lance: java.io.IOException: request to "
                + "http://h/b?X-Amz-Credential=**** signed with **** failed: error sending request"
                + LanceErrorMapper.IO_HINT,
                mapped.getMessage());
        // The cause chain an application logs is scrubbed too (issue 16: S3 error bodies echo the access key id).
        java.io.StringWriter trace = new java.io.StringWriter();
        mapped.printStackTrace(new java.io.PrintWriter(trace));
        assertFalse(trace.toString().contains("AKIAXYZ"), trace.toString());
        assertFalse(trace.toString().contains("wJalrSECRET"), trace.toString());
        assertTrue(trace.toString().contains("Caused by: java.io.IOException: request to http://h/b?X-Amz-Credential"
                + "=**** signed with ****"), trace.toString());
    }

    @Test
    void wrappedNativeErrorsShowOnlyTheirMessage() {
        RuntimeException e = new RuntimeException("Error { message: \"Invalid user input: rowaddr start: 5 belongs "
                + "to non-existent fragment: 77, /workspace/rust/lance/src/dataset/take.rs:216:13\", java_class: "
                + "IllegalArgumentException, namespace_error_code: None }");

        assertEquals("Lance take failed for dataset file:///t: Invalid user input: rowaddr start: 5 belongs to "
                + "non-existent fragment: 77", LanceErrorMapper.map(e, "take", "file:///t", Map.of()).getMessage());
    }

    @Test
    void literalTypeMismatchesAreDatatypeErrors() {
        IllegalArgumentException e = new IllegalArgumentException("Invalid user input: could not convert to literal "
                + "of type Timestamp");

        assertEquals("42804", LanceErrorMapper.map(e, "scan", "file:///t", Map.of()).sqlState());
    }

    @Test
    void streamErrorsShowTheNativeMessageOnly() {
        IOException e = new IOException("[errno 22] CDataJniException{errno=22, message=External error: Invalid "
                + "user input: bad value, /workspace/rust/lance/src/io/exec/scan.rs:10:5}");

        assertEquals("Lance scan failed for dataset file:///t: Invalid user input: bad value",
                LanceErrorMapper.map(e, "scan", "file:///t", Map.of()).getMessage());
    }

    @Test
    void aMissingDataFileIsNamedWithWhatItMeans() {
        // What lance-core 7.0.0 reports for compatibility dataset v0.30.0_pre_created_at/index_without_created_at.
        IOException e = new IOException("[errno 22] CDataJniException{errno=22, message=External error: Not found: "
                + "w/t.lance/data/b4173ac9.lance, /workspace/rust/lance-io/src/local.rs:1:2}");

        SqlError mapped = LanceErrorMapper.map(e, "scan", "file:///w/t.lance", Map.of());

        assertEquals("HY000", mapped.sqlState());
        assertEquals("Lance scan failed for dataset file:///w/t.lance: data file w/t.lance/data/b4173ac9.lance does "
                + "not exist (Lance: Not found). The manifest of this dataset version names a file that is missing "
                + "from storage: either the version was cleaned up (cleanupOldVersions) while the query read it, and "
                + "running the query again reads the newest version, or the dataset is incomplete (copied or "
                + "uploaded partially) and cannot be read until the file is restored", mapped.getMessage());
    }
}
