package io.lancejdbc.sql.parse;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;

/**
 * Checks a Lance SQL condition that a table function hands to lance-core as written (the {@code "filter"} argument
 * of {@code vector_search} and the full-text functions, docs/vector-search.md): lance-core 7.0.0 reads only as much
 * of the text as forms a condition and ignores the rest, and evaluates the condition recursively on a native stack
 * that a chain of about 1,500 ORs overflows, killing the JVM. One pass over the text, outside string literals,
 * quoted identifiers and comments.
 */
public final class LanceFilterText {
    /** The most binary operators (AND, OR, comparisons, arithmetic) a handed-over condition may hold. */
    public static final int MAX_OPERATORS = 512;
    /** The deepest nesting of parentheses a handed-over condition may have. */
    public static final int MAX_PARENTHESIS_DEPTH = 64;

    private LanceFilterText() {
    }

    /**
     * @param argument the argument's name, for the message ({@code filter})
     * @param text the condition as the user wrote it
     * @throws SqlError 42000 when the text cannot be one condition (unbalanced parentheses, a {@code ;}), 54001 when
     *     it is longer or deeper than lance-core can evaluate safely
     */
    public static void check(String argument, String text) {
        if (!SqlLexer.parenthesesBalanced(text)) {
            throw new SqlError(SqlState.SYNTAX_ERROR, "'" + argument + "' is not one condition: its parentheses do"
                    + " not pair up");
        }
        if (SqlLexer.hasCodeChar(text, ';')) {
            throw new SqlError(SqlState.SYNTAX_ERROR, "'" + argument + "' is not one condition: it contains ';'");
        }
        int depth = SqlLexer.maxParenthesisDepth(text);
        if (depth > MAX_PARENTHESIS_DEPTH) {
            throw new SqlError(SqlState.STATEMENT_TOO_COMPLEX, "'" + argument + "' nests parentheses " + depth
                    + " deep; lance-core evaluates at most " + MAX_PARENTHESIS_DEPTH + " levels safely");
        }
        int operators = SqlLexer.binaryOperatorCount(text);
        if (operators > MAX_OPERATORS) {
            throw new SqlError(SqlState.STATEMENT_TOO_COMPLEX, "'" + argument + "' has " + operators
                    + " operators; lance-core evaluates at most " + MAX_OPERATORS + " safely: write a list of"
                    + " values as col IN (v1, v2, ...)");
        }
    }
}
