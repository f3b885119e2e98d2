package io.lancejdbc.exec.tvf.glob;

import java.util.List;
import java.util.Objects;

/**
 * The compiled pattern of one path segment: either a literal name (no storage access needed) or a set of
 * brace-free alternatives matched against listed names.
 *
 * <p>Matching runs the classic single-backtrack wildcard algorithm per alternative: O(name length × pattern
 * length) at worst, with no regular expression that could backtrack exponentially on a hostile name.
 */
public final class SegmentPattern {
    private final String text;
    private final String literal;
    private final List<GlobToken[]> alternatives;

    private SegmentPattern(String text, String literal, List<GlobToken[]> alternatives) {
        this.text = Objects.requireNonNull(text, "text");
        this.literal = literal;
        this.alternatives = alternatives;
    }

    static SegmentPattern literal(String text, String name) {
        return new SegmentPattern(text, Objects.requireNonNull(name, "name"), List.of());
    }

    static SegmentPattern wildcard(String text, List<GlobToken[]> alternatives) {
        if (alternatives.isEmpty()) {
            throw new IllegalArgumentException("a wildcard segment needs at least one alternative");
        }
        return new SegmentPattern(text, null, List.copyOf(alternatives));
    }

    /** The segment as the user wrote it (escapes and all). */
    public String text() {
        return text;
    }

    /** True when the segment has no wildcard, brace or set, so it names exactly one child. */
    public boolean isLiteral() {
        return literal != null;
    }

    /**
     * The child name a literal segment stands for, in the store's spelling (escapes removed; for S3 encoded as
     * Lance encodes keys).
     *
     * @throws IllegalStateException for a wildcard segment
     */
    public String literalName() {
        if (literal == null) {
            throw new IllegalStateException("not a literal segment: " + text);
        }
        return literal;
    }

    /** True when the listed child {@code name} matches this segment. */
    public boolean matches(String name) {
        if (literal != null) {
            return literal.equals(name);
        }
        int[] s = name.codePoints().toArray();
        for (GlobToken[] alternative : alternatives) {
            if (matches(alternative, s)) {
                return true;
            }
        }
        return false;
    }

    private static boolean matches(GlobToken[] p, int[] s) {
        int pi = 0;
        int si = 0;
        int starP = -1;
        int starS = -1;
        while (si < s.length) {
            if (pi < p.length && p[pi] instanceof GlobToken.AnyRun) {
                starP = pi++;
                starS = si;
            } else if (pi < p.length && p[pi].matchesOne(s[si])) {
                pi++;
                si++;
            } else if (starP >= 0) {
                // Let the last '*' take one more character and retry the rest; earlier stars never need to.
                pi = starP + 1;
                si = ++starS;
            } else {
                return false;
            }
        }
        while (pi < p.length && p[pi] instanceof GlobToken.AnyRun) {
            pi++;
        }
        return pi == p.length;
    }

    @Override
    public String toString() {
        return text;
    }
}
