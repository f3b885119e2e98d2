package io.lancejdbc.exec.tvf.glob;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.exec.storage.StorageLocation;
import io.lancejdbc.exec.storage.StorageScheme;
import io.lancejdbc.engine.SqlError;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Parse results and every parse error of the glob grammar; matching is in {@link GlobMatchingTest}. */
class GlobParserTest {

    private static String rejection(String element) {
        SqlError e = assertThrows(SqlError.class, () -> GlobParser.parse(element));
        assertEquals("22023", e.sqlState(), e.getMessage());
        return e.getMessage();
    }

    @Test
    void literalElementNeedsNoListing() {
        GlobPattern p = GlobParser.parse("s3://bucket/tables/a.lance");
        assertTrue(p.isLiteral());
        assertEquals(StorageLocation.parse("s3://bucket/tables/a.lance"), p.literalPrefix());
        assertEquals(List.of(), p.segmentsAfterLiteralPrefix());
        assertEquals(StorageScheme.S3, p.scheme());
    }

    @Test
    void literalPrefixStopsAtTheFirstWildcardSegment() {
        GlobPattern p = GlobParser.parse("s3://bucket/lance/20*/part-{a,b}/data.lance");
        assertFalse(p.isLiteral());
        assertEquals(StorageLocation.parse("s3://bucket/lance"), p.literalPrefix());
        assertEquals(List.of("20*", "part-{a,b}", "data.lance"),
                p.segmentsAfterLiteralPrefix().stream().map(SegmentPattern::text).toList());
        assertTrue(p.segments().get(3).isLiteral());
    }

    @Test
    void escapedWildcardsAreLiteral() {
        GlobPattern p = GlobParser.parse("/data/a\\*b/c\\?d\\[e\\]\\{f\\}");
        assertTrue(p.isLiteral(), "escaped characters leave no wildcard");
        assertEquals("/data/a*b/c?d[e]{f}", p.literalPrefix().uri());
    }

    @Test
    void escapedBraceIsStoredAsLanceEncodesIt() {
        // Lance stores '{' of a dataset URI as %7B in the S3 key.
        assertEquals("s3://bucket/x%7B1%7D.lance", GlobParser.parse("s3://bucket/x\\{1\\}.lance").literalPrefix().uri());
    }

    @Test
    void commaOutsideBracesIsAnOrdinaryCharacter() {
        GlobPattern p = GlobParser.parse("s3://bucket/a,b.lance");
        assertTrue(p.isLiteral());
        assertEquals("s3://bucket/a,b.lance", p.literalPrefix().uri());
    }

    @Test
    void localPathAndFileUriParseAlike() {
        assertEquals(StorageLocation.parse("/data/w"), GlobParser.parse("/data/w/*.lance").literalPrefix());
        assertEquals(StorageLocation.parse("/data/w"), GlobParser.parse("file:///data/w/*.lance").literalPrefix());
    }

    @Test
    void fileUriPercentEscapesAreDecodedToLiterals() {
        GlobPattern p = GlobParser.parse("file:///data/my%20w/%2A.lance");
        assertTrue(p.isLiteral(), "%2A is a literal '*'");
        assertEquals("/data/my w/*.lance", p.literalPrefix().uri());
    }

    @Test
    void bucketAloneIsTheBucketRoot() {
        GlobPattern p = GlobParser.parse("s3://bucket");
        assertTrue(p.isLiteral());
        assertTrue(p.literalPrefix().isRoot());
    }

    // ---- every rejection, before any listing ----

    @Test
    void doubleStarIsRejected() {
        assertEquals("Invalid pattern 's3://b/data/**/x.lance' in uris: '**' (recursive matching across levels) is not "
                + "supported; use one '*' per path level (at position 13)", rejection("s3://b/data/**/x.lance"));
    }

    @Test
    void doubleStarInsideAWordIsRejected() {
        assertTrue(rejection("s3://b/a**b").contains("'**'"));
    }

    @Test
    void doubleStarInsideBracesIsRejected() {
        assertTrue(rejection("s3://b/{**,a}").contains("'**'"));
    }

    @Test
    void braceSpanningSlashIsRejected() {
        assertEquals("Invalid pattern 's3://b/{a/x,b}/t' in uris: '{...}' spans '/'; braces choose between alternatives "
                + "of one path segment, write one brace group per segment (at position 8)", rejection("s3://b/{a/x,b}/t"));
    }

    @Test
    void nestedBracesAreRejected() {
        assertEquals("Invalid pattern 's3://b/{a,{b,c}}' in uris: '{' inside '{...}': nested braces are not supported "
                + "(at position 11)", rejection("s3://b/{a,{b,c}}"));
    }

    @Test
    void setInsideBracesIsRejectedAsNesting() {
        assertTrue(rejection("s3://b/{a,[bc]}").contains("nesting a set in braces is not supported"));
    }

    @Test
    void nestedSetIsRejected() {
        assertTrue(rejection("s3://b/[a[b]]").contains("nested sets are not supported"));
    }

    @Test
    void unclosedBracketIsRejected() {
        assertEquals("Invalid pattern 's3://b/x[ab' in uris: '[' is not closed by ']' (at position 9)",
                rejection("s3://b/x[ab"));
    }

