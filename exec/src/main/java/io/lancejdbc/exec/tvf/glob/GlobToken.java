package io.lancejdbc.exec.tvf.glob;

/**
 * One matching step of a brace-free glob alternative; code points, not chars, so that {@code ?} takes one
 * character of a local file name even outside the Basic Multilingual Plane.
 */
sealed interface GlobToken {

    /** True when this token consumes exactly the code point {@code c}. Never called on {@link AnyRun}. */
    boolean matchesOne(int c);

    /** One literal code point. */
    record Literal(int codePoint) implements GlobToken {
        @Override
        public boolean matchesOne(int c) {
            return c == codePoint;
        }
    }

    /** {@code ?}: any one code point. */
    record AnyOne() implements GlobToken {
        @Override
        public boolean matchesOne(int c) {
            return true;
        }
    }

    /** {@code *}: any run of code points, including none. */
    record AnyRun() implements GlobToken {
        @Override
        public boolean matchesOne(int c) {
            throw new UnsupportedOperationException("'*' matches runs, not single characters");
        }
    }

    /**
     * {@code [...]}: one code point in (or, negated, not in) the inclusive ranges.
     *
     * @param lows range starts
     * @param highs range ends, {@code highs[i] >= lows[i]}
     * @param negated true for {@code [!...]} and {@code [^...]}
     */
    record CharSet(int[] lows, int[] highs, boolean negated) implements GlobToken {
        @Override
        public boolean matchesOne(int c) {
            boolean in = false;
            for (int i = 0; i < lows.length && !in; i++) {
                in = c >= lows[i] && c <= highs[i];
            }
            return in != negated;
        }
    }
}
