package io.lancejdbc.conformance.reliability;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The statements of issue 16 section 1, drawn from one seeded {@link Random} (the same seed gives the same
 * statements): grammar-generated queries over the demo warehouse's tables, and mutations of a seed corpus (the
 * statement forms the test suites run) by truncation, token swaps, deletions and duplications, deep nesting, huge
 * literals, odd Unicode, NUL bytes, every file TVF argument key and vector_search with bad vectors and option values.
 *
 * <p>Joins and subqueries use the small tables ({@code people} 12 rows, {@code analytics.daily_sales} 120,
 * {@code events} 725), so that a mutation that drops a join condition still finishes well inside the timeout.
 */
final class SqlFuzzer {
    /** What produced a statement (its counts are reported per kind). */
    enum Kind { GRAMMAR, MUTATION, TVF, VECTOR }

    /** A statement and, for a grammar query, the predicate it was built around (for the partitioning oracle). */
    record Statement(Kind kind, String sql, String table, String predicate) {
    }

    private record Table(String name, List<String> numeric, List<String> text, List<String> other) {
        List<String> all() {
            List<String> out = new ArrayList<>(numeric);
            out.addAll(text);
            out.addAll(other);
            return out;
        }
    }

    private static final List<Table> TABLES = List.of(
            new Table("numbers", List.of("id", "x"), List.of("label"), List.of("even", "day")),
            new Table("events", List.of("id", "user_id", "amount"), List.of("kind"), List.of("ts")),
            new Table("people", List.of("id", "age"), List.of("name"), List.of("address", "tags", "attributes")),
            new Table("analytics.daily_sales", List.of("orders", "revenue"), List.of("region"), List.of("day")),
            new Table("items", List.of("id", "price"), List.of("name", "category"), List.of("embedding")));

    private static final List<String> SEEDS = List.of(
            "SELECT count(*) FROM numbers",
            "SELECT id, x, label FROM numbers WHERE id < 10 ORDER BY id",
            "SELECT label, count(*), sum(x), avg(x), min(id), max(day) FROM numbers GROUP BY label ORDER BY label",
            "SELECT kind, sum(amount) FROM events WHERE kind IN ('view', 'purchase') GROUP BY kind HAVING count(*) > 1",
            "SELECT p.name, s.region FROM people p JOIN analytics.daily_sales s ON p.id = s.orders % 12",
            "SELECT e.user_id, p.name FROM events e LEFT JOIN people p ON e.user_id = p.id WHERE e.id < 50",
            "SELECT id, row_number() OVER (PARTITION BY label ORDER BY x DESC) FROM numbers WHERE id < 100",
            "SELECT region, revenue, lag(revenue, 1, 0) OVER (PARTITION BY region ORDER BY day) FROM analytics.daily_sales",
            "WITH t AS (SELECT user_id, count(*) c FROM events GROUP BY user_id) SELECT * FROM t WHERE c > 10",
            "SELECT name FROM people WHERE id IN (SELECT user_id FROM events WHERE kind = 'click')",
            "SELECT name, (SELECT max(age) FROM people) FROM people WHERE EXISTS (SELECT 1 FROM events WHERE user_id = people.id)",
            "SELECT id FROM numbers WHERE label LIKE 'n1%' AND NOT even UNION ALL SELECT id FROM events WHERE id < 5",
            "SELECT id FROM numbers WHERE id < 20 INTERSECT SELECT id FROM events EXCEPT SELECT id FROM people",
            "SELECT name, address.city, tags[1], attributes['team'], cardinality(tags) FROM people",
            "SELECT CAST(x AS DECIMAL(10,2)), TRY_CAST(label AS INT), x::BIGINT, CAST(day AS TIMESTAMP) FROM numbers LIMIT 5",
            "SELECT date_trunc('month', ts), extract(hour FROM ts), date_format(ts, '%Y-%m-%d') FROM events LIMIT 3",
            "SELECT CASE WHEN x > 10 THEN 'big' WHEN x IS NULL THEN 'none' ELSE 'small' END, coalesce(label, '?') FROM numbers LIMIT 7",
            "SELECT DISTINCT category FROM items ORDER BY category DESC NULLS LAST LIMIT 3 OFFSET 1",
            "SELECT l2_distance(embedding, [1,0,0,0,0,0,0,0]), cosine_distance(embedding, [0,1,0,0,0,0,0,0]) FROM items LIMIT 4",
            "SELECT id, _distance FROM vector_search(\"table\" = \"items\", \"column\" = \"embedding\", \"query_vector\" = \"[1,0,0,0,0,0,0,0]\", \"top_k\" = \"5\")",
            "SELECT * FROM vector_search(\"table\" = \"items\", \"column\" = \"embedding\", \"query_vector\" = \"[0,0,1,0,0,0,0,0]\", \"top_k\" = \"3\", \"metric\" = \"cosine\", \"filter\" = \"price > 10\", \"nprobes\" = \"2\", \"refine_factor\" = \"2\", \"use_index\" = \"true\") WHERE price < 100 ORDER BY _distance",
            "EXPLAIN SELECT id FROM numbers WHERE id > 5 AND label = 'n3' LIMIT 3",
            "SHOW TABLES", "SHOW DATABASES", "SHOW TABLES FROM analytics", "SHOW INDEX FROM items", "DESC numbers",
            "USE analytics", "SET scan.parallelism = 2", "SET query.max_memory = '64m'",
            "SELECT 1 + 2 * 3, 'a' || 'b', 10 DIV 3, 7 % 3, -(-1), NULL IS NULL, 1 <=> NULL",
            "SELECT upper(label), length(label), substring(label, 2, 1), replace(label, 'n', 'm'), lpad(label, 5, '*') FROM numbers LIMIT 2",
            "SELECT round(x, 1), floor(x), sqrt(abs(x)), power(2, 10), greatest(id, 3), least(x, 1.5) FROM numbers LIMIT 2",
            "SELECT group_concat(name SEPARATOR ','), string_agg(name, ';'), bool_and(age > 1) FROM people",
            "SELECT id, ntile(4) OVER (ORDER BY id), sum(x) OVER (ORDER BY id ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) FROM numbers WHERE id < 30");