    @Test
    void bracketClosedOnlyAfterSlashIsRejected() {
        assertTrue(rejection("s3://b/x[a/b]").contains("'[' is not closed before '/'"));
    }

    @Test
    void unclosedBraceIsRejected() {
        assertEquals("Invalid pattern 's3://b/x{a,b' in uris: '{' is not closed by '}' (at position 9)",
                rejection("s3://b/x{a,b"));
    }

    @Test
    void emptyBracketsAreRejected() {
        assertTrue(rejection("s3://b/x[]").contains("'[]' is empty and matches nothing"));
    }

    @Test
    void emptyNegatedBracketsAreRejected() {
        assertTrue(rejection("s3://b/x[!]").contains("'[!]' is empty"));
    }

    @Test
    void emptyBracesAreRejected() {
        assertTrue(rejection("s3://b/x{}").contains("'{}' is empty"));
    }

    @Test
    void emptyAlternativeIsRejected() {
        assertTrue(rejection("s3://b/x{a,}").contains("empty alternative"));
    }

    @Test
    void unmatchedClosingBraceIsRejected() {
        assertTrue(rejection("s3://b/a}b").contains("unmatched '}'"));
    }

    @Test
    void unmatchedClosingBracketIsRejected() {
        assertTrue(rejection("s3://b/a]b").contains("unmatched ']'"));
    }

    @Test
    void trailingSlashIsRejected() {
        assertEquals("Invalid pattern 's3://b/data/' in uris: the element ends with '/'; remove the trailing slash so "
                + "each directory has one spelling (at position 12)", rejection("s3://b/data/"));
    }

    @Test
    void trailingSlashAfterBucketIsRejected() {
        assertTrue(rejection("s3://b/").contains("ends with '/'"));
    }

    @Test
    void doubleSlashIsRejected() {
        assertEquals("Invalid pattern 's3://b/a//c*' in uris: '//' (an empty path segment) is not allowed; in object "
                + "storage 'a//b' and 'a/b' are different keys, so write each '/' once (at position 9)",
                rejection("s3://b/a//c*"));
    }

    @Test
    void doubleSlashAfterBucketIsRejected() {
        assertTrue(rejection("s3://b//a").contains("'//'"));
    }

    @Test
    void emptyElementIsRejected() {
        assertEquals("Invalid pattern '' in uris: the element is empty; give a path such as s3://bucket/prefix/*.lance",
                rejection(""));
    }

    @Test
    void surroundingWhitespaceIsRejected() {
        assertTrue(rejection(" s3://b/a").contains("leading or trailing whitespace"));
    }

    @Test
    void danglingBackslashIsRejected() {
        assertTrue(rejection("s3://b/a\\").contains("lone '\\'"));
    }

    @Test
    void escapedSlashIsRejected() {
        assertTrue(rejection("s3://b/a\\/b").contains("cannot escape '/'"));
    }

    @Test
    void reversedRangeIsRejected() {
        assertTrue(rejection("s3://b/[z-a]").contains("the range 'z-a' is reversed"));
    }

    @Test
    void wildcardInBucketIsRejected() {
        assertEquals("Invalid pattern 's3://buck*/x' in uris: wildcards and escapes are not allowed in the bucket name; "
                + "a pattern never leaves its bucket (at position 10)", rejection("s3://buck*/x"));
    }

    @Test
    void dotDotSegmentIsRejected() {
        assertTrue(rejection("s3://b/data/../secret/*").contains("'..'"));
    }

    @Test
    void dotSegmentIsRejected() {
        assertTrue(rejection("/data/./*").contains("'.'"));
    }

    @Test
    void unknownSchemeIsRejected() {
        assertEquals("Invalid pattern in uris: unsupported scheme 'hdfs:'; use s3://bucket/prefix or an absolute local "
                + "path", rejection("hdfs://nn/x/*"));
    }

    @Test
    void relativePathIsRejected() {
        assertTrue(rejection("data/*.lance").contains("the path is relative"));
    }

    @Test
    void credentialsBeforeAtAreRejectedWithoutEcho() {
        String m = rejection("s3://AKID:topsecret@b/x/*");
        assertFalse(m.contains("topsecret"), m);
    }

    @Test
    void hashInS3PatternIsRejected() {
        assertTrue(rejection("s3://b/a#b*").contains("'#' cannot be part of an S3 key"));
    }

    @Test
    void escapedQuestionMarkInS3PatternIsRejected() {
        assertTrue(rejection("s3://b/a\\?b").contains("'?' cannot be part of an S3 key"));
    }

    @Test
    void nonAsciiInsideSetIsRejectedForS3() {
        assertTrue(rejection("s3://b/[ü]x").contains("inside '[...]' can never match"));
    }

    @Test
    void tooManyBraceAlternativesAreRejected() {
        String five = "{a,b,c,d,e}";
        assertTrue(rejection("s3://b/" + five + five + five + five).contains("more than 256 alternatives"));
    }

    @Test
    void invalidPercentEscapeInFileUriIsRejected() {
        assertTrue(rejection("file:///data/%zz*").contains("two hex digits"));
    }

    @Test
    void encodedSlashInFileUriIsRejected() {
        assertTrue(rejection("file:///data/a%2Fb*").contains("'%2F' encodes '/'"));
    }
}
