package io.lancejdbc.sql.parse;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.expression.operators.relational.EqualsTo;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.parser.ParseException;
import net.sf.jsqlparser.parser.Token;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.ExplainStatement;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.TableFunction;

/**
 * Parses one SQL statement of our dialect. Queries go through JSqlParser; the catalog commands JSqlParser does not
 * accept in the forms users type ({@code SHOW TABLES FROM cat.db}, {@code SHOW INDEX FROM a.b.c}, {@code DESC
 * FUNCTION s3(...)}) are recognised here first (jsqlparser notes, 2026-11-29).
 */
public final class SqlParser {
    private static final String NAME = "((?:`(?:[^`]|``)*`|\"(?:[^\"]|\"\")*\"|[^\\s`\";]+)"
            + "(?:\\s*\\.\\s*(?:`(?:[^`]|``)*`|\"(?:[^\"]|\"\")*\"|[^\\s`\".;]+))*)";
    private static final Pattern SHOW_DATABASES =
            Pattern.compile("(?is)SHOW\\s+(?:DATABASES|SCHEMAS)(?:\\s+(?:FROM|IN)\\s+" + NAME + ")?");
    private static final Pattern SHOW_TABLES =
            Pattern.compile("(?is)SHOW\\s+(?:FULL\\s+)?TABLES(?:\\s+(?:FROM|IN)\\s+" + NAME + ")?");
    private static final Pattern SHOW_INDEX =
            Pattern.compile("(?is)SHOW\\s+(?:INDEX|INDEXES|KEYS)\\s+(?:FROM|IN)\\s+" + NAME);
    private static final Pattern SHOW_VERSIONS =
            Pattern.compile("(?is)SHOW\\s+(VERSIONS|TAGS)\\s+(?:FROM|IN)\\s+" + NAME);
    private static final Pattern DESC_FUNCTION = Pattern.compile("(?is)DESC(?:RIBE)?\\s+FUNCTION\\s+(.+)");
    private static final Pattern DESC = Pattern.compile("(?is)DESC(?:RIBE)?\\s+(?:TABLE\\s+)?" + NAME);
    private static final Pattern USE = Pattern.compile("(?is)USE\\s+" + NAME);
    private static final Pattern SET = Pattern.compile(
            "(?is)SET\\s+(?:SESSION\\s+)?(?:@@(?:session\\.)?)?([A-Za-z_][A-Za-z0-9_.]*)\\s*(?:=|TO)\\s*(.+)");
    private static final Pattern EXPLAIN = Pattern.compile("(?is)EXPLAIN\\s+(?:PLAN\\s+FOR\\s+)?(.+)");
    private static final Pattern EXPLAIN_ANALYZE = Pattern.compile("(?is)EXPLAIN\\s+ANALYZE\\s+(.+)");

    /**
     * Prefix of a table-function argument value that is a {@code ?} parameter: the marker is followed by the
     * 1-based parameter index. A NUL character cannot occur in SQL text a user types into an argument value.
     */
    public static final String PARAMETER_MARKER = "\u0000?";

    /**
     * Deepest parenthesis nesting accepted. JSqlParser's simple mode parses 150 levels in about 0.5 s on two cores
     * and overflows the stack of a default thread at a few thousand; no hand-written query comes near this.
     */
    static final int MAX_PARENTHESIS_DEPTH = 128;

    /**
     * Most binary operators ({@link SqlLexer#binaryOperatorCount}) one statement may hold. JSqlParser 5.3 reads a
     * 10,000-term chain in well under its budget on two idle cores, but once a budget runs out on a longer one its
     * error report rescans every lookahead at every token: a 20,000-term {@code + 1} chain then took 15 minutes on a
     * loaded machine. A longer chain is refused before parsing; {@code IN (...)} lists have no operators.
     */
    static final int MAX_BINARY_OPERATORS = 10_000;

    /**
     * Time simple mode may take before the parser's {@code interrupted} flag turns its lookahead alternatives off
     * (see {@code parseWithJsqlParser}): a valid statement parses in milliseconds; refusing one with a syntax error
     * deep inside parentheses can take minutes without it.
     */
    static final long SIMPLE_PARSE_BUDGET_MILLIS = 1_000;

    /** Time complex mode may take after simple mode refused a statement (see {@code parseWithJsqlParser}). */
    static final long COMPLEX_PARSE_BUDGET_MILLIS = 3_000;

