package io.lancejdbc.exec.lance;

import java.util.Map;

/**
 * A lance-core exception as an {@code SqlError} may carry it as its cause: the same class name, stack trace, causes
 * and suppressed exceptions, with every message cleaned by {@link LanceErrorMapper#cleanMessage} (credential values of
 * the storage options masked). lance-core's raw messages quote what the object store answered, and S3 error bodies
 * echo the access key id ({@code <AWSAccessKeyId>}); an application that logs the SQLException with its cause chain
 * must not print a credential (issue 16 section 4, found by {@code SecretsCanaryTest}).
 */
final class ScrubbedLanceFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private static final int MAX_DEPTH = 16;

    private ScrubbedLanceFailure(String message) {
        super(message);
    }

    /** {@code failure} with clean messages throughout; never null. */
    static RuntimeException of(Throwable failure, Map<String, String> storageOptions) {
        return copy(failure, storageOptions, 0);
    }

    private static ScrubbedLanceFailure copy(Throwable t, Map<String, String> storageOptions, int depth) {
        String text = t.getMessage() == null ? "" : ": " + LanceErrorMapper.scrub(t.getMessage(), storageOptions);
        ScrubbedLanceFailure copy = new ScrubbedLanceFailure(t.getClass().getName() + text);
        copy.setStackTrace(t.getStackTrace());
        if (depth < MAX_DEPTH) {
            if (t.getCause() != null && t.getCause() != t) {
                copy.initCause(copy(t.getCause(), storageOptions, depth + 1));
            }
            for (Throwable s : t.getSuppressed()) {
                copy.addSuppressed(copy(s, storageOptions, depth + 1));
            }
        }
        return copy;
    }

    @Override
    public String toString() {
        // The message already starts with the original class name.
        return getMessage();
    }
}
