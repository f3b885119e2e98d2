package io.lancejdbc.conformance.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/** The GROUP BY result in a comparable form: one line per group, sorted (neither side orders the groups). */
final class GroupRows {
    private GroupRows() {
    }

    /** @param category null for the NULL group */
    static String format(String category, long count, double sum, double avg, long min, long max) {
        // avg is rounded: the two engines may divide in a different order.
        return String.format(Locale.ROOT, "%s|%d|%.2f|%.6f|%d|%d", category, count, sum, avg, min, max);
    }

    static String fingerprint(List<String> rows) {
        List<String> sorted = new ArrayList<>(rows);
        Collections.sort(sorted);
        return String.join("\n", sorted);
    }
}
