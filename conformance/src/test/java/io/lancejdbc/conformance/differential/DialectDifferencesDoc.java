package io.lancejdbc.conformance.differential;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The entries of {@code docs/dialect-differences.md}: {@code ### D<n> title} headings (intended differences) and the
 * {@code | U<n> | ...} rows of the "Not supported here" table. The suite checks that every query's reference exists
 * here and that every entry is exercised by a query.
 */
final class DialectDifferencesDoc {
    private static final Pattern HEADING = Pattern.compile("^### (D\\d+) (.+)$", Pattern.MULTILINE);
    private static final Pattern ROW = Pattern.compile("^\\| (U\\d+) \\| (.+?) \\|", Pattern.MULTILINE);

    private DialectDifferencesDoc() {
    }

    /** Entry id to its title, in document order. */
    static Map<String, String> entries() {
        String text = read();
        Map<String, String> out = new LinkedHashMap<>();
        Matcher m = HEADING.matcher(text);
        while (m.find()) {
            out.put(m.group(1), m.group(2));
        }
        m = ROW.matcher(text);
        while (m.find()) {
            out.put(m.group(1), m.group(2));
        }
        return out;
    }

    private static String read() {
        // Surefire runs in the module directory; the docs live one level up.
        Path p = Path.of("..", "docs", "dialect-differences.md");
        if (!Files.exists(p)) {
            p = Path.of("docs", "dialect-differences.md");
        }
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new UncheckedIOException("docs/dialect-differences.md is missing", e);
        }
    }
}
