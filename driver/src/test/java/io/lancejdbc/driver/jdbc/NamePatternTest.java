package io.lancejdbc.driver.jdbc;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** DatabaseMetaData name patterns: LIKE semantics with {@code \} as escape, for any pattern a tool sends. */
class NamePatternTest {
    @Test
    void percentAndUnderscoreAreWildcards() {
        assertTrue(NamePattern.of("it%s").matches("items"));
        assertTrue(NamePattern.of("it_ms").matches("items"));
        assertTrue(NamePattern.of("%").matches(""));
        assertTrue(NamePattern.of("%s%").matches("numbers"));
        assertFalse(NamePattern.of("it_s").matches("items"));
        assertFalse(NamePattern.of("items").matches("Items"));
        assertFalse(NamePattern.of("").matches("items"));
        assertTrue(NamePattern.of(null).matches("anything"));
    }

    @Test
    void backslashMakesTheNextCharacterLiteral() {
        assertTrue(NamePattern.of("a\\_b").matches("a_b"));
        assertFalse(NamePattern.of("a\\_b").matches("axb"));
        assertTrue(NamePattern.of("a\\%").matches("a%"));
        assertFalse(NamePattern.of("a\\%").matches("ab"));
        assertTrue(NamePattern.of("items\\").matches("items\\"), "a trailing backslash is itself");
    }

    @Test
    void regexCharactersAreLiteral() {
        assertTrue(NamePattern.of("a.b[c]*").matches("a.b[c]*"));
        assertFalse(NamePattern.of("a.b").matches("axb"));
    }

    @Test
    void underscoreMatchesOneCodePoint() {
        assertTrue(NamePattern.of("_x").matches("\uD83D\uDE00x"));
        assertTrue(NamePattern.ofName("t\uD83D\uDE00").matches("t\uD83D\uDE00"));
    }

    @Test
    void hugePatternsNeitherOverflowTheStackNorBacktrackForever() {
        // A regular expression overflowed the stack compiling 100,000 '%' (PatternSyntaxException, not SQLException).
        assertFalse(NamePattern.of("%".repeat(100_000) + "x").matches("items"));
        long start = System.nanoTime();
        assertFalse(NamePattern.of("%a".repeat(5_000) + "b").matches("a".repeat(5_000)));
        assertTrue(System.nanoTime() - start < 5_000_000_000L);
    }
}