    private static final List<String> HUGE_LITERALS = List.of("99999999999999999999999999999999999999999",
            "1e400", "-1e400", "1e-400", "18446744073709551616", "-9223372036854775809", "9223372036854775807",
            "0.000000000000000000000000000000000000000000000001", "'" + "x".repeat(100_000) + "'",
            "DATE '99999-12-31'", "TIMESTAMP '0000-01-01 00:00:00'", "DATE '2024-02-30'", "INTERVAL 999999999 YEAR",
            "CAST('NaN' AS DOUBLE)", "CAST('-Infinity' AS DOUBLE)", "-0.0", "4.9E-324", "X'DEADBEEF'",
            "[" + "1,".repeat(200) + "1]");
    private static final List<String> ODD_TEXT = List.of("\u0000", "\u202E", "\uD800", "\uDC00", "\uFEFF",
            "\u0301", "\uFF08", "\uFF09", "\uD83D\uDE00", "\u00A0", "\u2028", "\\", "'", "\"", "`", "%", "_",
            "\t", "\r\n", "/*", "*/", "--", ";", "$", "?", "??", ":name", "@x", "#", "\u0130", "\u00DF");
    private static final List<String> TOKENS = List.of("SELECT", "FROM", "WHERE", "GROUP BY", "ORDER BY", "HAVING",
            "LIMIT", "OFFSET", "JOIN", "ON", "UNION", "(", ")", ",", "*", "=", "<>", "AND", "OR", "NOT", "NULL", "IN",
            "BETWEEN", "LIKE", "CASE", "WHEN", "THEN", "END", "CAST", "AS", "OVER", "PARTITION BY", "DISTINCT",
            "EXISTS", "WITH", "vector_search", "local", "s3", "?", "[", "]", "::", "||", "DIV", "INTERVAL");
    private static final List<String> TVF_KEYS = List.of("uri", "uris", "file_path", "format", "s3.endpoint",
            "s3.access_key", "s3.secret_key", "s3.session_token", "s3.region", "use_path_style", "table", "column",
            "query_vector", "top_k", "offset", "metric", "filter", "nprobes", "refine_factor", "ef", "use_index",
            "lance.storage.client_max_retries", "version", "bogus", "", "URI", "Format");
    private static final List<String> BAD_VALUES = List.of("", " ", "-1", "0", "4294967296", "2147483648",
            "99999999999999999999", "1.5", "NaN", "inf", "true", "yes", "[]", "[1,2", "[1,2,3]", "[\"a\"]",
            "[null,0,0,0,0,0,0,0]", "[1e39,0,0,0,0,0,0,0]", "[NaN,0,0,0,0,0,0,0]", "{}", "[[1]]",
            "[0,0,0,0,0,0,0,0,0]", "l3", "HAMMING", "dot_product", "price >", "nope = 1", "1; DROP TABLE x",
            "s3://nowhere/x.lance", "/etc/passwd", "../../..", "file:///", "*", "**/*.lance", "[", "\\u0000", "lance",
            "parquet", "items", "numbers", "embedding", "id", "lance.`analytics`.daily_sales", "a.b.c.d");

