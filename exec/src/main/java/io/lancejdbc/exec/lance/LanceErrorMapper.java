package io.lancejdbc.exec.lance;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns exceptions thrown by lance-core (IllegalArgumentException for bad input, IOException/RuntimeException for
 * I/O, CDataJniException while streaming; docs/lance-core-notes.md §0) into {@link SqlError}s that name the
 * operation and the dataset, with an SQLState chosen from the failure's text.
 *
 * <p>Messages are cleaned: Rust source locations ({@code /workspace/rust/...rs:445:33}) are dropped, and every
 * storage-option value that could be a credential is replaced by {@code ****} wherever it appears.
 */
final class LanceErrorMapper {
    private static final Pattern RUST_LOCATION = Pattern.compile(",?\\s*/\\S*?\\.rs:\\d+:\\d+");
    private static final Pattern WRAPPED_ERROR = Pattern.compile("Error \\{ message: \"(.*)\", java_class:.*",
            Pattern.DOTALL);
    /** How a native error reaches Java while a stream is read: {@code [errno 22] CDataJniException{errno=22, ...}}. */
    private static final Pattern STREAM_ERROR = Pattern.compile(
            "\\[errno \\d+\\] CDataJniException\\{errno=\\d+, message=(?:External error: )?(.*)\\}", Pattern.DOTALL);
    /** object_store's NotFound for a data file named by the manifest (a path, not a sentence). */
    private static final Pattern MISSING_FILE = Pattern.compile("^Not found: (\\S+\\.lance)$");
    /** The same on object storage: {@code Object at location wh/t.lance/data/x.lance not found: ... 404 ...}. */
    private static final Pattern MISSING_OBJECT = Pattern.compile("Object at location (\\S+\\.lance) not found: ");

    /** object_store's words (lower case) for a request that got no usable answer. */
    private static final Pattern IO_FAILURE = Pattern.compile("error sending request|connection refused|timed out"
            + "|dns error|connect error|connection reset|broken pipe|service unavailable|slowdown|slow down"
            + "|server returned non-2xx|retry error|after \\d+ retries|response body error");

    /** The fix an I/O error names (the statement, not the connection, failed). */
    static final String IO_HINT = "; object storage failed to serve the request (the connection is still usable): "
            + "retry the statement when storage answers again, and check the storage endpoint (s3.endpoint) if it "
            + "persists";

    private LanceErrorMapper() {
    }

    /**
     * @param failure what lance-core threw, not null
     * @param operation what was being done, e.g. {@code open}, {@code scan}, {@code count rows}
     * @param datasetUri the canonical dataset URI
     * @param storageOptions the options the dataset was opened with (their secret values are scrubbed)
     */
    static SqlError map(Throwable failure, String operation, String datasetUri, Map<String, String> storageOptions) {
        if (failure instanceof SqlError e) {
            return e;
        }
        String detail = cleanMessage(failure, storageOptions);
        String state = classify(failure, detail);
        Matcher missing = MISSING_FILE.matcher(detail);
        Matcher missingObject = MISSING_OBJECT.matcher(detail);
        if (missing.matches() || missingObject.find()) {
            String file = missing.matches() ? missing.group(1) : missingObject.group(1);
            state = SqlState.GENERAL_ERROR;
            // Two causes, which the message cannot tell apart: a writer's cleanup removed the version the query
            // pinned while the query read it (ChangingDatasetTest, issue 16), or the dataset is incomplete.
            detail = "data file " + file + " does not exist (Lance: Not found). The manifest of this "
                    + "dataset version names a file that is missing from storage: either the version was cleaned up "
                    + "(cleanupOldVersions) while the query read it, and running the query again reads the newest "
                    + "version, or the dataset is incomplete (copied or uploaded partially) and cannot be read until "
                    + "the file is restored";
        }
        String message = "Lance " + operation + " failed for dataset " + DatasetUriNormalizer.redactUserInfo(datasetUri)
                + ": " + detail;
        if (state.equals(SqlState.IO_ERROR)) {
            message += IO_HINT;
        }
        return new SqlError(state, message, ScrubbedLanceFailure.of(failure, storageOptions));
    }

    /**
     * The cause an {@link SqlError} about {@code failure} may carry: lance-core's exception with every message
     * scrubbed of the credential values in {@code storageOptions} (see {@link ScrubbedLanceFailure}).
     */
    static RuntimeException cause(Throwable failure, Map<String, String> storageOptions) {
        return ScrubbedLanceFailure.of(failure, storageOptions);
    }

    /** The lance-core message without Rust source locations and without secret values; never null. */
    static String cleanMessage(Throwable failure, Map<String, String> storageOptions) {
        Throwable t = failure;
        // RuntimeException(IOException) from LanceScanner.scanBatches carries the real text in its cause.
        while (t.getMessage() == null && t.getCause() != null) {
            t = t.getCause();
        }
        String raw = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        Matcher wrapped = WRAPPED_ERROR.matcher(raw);
        if (wrapped.matches()) {
            raw = wrapped.group(1);
        }
        Matcher stream = STREAM_ERROR.matcher(raw);
        if (stream.matches()) {
            raw = stream.group(1);
        }
        return scrub(RUST_LOCATION.matcher(raw).replaceAll("").trim(), storageOptions);
    }

    /** {@code text} with every credential value of {@code storageOptions} replaced by {@code ****}. */
    static String scrub(String text, Map<String, String> storageOptions) {
        String cleaned = text;
        for (Map.Entry<String, String> e : storageOptions.entrySet()) {
            String v = e.getValue();
            if (v != null && v.length() >= 4 && looksSecret(e.getKey())) {
                cleaned = cleaned.replace(v, "****");
            }
        }
        return cleaned;
    }

    private static boolean looksSecret(String key) {
        String k = key.toLowerCase(Locale.ROOT);
        return k.contains("secret") || k.contains("token") || k.contains("key") || k.contains("password")
                || k.contains("credential") || k.contains("sas") || k.contains("authorization");
    }

    /** lance-core 7.0.0's "Column _distance does not exist" (a filter naming a column the scan cannot see). */
    private static final java.util.regex.Pattern COLUMN_MISSING = java.util.regex.Pattern.compile(
            "invalid user input: column \\S+ does not exist");

    private static String classify(Throwable failure, String detail) {
        String d = detail.toLowerCase(Locale.ROOT);
        if (d.contains("no field named") || COLUMN_MISSING.matcher(d).find()) {
            return SqlState.COLUMN_NOT_FOUND;
        }
        if (d.contains("does not return a boolean")) {
            return SqlState.DATATYPE_MISMATCH;
        }
        if (d.contains("divide by zero")) {
            return SqlState.DIVISION_BY_ZERO;
        }
        if (d.contains("error parsing statement") || d.contains("sql parser error")
                || d.contains("is not supported sql")) {
            return SqlState.SYNTAX_ERROR;
        }
        if (d.contains("could not convert to literal") || d.contains("cannot cast")
                || d.contains("type mismatch")) {
            return SqlState.DATATYPE_MISMATCH;
        }
        if (d.contains("access denied") || d.contains("forbidden")
                || d.contains("invalidaccesskeyid") || d.contains("signaturedoesnotmatch")) {
            return SqlState.INVALID_AUTHORIZATION;
        }
        // Object storage that cannot be reached, resets or keeps failing: an I/O error, never an 08 state (the JDBC
        // connection is fine, and pools evict connections on 08).
        if (IO_FAILURE.matcher(d).find() && !d.contains("404 not found")) {
            return SqlState.IO_ERROR;
        }
        return SqlState.GENERAL_ERROR;
    }
}
