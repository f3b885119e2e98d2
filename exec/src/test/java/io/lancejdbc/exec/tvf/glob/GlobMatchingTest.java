package io.lancejdbc.exec.tvf.glob;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Matching of one compiled segment against listed names. */
class GlobMatchingTest {

    private static SegmentPattern s3(String segment) {
        return GlobParser.parse("s3://bucket/" + segment).segments().get(0);
    }

    private static SegmentPattern local(String segment) {
        return GlobParser.parse("/root/" + segment).segments().get(1);
    }

    @Test
    void starMatchesAnyRunIncludingNone() {
        SegmentPattern p = s3("20*");
        assertTrue(p.matches("20"));
        assertTrue(p.matches("2024-01-01.lance"));
        assertFalse(p.matches("1920"));
    }

    @Test
    void starsBacktrack() {
        SegmentPattern p = s3("*a*b*.lance");
        assertTrue(p.matches("xaybz.lance"));
        assertTrue(p.matches("ab.lance"));
        assertFalse(p.matches("ba.lance"));
        assertFalse(p.matches("xaybz.lance.tmp"));
    }

    @Test
    void questionMarkMatchesExactlyOneCharacter() {
        SegmentPattern p = s3("t?.lance");
        assertTrue(p.matches("t1.lance"));
        assertFalse(p.matches("t.lance"));
        assertFalse(p.matches("t12.lance"));
    }

    @Test
    void questionMarkMatchesOneCodePointOfALocalName() {
        SegmentPattern p = local("?.lance");
        assertTrue(p.matches("\uD83D\uDE00.lance"), "one emoji is one character");
    }

    @Test
    void setMatchesListedCharacters() {
        SegmentPattern p = s3("t[13].lance");
        assertTrue(p.matches("t1.lance"));
        assertTrue(p.matches("t3.lance"));
        assertFalse(p.matches("t2.lance"));
    }

    @Test
    void rangeMatchesInclusively() {
        SegmentPattern p = s3("d[0-9][a-c]");
        assertTrue(p.matches("d0a"));
        assertTrue(p.matches("d9c"));
        assertFalse(p.matches("d9d"));
        assertFalse(p.matches("dxa"));
    }

    @Test
    void bangNegatesASet() {
        SegmentPattern p = s3("[!_]*");
        assertTrue(p.matches("table"));
        assertFalse(p.matches("_tmp"));
    }

    @Test
    void caretNegatesARange() {
        SegmentPattern p = s3("v[^0-4]");
        assertTrue(p.matches("v5"));
        assertFalse(p.matches("v3"));
    }

    @Test
    void dashAtTheEdgesOfASetIsLiteral() {
        SegmentPattern p = s3("a[-x-]b");
        assertTrue(p.matches("a-b"));
        assertTrue(p.matches("axb"));
        assertFalse(p.matches("ayb"));
    }

    @Test
    void escapedCharactersInsideASetAreMembers() {
        SegmentPattern p = s3("[\\]\\-]");
        assertTrue(p.matches("]"));
        assertTrue(p.matches("-"));
        assertFalse(p.matches("\\"));
    }

    @Test
    void bracesMatchAnyAlternative() {
        SegmentPattern p = s3("{2023,2024}-*");
        assertTrue(p.matches("2023-01"));
        assertTrue(p.matches("2024-12"));
        assertFalse(p.matches("2025-01"));
    }

    @Test
    void braceAlternativesMayHoldWildcards() {
        SegmentPattern p = s3("{a*,b?}.lance");
        assertTrue(p.matches("abc.lance"));
        assertTrue(p.matches("bx.lance"));
        assertFalse(p.matches("bxy.lance"));
    }

    @Test
    void severalBraceGroupsCombine() {
        SegmentPattern p = s3("{a,b}{1,2}");
        assertTrue(p.matches("a1"));
        assertTrue(p.matches("b2"));
        assertFalse(p.matches("ab"));
    }

    @Test
    void escapedStarMatchesOnlyAStar() {
        SegmentPattern p = s3("a\\*b*");
        assertTrue(p.matches("a*bc"));
        assertFalse(p.matches("axbc"));
    }

    @Test
    void commaInsideAnAlternativeNeedsNoEscapeOutsideBraces() {
        SegmentPattern p = s3("x,y*");
        assertTrue(p.matches("x,yz"));
        assertFalse(p.matches("x"));
    }

    @Test
    void matchingIsCaseSensitive() {
        assertFalse(s3("Data*").matches("data1"));
    }

    @Test
    void nonAsciiLiteralMatchesTheKeySpellingLanceWrites() {
        // s3://bucket/über.lance is stored by Lance under the key %C3%BCber.lance.
        SegmentPattern p = s3("über*");
        assertTrue(p.matches("%C3%BCber.lance"));
        assertFalse(p.matches("über.lance"));
    }

    @Test
    void localLiteralsMatchRawNames() {
        assertTrue(local("über*").matches("über.lance"));
    }

    @Test
    void hostilePatternMatchesInLinearishTime() {
        SegmentPattern p = s3("*a*a*a*a*a*a*a*a*a*a*b");
        String name = "a".repeat(1000);
        assertTimeoutPreemptively(Duration.ofSeconds(2), () -> assertFalse(p.matches(name)));
    }
}
