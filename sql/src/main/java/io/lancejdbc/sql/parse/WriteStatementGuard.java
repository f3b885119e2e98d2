package io.lancejdbc.sql.parse;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.util.Locale;
import java.util.Set;

/**
 * Rejects statements that would change data or schema before they are parsed: lance-jdbc is a read-only
 * driver (the Doris Lance Catalog is read-only too), so INSERT, UPDATE, DELETE, DDL and CALL fail with SQLState
 * 25006 (read-only SQL transaction; not 0A000, which connection pools read as a broken connection) whatever form
 * they take, also those JSqlParser cannot parse ({@code (DROP TABLE t)}, {@code REVOKE}, {@code VACUUM}, a
 * malformed INSERT). Only the first keyword is looked at, after blanks, comments and opening parentheses. Part of the engine, not the driver, so that every
 * client of the engine gets this answer.
 */
final class WriteStatementGuard {
    private static final Set<String> WRITES = Set.of("INSERT", "UPDATE", "DELETE", "MERGE", "UPSERT", "REPLACE",
            "CREATE", "DROP", "ALTER", "TRUNCATE", "RENAME", "GRANT", "REVOKE", "CALL", "COPY", "LOAD", "COMMENT",
            "OPTIMIZE", "VACUUM");

    private WriteStatementGuard() {
    }

    /** @throws SqlError 25006 when {@code sql} starts with a data- or schema-changing keyword */
    static void check(String sql) {
        String keyword = firstKeyword(sql);
        if (WRITES.contains(keyword)) {
            throw new SqlError(SqlState.READ_ONLY_TRANSACTION, "lance-jdbc is read-only: " + keyword
                    + " statements are not supported (only SELECT, WITH, SHOW, DESC, EXPLAIN, USE and SET run)");
        }
    }

    /** The first word of the statement in upper case, or "" when there is none. */
    static String firstKeyword(String sql) {
        int i = 0;
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            if (Character.isWhitespace(c) || c == '(') {
                i++;
            } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
                while (i < n && sql.charAt(i) != '\n') {
                    i++;
                }
            } else if (c == '#') {
                while (i < n && sql.charAt(i) != '\n') {
                    i++;
                }
            } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
                int end = sql.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
            } else {
                break;
            }
        }
        int start = i;
        while (i < n && Character.isLetter(sql.charAt(i))) {
            i++;
        }
        return sql.substring(start, i).toUpperCase(Locale.ROOT);
    }
}
