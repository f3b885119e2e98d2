package io.lancejdbc.driver.isolated;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The last lines a child engine process wrote to stderr, for the message of a start-up failure or a crash; known
 * secrets (the one-time token, the credentials of the sessions it served) are replaced by {@code ****} before a
 * line is kept. Thread-safe.
 */
final class ChildOutputTail {
    private static final int MAX_LINES = 20;
    private static final int MAX_LINE_CHARS = 400;

    private final Deque<String> lines = new ArrayDeque<>();
    private final Set<String> secrets = ConcurrentHashMap.newKeySet();

    /** A value that must never appear in a kept line (blank values are ignored). */
    void secret(String value) {
        if (value != null && value.length() >= 4) {
            secrets.add(value);
        }
    }

    /** The line with every known secret replaced by {@code ****}. */
    String redact(String line) {
        String out = line;
        for (String s : secrets) {
            out = out.replace(s, "****");
        }
        return out;
    }

    synchronized void add(String line) {
        String kept = redact(line);
        if (kept.length() > MAX_LINE_CHARS) {
            kept = kept.substring(0, MAX_LINE_CHARS) + "...";
        }
        lines.addLast(kept);
        while (lines.size() > MAX_LINES) {
            lines.removeFirst();
        }
    }

    /** The kept lines joined with newlines, or "(nothing)" when there are none. */
    synchronized String text() {
        return lines.isEmpty() ? "(nothing)" : String.join("\n", lines);
    }
}