    private final Random random;
    private final String localDataset;

    /**
     * @param seed the seed; the same seed gives the same sequence of statements
     * @param localDataset a dataset directory that {@code local()} may read (its TVF statements name it)
     */
    SqlFuzzer(long seed, String localDataset) {
        this.random = new Random(seed);
        this.localDataset = localDataset;
    }

    /** The seed corpus (every statement form the suites run), unmutated. */
    static List<String> seeds() {
        return SEEDS;
    }

    /** The next statement. */
    Statement next() {
        int r = random.nextInt(100);
        if (r < 35) {
            return grammar();
        }
        if (r < 80) {
            return new Statement(Kind.MUTATION, mutate(pick(SEEDS)), null, null);
        }
        if (r < 90) {
            return new Statement(Kind.TVF, tvf(), null, null);
        }
        return new Statement(Kind.VECTOR, vector(), null, null);
    }

    private Statement grammar() {
        Table t = pick(TABLES.subList(0, 4));
        String predicate = predicate(t, 0);
        StringBuilder sql = new StringBuilder("SELECT ");
        int items = 1 + random.nextInt(3);
        for (int i = 0; i < items; i++) {
            sql.append(i == 0 ? "" : ", ").append(expression(t, 0));
        }
        sql.append(" FROM ").append(t.name).append(" WHERE ").append(predicate);
        if (random.nextInt(4) == 0) {
            sql.append(" ORDER BY 1").append(random.nextBoolean() ? " DESC" : "");
        }
        if (random.nextInt(5) == 0) {
            sql.append(" LIMIT ").append(random.nextInt(20));
        }
        return new Statement(Kind.GRAMMAR, sql.toString(), t.name, predicate);
    }

    private String predicate(Table t, int depth) {
        int r = random.nextInt(depth > 2 ? 6 : 9);
        String num = pick(t.numeric);
        return switch (r) {
            case 0 -> num + " " + pick(List.of("=", "<", ">", "<=", ">=", "<>", "<=>")) + " " + numberLiteral();
            case 1 -> pick(t.text) + " " + pick(List.of("=", "<", "LIKE", "NOT LIKE", "ILIKE")) + " "
                    + textLiteral();
            case 2 -> pick(t.all()) + (random.nextBoolean() ? " IS NULL" : " IS NOT NULL");
            case 3 -> num + (random.nextBoolean() ? " BETWEEN " : " NOT BETWEEN ") + numberLiteral() + " AND "
                    + numberLiteral();
            case 4 -> num + (random.nextBoolean() ? " IN (" : " NOT IN (") + numberLiteral() + ", "
                    + (random.nextInt(4) == 0 ? "NULL" : numberLiteral()) + ")";
            case 5 -> expression(t, depth + 1) + " " + pick(List.of("=", ">", "<>")) + " " + expression(t, depth + 1);
            case 6 -> "(" + predicate(t, depth + 1) + " AND " + predicate(t, depth + 1) + ")";
            case 7 -> "(" + predicate(t, depth + 1) + " OR " + predicate(t, depth + 1) + ")";
            default -> "NOT (" + predicate(t, depth + 1) + ")";
        };
    }

