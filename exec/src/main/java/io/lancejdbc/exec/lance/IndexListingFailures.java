package io.lancejdbc.exec.lance;

import io.lancejdbc.engine.SqlError;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Tells a failure of lance-core's index listings that means "this old index format cannot be described" (a fixed
 * property of the dataset, where the per-segment listing is the right fallback) from every other failure (storage,
 * access, an unknown error), which must fail the statement: treating it as "no index" would silently plan a flat
 * scan instead of an index search.
 *
 * <p>The known formats are those of docs/lance-core-notes.md §2 and §7 (the compatibility corpus): an index
 * without details (Lance 0.18, "Index details are required") and a legacy full-text index (Lance 0.27).
 */
final class IndexListingFailures {
    /**
     * Lower-case fragments of lance-core 7.0.0's raw messages (Rust source locations included) for the index formats
     * it cannot describe: an index without details, and the tokenizer configuration a legacy full-text index lacks
     * ("EOF while parsing a value" raised in lance-index's inverted tokenizer).
     */
    private static final List<String> LEGACY_FORMAT_MESSAGES = List.of("index details are required",
            "scalar/inverted/tokenizer.rs");

    private IndexListingFailures() {
    }

    /** Whether {@code e} from {@code describeIndices()} is lance-core's refusal of an old index format. */
    static boolean isLegacyIndexFormat(Throwable e) {
        StringBuilder raw = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            raw.append(t.getMessage()).append('\n');
        }
        String message = raw.toString().toLowerCase(Locale.ROOT);
        if (isStorageFailure(message)) {
            return false;
        }
        for (String known : LEGACY_FORMAT_MESSAGES) {
            if (message.contains(known)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isStorageFailure(String message) {
        return message.contains("error sending request") || message.contains("connection") || message.contains("timed out")
                || message.contains("timeout") || message.contains("dns error") || message.contains("access denied")
                || message.contains("forbidden") || message.contains("not found") || message.contains("io error")
                || message.contains("object store") || message.contains("status code");
    }

    /**
     * The statement's error for an index listing that could not be read.
     *
     * @param what which listing ({@code descriptions}, {@code segments}, {@code segment order})
     * @param source the dataset (its storage options' secrets are scrubbed from the message)
     */
    static SqlError unreadable(Throwable e, String what, DatasetSource source) {
        SqlError mapped = LanceErrorMapper.map(e, "index " + what + " read", source.uri(), source.storageOptions());
        return new SqlError(mapped.sqlState(), mapped.getMessage() + "; the index list of the dataset could not be"
                + " read, so the statement stops rather than plan without its indexes (retry when storage answers)",
                e);
    }
}
