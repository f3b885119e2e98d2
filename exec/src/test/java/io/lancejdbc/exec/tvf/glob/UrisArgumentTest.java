package io.lancejdbc.exec.tvf.glob;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.SqlError;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class UrisArgumentTest {

    private static String rejection(String json) {
        SqlError e = assertThrows(SqlError.class, () -> UrisArgument.parse(json));
        assertEquals("22023", e.sqlState(), e.getMessage());
        return e.getMessage();
    }

    @Test
    void literalsAndGlobsParseInOrder() {
        List<GlobPattern> p = UrisArgument.parse("[\"s3://b/a.lance\", \"s3://b/20*\", \"s3://b/a.lance\"]");
        assertEquals(List.of("s3://b/a.lance", "s3://b/20*", "s3://b/a.lance"), p.stream().map(GlobPattern::text).toList());
        assertTrue(p.get(0).isLiteral());
    }

    @Test
    void missingArgumentIsReported() {
        assertTrue(rejection(null).startsWith("uris is empty"));
    }

    @Test
    void blankArgumentIsReported() {
        assertTrue(rejection("   ").startsWith("uris is empty"));
    }

    @Test
    void malformedJsonIsReportedWithItsPosition() {
        String m = rejection("[\"s3://b/a\", ]");
        assertTrue(m.startsWith("uris is not valid JSON ("), m);
        assertTrue(m.contains("at character 14"), m);
    }

    @Test
    void unclosedArrayIsMalformed() {
        assertTrue(rejection("[\"s3://b/a\"").startsWith("uris is not valid JSON"));
    }

    @Test
    void singleQuotedStringsAreMalformed() {
        assertTrue(rejection("['s3://b/a']").startsWith("uris is not valid JSON"));
    }

    @Test
    void trailingContentIsMalformed() {
        assertEquals("uris is not valid JSON: there is content after the closing ']'", rejection("[\"s3://b/a\"] []"));
    }

    @Test
    void plainStringIsNotAnArray() {
        assertEquals("uris must be a JSON array of strings such as [\"s3://bucket/a.lance\", \"s3://bucket/20*\"], but it "
                + "is a JSON string", rejection("\"s3://b/a\""));
    }

    @Test
    void objectIsNotAnArray() {
        assertTrue(rejection("{\"uri\": \"s3://b/a\"}").endsWith("but it is a JSON object"));
    }

    @Test
    void emptyArrayIsReported() {
        assertEquals("uris is an empty JSON array; give at least one path", rejection("[]"));
    }

    @Test
    void numberElementIsReported() {
        assertEquals("uris element 2 is a JSON number, not a string; every element must be a quoted path",
                rejection("[\"s3://b/a\", 42]"));
    }

    @Test
    void nullElementIsReported() {
        assertEquals("uris element 1 is JSON null, not a string; every element must be a quoted path",
                rejection("[null]"));
    }

    @Test
    void nestedArrayElementIsReported() {
        assertTrue(rejection("[[\"s3://b/a\"]]").startsWith("uris element 1 is a JSON array"));
    }

    @Test
    void emptyElementIsReported() {
        assertEquals("uris element 2 is an empty string; give a path or remove it", rejection("[\"s3://b/a\", \"\"]"));
    }

    @Test
    void tooManyElementsAreRejectedWhileParsing() {
        String json = IntStream.range(0, 10_000).mapToObj(i -> "\"s3://b/t" + i + ".lance\"")
                .collect(Collectors.joining(",", "[", "]"));
        assertEquals("uris has more than 1000 elements; list fewer paths or cover them with a glob such as "
                + "s3://bucket/prefix/*", rejection(json));
    }

    @Test
    void exactlyTheMaximumIsAccepted() {
        String json = IntStream.range(0, 3).mapToObj(i -> "\"s3://b/t" + i + "\"").collect(Collectors.joining(",", "[", "]"));
        assertEquals(3, UrisArgument.parse(json, 3).size());
        SqlError e = assertThrows(SqlError.class, () -> UrisArgument.parse(json, 2));
        assertTrue(e.getMessage().startsWith("uris has more than 2 elements"));
    }

    @Test
    void invalidPatternElementIsReportedByTheGlobParser() {
        assertTrue(rejection("[\"s3://b/**\"]").startsWith("Invalid pattern 's3://b/**' in uris: '**'"));
    }

    @Test
    void elementWithTrailingSlashIsRejected() {
        assertTrue(rejection("[\"s3://b/dir/\"]").contains("ends with '/'"));
    }

    @Test
    void elementWithUnknownSchemeIsRejected() {
        assertTrue(rejection("[\"oss://b/x\"]").contains("unsupported scheme 'oss:'"));
    }

    @Test
    void mixedStorageSystemsAreRejected() {
        assertEquals("uris mixes s3:// and local elements ('s3://b/a', '/data/b'); one call reads from one storage "
                + "system", rejection("[\"s3://b/a\", \"/data/b\"]"));
    }
}