    private String expression(Table t, int depth) {
        int r = random.nextInt(depth > 2 ? 3 : 10);
        return switch (r) {
            case 0 -> pick(t.all());
            case 1 -> pick(t.numeric);
            case 2 -> random.nextBoolean() ? numberLiteral() : textLiteral();
            case 3 -> expression(t, depth + 1) + " " + pick(List.of("+", "-", "*", "/", "%", "DIV")) + " "
                    + expression(t, depth + 1);
            case 4 -> pick(List.of("abs", "floor", "ceil", "sqrt", "ln", "sign", "round", "exp")) + "("
                    + pick(t.numeric) + ")";
            case 5 -> pick(List.of("upper", "lower", "length", "reverse", "trim")) + "(" + pick(t.text) + ")";
            case 6 -> "coalesce(" + pick(t.all()) + ", " + expression(t, depth + 1) + ")";
            case 7 -> "CAST(" + expression(t, depth + 1) + " AS " + pick(List.of("BIGINT", "INT", "DOUBLE",
                    "REAL", "VARCHAR", "DECIMAL(10,2)", "DECIMAL(38,10)", "DATE", "TIMESTAMP", "BOOLEAN",
                    "TINYINT", "SMALLINT")) + ")";
            case 8 -> "CASE WHEN " + predicate(t, depth + 1) + " THEN " + expression(t, depth + 1) + " ELSE "
                    + expression(t, depth + 1) + " END";
            default -> "nullif(" + pick(t.numeric) + ", " + numberLiteral() + ")";
        };
    }

    private String numberLiteral() {
        return switch (random.nextInt(8)) {
            case 0 -> Long.toString(random.nextInt(200) - 50);
            case 1 -> Integer.toString(random.nextInt(10_000));
            case 2 -> String.format(java.util.Locale.ROOT, "%.3f", random.nextDouble() * 2000 - 1000);
            case 3 -> pick(List.of("9223372036854775807", "-9223372036854775808", "2147483647", "0", "-0.0",
                    "1e308", "4.9E-324", "18446744073709551615"));
            case 4 -> "NULL";
            case 5 -> "CAST('NaN' AS DOUBLE)";
            default -> Integer.toString(random.nextInt(30));
        };
    }

    private String textLiteral() {
        return switch (random.nextInt(5)) {
            case 0 -> "'n" + random.nextInt(10) + "'";
            case 1 -> "'" + pick(List.of("view", "click", "purchase", "north", "Ada", "%", "n_", "", "\u00DF",
                    "\uD83D\uDE00", "it''s")) + "'";
            case 2 -> "'n%'";
            case 3 -> "NULL";
            default -> "'" + pick(ODD_TEXT).replace("'", "''") + "'";
        };
    }

    private String mutate(String seed) {
        String s = seed;
        int mutations = 1 + random.nextInt(3);
        for (int i = 0; i < mutations; i++) {
            s = switch (random.nextInt(11)) {
                case 0 -> s.substring(0, random.nextInt(s.length() + 1));
                case 1 -> swapTokens(s);
                case 2 -> deleteToken(s);
                case 3 -> duplicateToken(s);
                case 4 -> insertAt(s, " " + pick(TOKENS) + " ");
                case 5 -> random.nextInt(3) == 0 ? nest(s) : insertAt(s, "(");
                case 6 -> insertAt(s, " " + pick(HUGE_LITERALS) + " ");
                case 7 -> insertAt(s, pick(ODD_TEXT));
                case 8 -> s.replaceFirst("\\b\\d+\\b", pick(HUGE_LITERALS).replace("$", "\\$"));
                case 9 -> s.replaceFirst("'[^']*'", "'" + pick(ODD_TEXT).replace("\\", "\\\\").replace("$", "\\$")
                        .replace("'", "''") + "'");
                default -> s.replace(" ", random.nextBoolean() ? "\u0000" : "\n");
            };
        }
        return s;
    }

    private String nest(String s) {
        int depth = pick(List.of(3, 5, 20, 127, 129, 1000));
        int where = s.indexOf("WHERE ");
        if (where >= 0 && random.nextBoolean()) {
            int start = where + 6;
            return s.substring(0, start) + "(".repeat(depth) + s.substring(start) + ")".repeat(depth);
        }
        int levels = Math.min(depth, 12);
        return "SELECT * FROM (".repeat(levels) + s + ") q".repeat(levels);
    }