    private static final java.util.concurrent.ScheduledExecutorService PARSE_DEADLINES =
            java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "lance-jdbc-parse-deadline");
                t.setDaemon(true);
                return t;
            });

    private SqlParser() {
    }

    /**
     * Parses {@code sql}.
     *
     * @throws SqlError {@link java.sql.SQLSyntaxErrorException}-class 42000 with the 1-based position for syntax
     *     errors; 25006 for statements that would write (the driver is read-only, see {@link WriteStatementGuard})
     */
    public static ParsedStatement parse(String sql) {
        if (sql == null) {
            throw new SqlError(SqlState.SYNTAX_ERROR, "SQL text is null");
        }
        String text = stripTrailing(sql);
        if (text.isBlank()) {
            throw new SqlError(SqlState.SYNTAX_ERROR, "Empty SQL statement");
        }
        String body = SqlLexer.stripLeadingComments(text);
        if (body.isBlank()) {
            throw new SqlError(SqlState.SYNTAX_ERROR, "The SQL statement holds only comments; write a statement after"
                    + " them");
        }
        WriteStatementGuard.check(text);
        Matcher m;
        if ((m = SHOW_DATABASES.matcher(body)).matches()) {
            return new ParsedStatement.ShowDatabases();
        }
        if ((m = SHOW_TABLES.matcher(body)).matches()) {
            return new ParsedStatement.ShowTables(m.group(1) == null ? List.of() : QualifiedNames.split(m.group(1)));
        }
        if ((m = SHOW_INDEX.matcher(body)).matches()) {
            return new ParsedStatement.ShowIndex(QualifiedNames.split(m.group(1)));
        }
        if ((m = SHOW_VERSIONS.matcher(body)).matches()) {
            // SHOW VERSIONS FROM t is SELECT * FROM versions("table" = 't') ORDER BY version; SHOW TAGS likewise.
            boolean versions = m.group(1).equalsIgnoreCase("VERSIONS");
            String query = "SELECT * FROM " + (versions ? "versions" : "tags") + "(\"table\" = '"
                    + m.group(2).replace("'", "''") + "') ORDER BY " + (versions ? "version" : "tag");
            return new ParsedStatement.Query((Select) parseWithJsqlParser(query, -1), false, 0);
        }
        if ((m = DESC_FUNCTION.matcher(body)).matches()) {
            return describeFunction(m.group(1));
        }
        if ((m = DESC.matcher(body)).matches()) {
            return new ParsedStatement.Describe(QualifiedNames.split(m.group(1)));
        }
        if ((m = USE.matcher(body)).matches()) {
            return new ParsedStatement.Use(QualifiedNames.split(m.group(1)));
        }
        if ((m = SET.matcher(body)).matches()) {
            String value = m.group(2).trim();
            if (value.length() >= 2 && (value.startsWith("'") && value.endsWith("'")
                    || value.startsWith("\"") && value.endsWith("\""))) {
                value = value.substring(1, value.length() - 1);
            }
            return new ParsedStatement.SetVariable(m.group(1).toLowerCase(Locale.ROOT), value);
        }
        boolean explain = false;
        boolean analyze = false;
        String queryText = text;
        if ((m = EXPLAIN_ANALYZE.matcher(body)).matches()) {
            explain = true;
            analyze = true;
            queryText = m.group(1);
        } else if ((m = EXPLAIN.matcher(body)).matches()) {
            explain = true;
            queryText = m.group(1);
        }
        int offset = explain ? sql.indexOf(queryText) : 0;
        String countedText = queryText;
        queryText = TimeTravelRewriter.rewrite(queryText);
        Statement st = parseWithJsqlParser(queryText, offset);
        if (st instanceof ExplainStatement) {
            st = ((ExplainStatement) st).getStatement();
            explain = true;
        }
        if (!(st instanceof Select)) {
            throw new SqlError(isWrite(st) ? SqlState.READ_ONLY_TRANSACTION : SqlState.UNSUPPORTED_SQL,
                    unsupportedStatement(st, explain));
        }
        return new ParsedStatement.Query((Select) st, explain, SqlLexer.countParameters(countedText), analyze);
    }

    /** Why a statement JSqlParser understands does not run: writes are refused as such, anything else by kind. */
    private static String unsupportedStatement(Statement st, boolean explain) {
        String kind = st.getClass().getSimpleName().replaceFirst("Statement$", "")
                .replaceAll("([a-z])([A-Z])", "$1 $2").toUpperCase(Locale.ROOT);
        if (isWrite(st)) {
            return "lance-jdbc is read-only: " + kind + " statements are not supported; use SELECT, SHOW, DESC,"
                    + " EXPLAIN, USE or SET";
        }
        if (explain) {
            return "EXPLAIN " + kind + " is not supported: EXPLAIN takes a SELECT (or WITH ...) query";
        }
        return kind + " statements are not supported; lance-jdbc runs SELECT, WITH, SHOW DATABASES, SHOW TABLES,"
                + " SHOW INDEX, DESC, EXPLAIN, USE and SET (see docs/sql-reference.md)";
    }

    /** A data- or schema-changing statement (refused with 25006, read-only SQL transaction). */
    private static boolean isWrite(Statement st) {
        return st instanceof net.sf.jsqlparser.statement.insert.Insert
                || st instanceof net.sf.jsqlparser.statement.update.Update
                || st instanceof net.sf.jsqlparser.statement.delete.Delete
                || st instanceof net.sf.jsqlparser.statement.merge.Merge
                || st instanceof net.sf.jsqlparser.statement.truncate.Truncate
                || st instanceof net.sf.jsqlparser.statement.drop.Drop
                || st instanceof net.sf.jsqlparser.statement.alter.Alter
                || st.getClass().getPackageName().startsWith("net.sf.jsqlparser.statement.create");
    }

    private static ParsedStatement describeFunction(String call) {
        Statement st = parseWithJsqlParser("SELECT * FROM " + call, -"SELECT * FROM ".length());
        if (!(st instanceof PlainSelect) || !(((PlainSelect) st).getFromItem() instanceof TableFunction)) {
            throw new SqlError(SqlState.SYNTAX_ERROR, "DESC FUNCTION expects a table function call, e.g."
                    + " DESC FUNCTION local(\"file_path\" = \"/data/t.lance\", \"format\" = \"lance\")");
        }
        Function f = ((TableFunction) ((PlainSelect) st).getFromItem()).getFunction();
        return new ParsedStatement.DescribeFunction(f.getName().toLowerCase(Locale.ROOT), namedArguments(f));
    }

    /**
     * The {@code "key" = "value"} arguments of a table function call, keys lower-cased.
     *
     * @throws SqlError 42000 for an argument that is not {@code key = value} with literal sides, or a duplicate key
     */
    public static Map<String, String> namedArguments(Function f) {
        Map<String, String> out = new LinkedHashMap<>();
        if (f.getParameters() == null) {
            return out;
        }
        String fn = f.getName().toLowerCase(Locale.ROOT);
        for (Object o : f.getParameters()) {
            if (!(o instanceof EqualsTo)) {
                throw new SqlError(SqlState.SYNTAX_ERROR, "Arguments of " + fn + "() must be written as \"key\" ="
                        + " \"value\", got: " + o);
            }
            EqualsTo eq = (EqualsTo) o;
            String key = literalText(eq.getLeftExpression(), fn).toLowerCase(Locale.ROOT);
            String value = literalText(eq.getRightExpression(), fn);
            if (out.containsKey(key)) {
                throw new SqlError(SqlState.SYNTAX_ERROR, "Duplicate " + fn + "() property '" + key + "'");
            }
            out.put(key, value);
        }
        return out;
    }

    private static String literalText(Expression e, String fn) {
        if (e instanceof StringValue) {
            return ((StringValue) e).getValue().replace("''", "'");
        }
        if (e instanceof Column) {
            Column c = (Column) e;
            String full = SqlLexer.restoreDots(c.getFullyQualifiedName());
            if (full.length() >= 2 && full.startsWith("\"") && full.endsWith("\"")) {
                return full.substring(1, full.length() - 1).replace("\"\"", "\"");
            }
            return full;
        }
        if (e instanceof net.sf.jsqlparser.expression.JdbcParameter) {
            Integer idx = ((net.sf.jsqlparser.expression.JdbcParameter) e).getIndex();
            return PARAMETER_MARKER + (idx == null ? 1 : idx);
        }
        if (e instanceof net.sf.jsqlparser.expression.LongValue
                || e instanceof net.sf.jsqlparser.expression.DoubleValue) {
            return e.toString();
        }
        throw new SqlError(SqlState.SYNTAX_ERROR, "Argument values of " + fn + "() must be quoted strings, got: " + e);
    }

    private static Statement parseWithJsqlParser(String text, int offset) {
        int comment = SqlLexer.unclosedBlockComment(text);
        if (comment >= 0) {
            // JSqlParser reads an unclosed /* as a '/' operator and a '*', and reports whatever that leads to.
            int position = comment + 1 + Math.max(offset, 0);
            throw new SqlError(SqlState.SYNTAX_ERROR, "Syntax error at position " + position + ": the comment"
                    + " that starts with /* is not closed; end it with */", position, null);
        }
        int depth = SqlLexer.maxParenthesisDepth(text);
        if (depth > MAX_PARENTHESIS_DEPTH) {
            throw tooComplex("parentheses are nested " + depth + " deep (at most " + MAX_PARENTHESIS_DEPTH + ")");
        }
        int operators = SqlLexer.binaryOperatorCount(text);
        if (operators > MAX_BINARY_OPERATORS) {
            throw tooComplex("it has " + operators + " operators (at most " + MAX_BINARY_OPERATORS + ")");
        }
        try {
            // Simple mode first, as CCJSqlParserUtil.parse does: JSqlParser 5.3's complex mode backtracks
            // exponentially in the nesting depth (ten nested parentheses in a WHERE clause took over 5 s, fifteen
            // never finished), and it rejects some plain calls, e.g. substring(concat(a, b), 2, 3), that simple
            // mode accepts. Complex mode reads the few forms simple mode refuses, under a time budget.
            // Simple mode runs under a budget too: refusing a syntax error inside nested parentheses backtracks
            // through every reading of each level (40 levels took 12 s, 127 minutes; found by SqlFuzzTest).
            java.util.concurrent.atomic.AtomicBoolean simpleGaveUp = new java.util.concurrent.atomic.AtomicBoolean();
            try {
                Statement st = parseOnce(text, false, simpleGaveUp, SIMPLE_PARSE_BUDGET_MILLIS);
                return st;
            } catch (ParseException e) {
                if (simpleGaveUp.get()) {
                    throw tooComplex("the parser gave up after " + SIMPLE_PARSE_BUDGET_MILLIS + " ms ("
                            + syntaxError(text, offset, e).getMessage() + " in the quick reading)");
                }
                throw e;
            }
        } catch (ParseException e) {
            String wrapped = SqlLexer.parenthesizePostfixArguments(text);
            if (!wrapped.equals(text)) {
                try {
                    return parseOnce(wrapped, false, new java.util.concurrent.atomic.AtomicBoolean(),
                            SIMPLE_PARSE_BUDGET_MILLIS);
                } catch (ParseException | RuntimeException notThat) {
                    e.addSuppressed(notThat);
                }
            }
            if (!SqlLexer.parenthesesBalanced(text) || endsTooEarly(e)) {
                // No reading parses unbalanced parentheses or a statement that stops too early, and complex mode
                // spends its whole budget finding that out (3 s for "WHERE ((", then 54001): a truncated
                // statement is a plain syntax error at once.
                throw syntaxError(text, offset, e);
            }
            java.util.concurrent.atomic.AtomicBoolean gaveUp = new java.util.concurrent.atomic.AtomicBoolean();
            try {
                return parseOnce(text, true, gaveUp, COMPLEX_PARSE_BUDGET_MILLIS);
            } catch (ParseException | RuntimeException retry) {
                if (gaveUp.get()) {
                    throw tooComplex("the parser gave up after " + COMPLEX_PARSE_BUDGET_MILLIS / 1000 + " s ("
                            + syntaxError(text, offset, e).getMessage() + " in the simple reading)");
                }
                e.addSuppressed(retry);
                throw syntaxError(text, offset, e);
            } catch (StackOverflowError overflow) {
                throw tooComplex("it is nested too deeply for the parser");
            }
        } catch (net.sf.jsqlparser.parser.TokenMgrException e) {
            String m = firstLine(e.getMessage());
            if (m.contains("<EOF>")) {
                throw new SqlError(SqlState.SYNTAX_ERROR, "Syntax error: a quoted string or identifier is not closed"
                        + " (check ' , \" and ` pairs)", text.length(), e);
            }
            throw new SqlError(SqlState.SYNTAX_ERROR, "Syntax error: unexpected character ("
                    + m.replaceFirst("^Lexical error at ", "") + ")", -1, e);
        } catch (StackOverflowError e) {
            throw tooComplex("it is nested too deeply for the parser");
        } catch (SqlError e) {
            throw e;
        } catch (RuntimeException e) {
            // JSqlParser reports some grammar failures as unchecked exceptions.
            throw new SqlError(SqlState.SYNTAX_ERROR, "Syntax error: " + firstLine(e.getMessage()), -1, e);
        }
    }

    private static SqlError tooComplex(String why) {
        return new SqlError(SqlState.STATEMENT_TOO_COMPLEX, "The statement is too complex: " + why + "; simplify"
                + " it, e.g. drop redundant parentheses, use IN (...) instead of a long OR chain, or split it with a"
                + " WITH clause");
    }

    /**
     * @param gaveUp when not null, complex mode runs under {@link #COMPLEX_PARSE_BUDGET_MILLIS}: at the deadline
     *     the parser's {@code interrupted} flag turns its complex alternatives off (the hook CCJSqlParserUtil's own
     *     time-out uses), so that it fails soon after; {@code gaveUp} then says so
     */
    private static Statement parseOnce(String text, boolean complex,
            java.util.concurrent.atomic.AtomicBoolean gaveUp, long budgetMillis) throws ParseException {
        // The parser runs on the calling thread: CCJSqlParserUtil.parse would start an executor thread per call.
        net.sf.jsqlparser.parser.CCJSqlParser parser = CCJSqlParserUtil.newParser(
                        SqlLexer.protectDotsInBacktickIdentifiers(text))
                .withSquareBracketQuotation(false).withAllowComplexParsing(complex);
        java.util.concurrent.ScheduledFuture<?> deadline = PARSE_DEADLINES.schedule(() -> {
            gaveUp.set(true);
            parser.interrupted = true;
        }, budgetMillis, java.util.concurrent.TimeUnit.MILLISECONDS);
        try {
            return requireEnd(parser, parser.Statement());
        } finally {
            deadline.cancel(false);
        }
    }

    /** Whether the parser failed at the end of the text (the statement stops too early). */
    private static boolean endsTooEarly(ParseException e) {
        Token current = e.currentToken;
        return current != null && current.next != null && current.next.kind == 0;
    }

    /**
     * JSqlParser's {@code Statement()} stops at a {@code ;} and leaves the rest unread: {@code SELECT 1; SELECT 2}
     * would run the first statement alone and drop the second without a word.
     */
    private static Statement requireEnd(net.sf.jsqlparser.parser.CCJSqlParser parser, Statement st)
            throws ParseException {
        Token next = parser.getToken(1);
        if (next.kind == net.sf.jsqlparser.parser.CCJSqlParserConstants.EOF) {
            return st;
        }
        if (next.image.equals(";") || parser.getToken(0).image.equals(";")) {
            throw new SqlError(SqlState.SYNTAX_ERROR, "Only one statement can run per execute call, but the text"
                    + " continues after the ';' at line " + next.beginLine + ", column " + next.beginColumn + "; run"
                    + " each statement with its own execute call");
        }
        ParseException e = new ParseException("Unexpected text after the statement");
        e.currentToken = parser.getToken(0);
        throw e;
    }

    /** A table function call whose first argument key is not quoted: {@code vector_search(table = ...}. */
    private static final Pattern UNQUOTED_TVF_KEY = Pattern.compile(
            "(?i)\\b(vector_search|s3|local)\\s*\\(\\s*[A-Za-z_][A-Za-z_0-9]*\\s*=");

    private static SqlError syntaxError(String text, int offset, ParseException e) {
        Throwable cause = e;
        int position = -1;
        String near = null;
        if (cause instanceof ParseException && ((ParseException) cause).currentToken != null) {
            Token t = ((ParseException) cause).currentToken.next != null
                    ? ((ParseException) cause).currentToken.next : ((ParseException) cause).currentToken;
            position = offsetOf(text, t.beginLine, t.beginColumn);
            near = SqlLexer.restoreDots(t.image);
            if (t.kind == 0 || position < 0) {
                // End of input: the statement stops too early.
                position = text.length();
                near = null;
            }
        }
        String msg;
        if (position > 0) {
            msg = "Syntax error at position " + (position + Math.max(offset, 0))
                    + (near != null && !near.isEmpty() ? " near '" + near + "'" : " at end of statement");
        } else {
            msg = "Syntax error: " + firstLine(e.getMessage());
        }
        if (UNQUOTED_TVF_KEY.matcher(text).find()) {
            msg += "; the arguments of vector_search(), s3() and local() are written \"key\" = \"value\", with the key"
                    + " in double quotes";
        }
        return new SqlError(SqlState.SYNTAX_ERROR, msg, position > 0 ? position + Math.max(offset, 0) : -1, e);
    }

    private static int offsetOf(String text, int line, int column) {
        if (line <= 0 || column <= 0) {
            return -1;
        }
        int pos = 0;
        int l = 1;
        while (l < line && pos < text.length()) {
            if (text.charAt(pos) == '\n') {
                l++;
            }
            pos++;
        }
        return pos + column;
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "unknown";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    private static String stripTrailing(String sql) {
        String s = sql.strip();
        while (s.endsWith(";")) {
            s = s.substring(0, s.length() - 1).strip();
        }
        return s;
    }
}
