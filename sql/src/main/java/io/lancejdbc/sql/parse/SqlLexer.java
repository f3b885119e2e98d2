package io.lancejdbc.sql.parse;

/** Minimal lexical helpers that respect quotes and comments. */
final class SqlLexer {
    private SqlLexer() {
    }

    /** {@code sql} without leading whitespace and comments. */
    static String stripLeadingComments(String sql) {
        int i = 0;
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (skipComment(sql, i) > i) {
                i = skipComment(sql, i);
            } else {
                break;
            }
        }
        return sql.substring(i);
    }

    /** The deepest nesting of parentheses outside string literals, quoted identifiers and comments. */
    static int maxParenthesisDepth(String sql) {
        int[] depthAndMax = new int[2];
        forEachCodeChar(sql, c -> {
            if (c == '(') {
                depthAndMax[1] = Math.max(depthAndMax[1], ++depthAndMax[0]);
            } else if (c == ')' && depthAndMax[0] > 0) {
                depthAndMax[0]--;
            }
        });
        return depthAndMax[1];
    }

    /**
     * The binary operators outside literals, quoted identifiers and comments: each of {@code + - * / % = < > | & ^}
     * counts once per character, {@code AND} and {@code OR} once per word, and a {@code +} or {@code -} right after
     * {@code (}, {@code ,} or another operator is a sign, not counted. An estimate of an expression chain's length that
     * costs one pass over the text, for refusing a chain before JSqlParser spends minutes on it.
     */
    static int binaryOperatorCount(String sql) {
        int[] state = new int[3]; // count, whether the last significant char leaves the next +/- unary, word length
        StringBuilder word = new StringBuilder(3);
        forEachCodeChar(sql, c -> {
            if (Character.isLetterOrDigit(c) || c == '_') {
                if (word.length() < 4) {
                    word.append((char) c);
                }
                state[2]++;
                return;
            }
            if (state[2] > 0) {
                if (state[2] <= 3 && (word.toString().equalsIgnoreCase("and") || word.toString().equalsIgnoreCase("or"))) {
                    state[0]++;
                    state[1] = 1;
                } else {
                    state[1] = 0;
                }
                word.setLength(0);
                state[2] = 0;
            }
            if (Character.isWhitespace(c)) {
                return;
            }
            boolean sign = (c == '+' || c == '-') && state[1] == 1;
            if ("+-*/%=<>|&^".indexOf(c) >= 0) {
                if (!sign) {
                    state[0]++;
                }
                state[1] = 1;
            } else {
                state[1] = c == '(' || c == ',' ? 1 : 0;
            }
        });
        return state[0];
    }

    /**
     * Whether every {@code (} outside literals, quoted identifiers and comments has its {@code )} and no {@code )}
     * comes before its {@code (}: a statement that fails this is no SQL in any grammar reading.
     */
    static boolean parenthesesBalanced(String sql) {
        int[] depthAndBroken = new int[2];
        forEachCodeChar(sql, c -> {
            if (c == '(') {
                depthAndBroken[0]++;
            } else if (c == ')' && --depthAndBroken[0] < 0) {
                depthAndBroken[1] = 1;
            }
        });
        return depthAndBroken[0] == 0 && depthAndBroken[1] == 0;
    }

    /** The 0-based index of a {@code /*} comment that is never closed, outside literals; -1 when there is none. */
    static int unclosedBlockComment(String sql) {
        int i = 0;
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            if (c == '\'' || c == '"' || c == '`') {
                i = skipQuoted(sql, i, c);
            } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*' && sql.indexOf("*/", i + 2) < 0) {
                return i;
            } else if (skipComment(sql, i) > i) {
                i = skipComment(sql, i);
            } else {
                i++;
            }
        }
        return -1;
    }

    /**
     * The index after the comment ({@code -- ...} up to the line end, or a block comment) that starts at {@code i};
     * {@code i} when no comment starts there, the text's length for an unclosed block comment.
     */
    static int skipComment(String sql, int i) {
        int n = sql.length();
        if (i + 1 >= n) {
            return i;
        }
        if (sql.charAt(i) == '-' && sql.charAt(i + 1) == '-') {
            int end = sql.indexOf('\n', i);
            return end < 0 ? n : end;
        }
        if (sql.charAt(i) == '/' && sql.charAt(i + 1) == '*') {
            int end = sql.indexOf("*/", i + 2);
            return end < 0 ? n : end + 2;
        }
        return i;
    }

    /** The index after the quoted text that starts with quote {@code q} at {@code start}. */
    static int skipQuoted(String sql, int start, char q) {
        int i = start + 1;
        int n = sql.length();
        while (i < n) {
            char d = sql.charAt(i++);
            if (d == q) {
                if (i < n && sql.charAt(i) == q) {
                    i++;
                } else {
                    break;
                }
            } else if (d == '\\' && q == '\'' && i < n) {
                i++;
            }
        }
        return i;
    }

    /** Number of {@code ?} markers outside string literals, quoted identifiers and comments. */
    static int countParameters(String sql) {
        int[] count = new int[1];
        forEachCodeChar(sql, c -> {
            if (c == '?') {
                count[0]++;
            }
        });
        return count[0];
    }

    /** Calls {@code code} with every character outside string literals, quoted identifiers and comments. */
    private static void forEachCodeChar(String sql, java.util.function.IntConsumer code) {
        int i = 0;
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            if (c == '\'' || c == '"' || c == '`') {
                i = skipQuoted(sql, i, c);
            } else if (skipComment(sql, i) > i) {
                i = skipComment(sql, i);
            } else {
                code.accept(c);
                i++;
            }
        }
    }

    /**
     * Stands for a {@code .} inside a backtick-quoted identifier while JSqlParser reads the statement: JSqlParser
     * 5.3 splits a single quoted table name at its dots ({@code `a.b`} becomes schema {@code a}, table {@code b}, a
     * BigQuery convention), but in our dialect, as in Doris and MySQL, {@code `a.b`} is one identifier (a Lance
     * dataset directory such as {@code events_v1.2.lance}). A private-use character cannot be typed by mistake.
     */
    static final char PROTECTED_DOT = '\uE000';

    /**
     * Stands (twice, so the text keeps its length) for a doubled backtick inside a backtick-quoted identifier
     * ({@code `we``ird`} is the identifier {@code we`ird}, as in MySQL and Doris, and what
     * {@code Statement.enquoteIdentifier} writes): JSqlParser 5.3 reads {@code `we``ird`} as two identifiers.
     */
    static final char PROTECTED_BACKTICK = '\uE001';
    private static final String PROTECTED_BACKTICKS = "" + PROTECTED_BACKTICK + PROTECTED_BACKTICK;

    /**
     * {@code sql} with every {@code .} inside a backtick-quoted identifier replaced by {@link #PROTECTED_DOT} and every
     * doubled backtick there by two {@link #PROTECTED_BACKTICK}s, the same length (so error positions stay right);
     * unchanged when the text already holds one of those characters.
     */
    static String protectDotsInBacktickIdentifiers(String sql) {
        if (sql.indexOf('`') < 0 || sql.indexOf(PROTECTED_DOT) >= 0 || sql.indexOf(PROTECTED_BACKTICK) >= 0) {
            return sql;
        }
        StringBuilder out = new StringBuilder(sql);
        int i = 0;
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            if (c == '\'' || c == '"' || c == '`') {
                i++;
                while (i < n) {
                    char d = sql.charAt(i++);
                    if (d == c) {
                        if (i < n && sql.charAt(i) == c) {
                            if (c == '`') {
                                out.setCharAt(i - 1, PROTECTED_BACKTICK);
                                out.setCharAt(i, PROTECTED_BACKTICK);
                            }
                            i++;
                        } else {
                            break;
                        }
                    } else if (d == '\\' && c == '\'' && i < n) {
                        i++;
                    } else if (d == '.' && c == '`') {
                        out.setCharAt(i - 1, PROTECTED_DOT);
                    }
                }
            } else if (skipComment(sql, i) > i) {
                i = skipComment(sql, i);
            } else {
                i++;
            }
        }
        return out.toString();
    }

    /**
     * Undoes {@link #protectDotsInBacktickIdentifiers} in a name or text taken from the parsed statement: the text is
     * then as the user wrote it, doubled backticks included (unquote it with {@link QualifiedNames}).
     */
    static String restoreDots(String text) {
        return text == null ? null : text.replace(PROTECTED_DOT, '.').replace(PROTECTED_BACKTICKS, "``");
    }

    /**
     * {@code sql} with every argument after a comma that is a parenthesized expression followed by a field access or
     * a subscript ({@code , (a[1]).x}, {@code , (a[1])[2]}) wrapped in one more pair of parentheses
     * ({@code , ((a[1]).x)}): JSqlParser 5.3 reads these postfix forms first in an argument list but refuses them after
     * a comma. The same text when there is none.
     */
    static String parenthesizePostfixArguments(String sql) {
        StringBuilder out = new StringBuilder(sql.length() + 8);
        int n = sql.length();
        int i = 0;
        char lastCode = 0;
        while (i < n) {
            char c = sql.charAt(i);
            if (c == '\'' || c == '"' || c == '`') {
                int end = skipQuoted(sql, i, c);
                out.append(sql, i, end);
                i = end;
                lastCode = c;
                continue;
            }
            int comment = skipComment(sql, i);
            if (comment > i) {
                out.append(sql, i, comment);
                i = comment;
                continue;
            }
            if (c == '(' && lastCode == ',') {
                int close = matching(sql, i, '(', ')');
                int end = close < 0 ? -1 : postfixEnd(sql, close + 1);
                if (end > close + 1) {
                    out.append('(').append(parenthesizePostfixArguments(sql.substring(i, end))).append(')');
                    i = end;
                    lastCode = ')';
                    continue;
                }
            }
            out.append(c);
            if (!Character.isWhitespace(c)) {
                lastCode = c;
            }
            i++;
        }
        return out.toString();
    }

    /** The index of the bracket that closes the one at {@code open}, outside quotes and comments; -1 if none. */
    private static int matching(String sql, int open, char opening, char closing) {
        int depth = 0;
        int i = open;
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            if (c == '\'' || c == '"' || c == '`') {
                i = skipQuoted(sql, i, c);
                continue;
            }
            int comment = skipComment(sql, i);
            if (comment > i) {
                i = comment;
                continue;
            }
            if (c == opening) {
                depth++;
            } else if (c == closing && --depth == 0) {
                return i;
            }
            i++;
        }
        return -1;
    }

    /**
     * The end of the field accesses ({@code .name}, {@code .`name`}) and subscripts ({@code [i]}) that follow
     * position {@code from} directly; {@code from} when none does.
     */
    private static int postfixEnd(String sql, int from) {
        int i = from;
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            if (c == '[') {
                int close = matching(sql, i, '[', ']');
                if (close < 0) {
                    return i;
                }
                i = close + 1;
            } else if (c == '.' && i + 1 < n && sql.charAt(i + 1) == '`') {
                i = skipQuoted(sql, i + 1, '`');
            } else if (c == '.' && i + 1 < n && Character.isJavaIdentifierStart(sql.charAt(i + 1))) {
                i++;
                while (i < n && Character.isJavaIdentifierPart(sql.charAt(i))) {
                    i++;
                }
            } else {
                return i;
            }
        }
        return i;
    }
}