    private String tvf() {
        String fn = random.nextBoolean() ? "local" : "s3";
        List<String> args = new ArrayList<>();
        if (fn.equals("local")) {
            args.add(arg("file_path", random.nextInt(3) == 0 ? pick(BAD_VALUES) : localDataset));
        } else {
            args.add(arg(random.nextBoolean() ? "uri" : "uris", random.nextBoolean()
                    ? "s3://no-such-bucket-fuzz/t.lance" : pick(BAD_VALUES)));
        }
        args.add(arg("format", random.nextInt(4) == 0 ? pick(BAD_VALUES) : "lance"));
        int extra = random.nextInt(3);
        for (int i = 0; i < extra; i++) {
            args.add(arg(pick(TVF_KEYS), pick(BAD_VALUES)));
        }
        if (random.nextInt(5) == 0) {
            java.util.Collections.shuffle(args, random);
        }
        String call = fn + "(" + String.join(", ", args) + ")";
        return pick(List.of("SELECT count(*) FROM ", "SELECT * FROM ", "DESC FUNCTION ", "EXPLAIN SELECT id FROM "))
                + call + (random.nextInt(4) == 0 ? " WHERE id > 1" : "");
    }

    private String vector() {
        List<String> args = new ArrayList<>();
        args.add(arg("table", random.nextInt(12) == 0 ? pick(BAD_VALUES) : "items"));
        args.add(arg("column", random.nextInt(12) == 0 ? pick(BAD_VALUES) : "embedding"));
        args.add(arg("query_vector", random.nextInt(6) == 0 ? pick(BAD_VALUES) : vectorValue()));
        for (String key : List.of("top_k", "offset", "metric", "filter", "nprobes", "refine_factor", "ef",
                "use_index")) {
            if (random.nextInt(3) == 0) {
                args.add(arg(key, random.nextInt(4) == 0 ? pick(BAD_VALUES) : goodValue(key)));
            }
        }
        if (random.nextInt(6) == 0) {
            args.add(arg(pick(TVF_KEYS), pick(BAD_VALUES)));
        }
        return "SELECT id, category, _distance FROM vector_search(" + String.join(", ", args) + ")"
                + (random.nextBoolean() ? " WHERE price < 50 ORDER BY _distance, id" : "");
    }

    private String vectorValue() {
        StringBuilder v = new StringBuilder("[");
        int dim = random.nextInt(12) == 0 ? random.nextInt(12) : 8;
        for (int i = 0; i < dim; i++) {
            v.append(i == 0 ? "" : ",").append(random.nextInt(10) == 0 ? pick(List.of("1e38", "-1e38", "0.0",
                    "1e-45", "3.4028235e38")) : String.format(java.util.Locale.ROOT, "%.2f", random.nextDouble()));
        }
        return v.append(']').toString();
    }

    private String goodValue(String key) {
        return switch (key) {
            case "top_k" -> Integer.toString(1 + random.nextInt(50));
            case "offset" -> Integer.toString(random.nextInt(5));
            case "metric" -> pick(List.of("l2", "cosine", "dot", "dot_product"));
            case "filter" -> pick(List.of("price > 10", "category = 'books'", "id < 1100", "price IS NULL"));
            case "use_index" -> random.nextBoolean() ? "true" : "false";
            default -> Integer.toString(1 + random.nextInt(8));
        };
    }

    private String arg(String key, String value) {
        String quote = random.nextInt(8) == 0 ? "'" : "\"";
        String v = value.replace(quote, quote + quote);
        return "\"" + key + "\" = " + quote + v + quote;
    }

    private String swapTokens(String s) {
        String[] t = s.split(" ");
        if (t.length < 2) {
            return s;
        }
        int a = random.nextInt(t.length);
        int b = random.nextInt(t.length);
        String x = t[a];
        t[a] = t[b];
        t[b] = x;
        return String.join(" ", t);
    }

    private String deleteToken(String s) {
        List<String> t = new ArrayList<>(List.of(s.split(" ")));
        if (t.size() > 1) {
            t.remove(random.nextInt(t.size()));
        }
        return String.join(" ", t);
    }

    private String duplicateToken(String s) {
        List<String> t = new ArrayList<>(List.of(s.split(" ")));
        int i = random.nextInt(t.size());
        t.add(i, t.get(i));
        return String.join(" ", t);
    }

    private String insertAt(String s, String what) {
        int at = random.nextInt(s.length() + 1);
        return s.substring(0, at) + what + s.substring(at);
    }

    private <T> T pick(List<T> from) {
        return from.get(random.nextInt(from.size()));
    }
}
