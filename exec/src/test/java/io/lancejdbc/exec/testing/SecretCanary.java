package io.lancejdbc.exec.testing;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.UUID;

/**
 * The canary of issue 16 section 4: a marker that every credential the test fixtures use carries (the S3 keys of
 * {@code SharedS3Proxy} and {@code CountingS3Proxy}, the REST tokens, API keys and header values of the REST tests),
 * so that {@link SecretCanaryWatch} can fail a test run whose output, log lines or failures show one. Tests that
 * build a credential of their own take it from {@link #credential(String)}.
 */
public final class SecretCanary {
    /**
     * The marker, chosen to appear nowhere else: not a word, not hex, not a base64 fragment of common text. A
     * credential is this marker, a kind and a random tail (so that no test can pass by guessing it).
     */
    public static final String MARKER = "qZcanaryX7";

    private SecretCanary() {
    }

    /** A fresh credential value carrying the canary, e.g. {@code qZcanaryX7-s3secret-3f2a9c0e1b7d}. */
    public static String credential(String kind) {
        return MARKER + "-" + kind + "-" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    }

    /** True when {@code text} shows a canary credential (case-insensitive: some layers upper-case headers). */
    public static boolean leaks(String text) {
        return text != null && text.toLowerCase(java.util.Locale.ROOT).contains(MARKER.toLowerCase(
                java.util.Locale.ROOT));
    }

    /** The full text a user or log could see of a throwable: every message, cause, suppressed one and frame. */
    public static String fullText(Throwable t) {
        StringWriter out = new StringWriter();
        t.printStackTrace(new PrintWriter(out));
        if (t instanceof java.sql.SQLException sql) {
            for (java.sql.SQLException next = sql.getNextException(); next != null; next = next.getNextException()) {
                next.printStackTrace(new PrintWriter(out));
            }
        }
        return out.toString();
    }

    /**
     * Fails when {@code text} shows a canary credential; the failure quotes the text with the canary masked, so
     * that the report itself does not spread the credential.
     *
     * @param where what produced the text (an exception message, EXPLAIN, toString, a log line)
     */
    public static void assertAbsent(String where, String text) {
        if (leaks(text)) {
            throw new AssertionError("A credential leaked into " + where + ": "
                    + text.replaceAll("(?i)" + MARKER + "[-\\w]*", "<CANARY>"));
        }
    }
}
