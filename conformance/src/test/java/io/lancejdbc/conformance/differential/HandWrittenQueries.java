package io.lancejdbc.conformance.differential;

import static io.lancejdbc.conformance.differential.DiffQuery.ordered;
import static io.lancejdbc.conformance.differential.DiffQuery.q;

import java.util.ArrayList;
import java.util.List;

/**
 * The hand-written queries of the differential suite, by area of the SQL reference. Each names the edge it checks
 * in its name; {@code duck(...)} gives DuckDB's spelling of the same question, {@code documented(Dn, ...)} the DuckDB
 * query that expresses a documented difference (docs/dialect-differences.md).
 */
final class HandWrittenQueries {
    /** DuckDB's spelling of D16 for tm_ns: the nanosecond time at microseconds, rounded toward the past. */
    private static final String TM_NS = "(TIME '00:00:00' + to_microseconds(epoch_ns(tm_ns) // 1000))";
    /** DuckDB's spelling of D16 for ts_ns (epoch_ns may be negative: the remainder is taken positive). */
    private static final String TS_NS = "make_timestamp((epoch_ns(ts_ns) - ((epoch_ns(ts_ns) % 1000) + 1000) % 1000) // 1000)";

    private HandWrittenQueries() {
    }

    /**
     * D11 in DuckDB's terms: TRUE when {@code list} holds {@code x}, else NULL when it holds a NULL element, else
     * FALSE (NULL for a NULL list).
     */
    private static String arrayContains(String list, String x) {
        return "CASE WHEN " + list + " IS NULL THEN NULL WHEN list_contains(" + list + ", " + x + ") THEN true WHEN"
                + " list_has_any(list_transform(" + list + ", e -> e IS NULL), [true]) THEN NULL ELSE false END";
    }

    static List<DiffQuery> all() {
        List<DiffQuery> out = new ArrayList<>();
        out.addAll(scans());
        out.addAll(aggregates());
        out.addAll(arithmetic());
        out.addAll(strings());
        out.addAll(conditionals());
        out.addAll(casts());
        out.addAll(temporal());
        out.addAll(ordering());
        out.addAll(joins());
        out.addAll(subqueries());
        out.addAll(setOperations());
        out.addAll(windows());
        out.addAll(nested());
        out.addAll(floats());
        out.addAll(predicates());
        out.addAll(refusals());
        return out;
    }

    static List<DiffQuery> scans() {
        return List.of(
                ordered("scan num all columns", "SELECT * FROM t_num ORDER BY id"),
                ordered("scan str all columns", "SELECT * FROM t_str ORDER BY id"),
                ordered("scan time all columns", "SELECT * FROM t_time ORDER BY id"),
                ordered("scan nest all columns", "SELECT * FROM t_nest ORDER BY id"),
                ordered("scan nest all columns but list of vectors", "SELECT * EXCEPT (pts) FROM t_nest ORDER BY id")
                        .duck("SELECT * EXCLUDE (pts) FROM t_nest ORDER BY id"),
                ordered("scan rule values", "SELECT * FROM t_gen ORDER BY id"),
                q("scan join tables", "SELECT * FROM t_l"),
                q("scan right table", "SELECT * FROM t_r"),
                q("scan empty table", "SELECT * FROM t_empty").emptyByDesign(),
                q("count star empty", "SELECT count(*) FROM t_empty"),
                q("count star num", "SELECT count(*) FROM t_num"),
                q("projection reorder", "SELECT u64, id, g2 FROM t_num"),
                q("select expression aliases", "SELECT id AS a, i32 + 1 AS b, g2 AS c FROM t_num")
                        .documented("D2", "SELECT id AS a, i32::BIGINT + 1 AS b, g2 AS c FROM t_num"),
                q("select constant", "SELECT 1, 'x', NULL, 2.5, TRUE FROM t_l"),
                q("select without from", "SELECT 1 + 2, 'a' || 'b', 7 DIV 2, -7 DIV 2").duck("SELECT 1 + 2, 'a' || 'b', 7 // 2, -7 // 2"),
                q("select star except", "SELECT * EXCEPT (f32, f64, fx, d38) FROM t_num").duck("SELECT * EXCLUDE (f32, f64, fx, d38) FROM t_num"),
                q("qualified star", "SELECT l.*, r.w FROM t_l l JOIN t_r r ON l.k = r.k"),
                q("distinct single column", "SELECT DISTINCT g FROM t_num"),
                q("distinct several columns", "SELECT DISTINCT g, g2 FROM t_num"),
                q("distinct expression", "SELECT DISTINCT i8 % 5 FROM t_num"),
                q("distinct empty", "SELECT DISTINCT g FROM t_empty").emptyByDesign(),
                q("distinct all null column", "SELECT DISTINCT allnull FROM t_num"),
                q("distinct text unicode", "SELECT DISTINCT s FROM t_str"),
                q("distinct dates", "SELECT DISTINCT d FROM t_time"),
                q("distinct timestamps", "SELECT DISTINCT ts_s FROM t_time"),
                q("distinct lists", "SELECT DISTINCT tags FROM t_nest"),
                q("distinct structs", "SELECT DISTINCT st FROM t_nest"),
                q("limit without order count", "SELECT count(*) FROM (SELECT id FROM t_num LIMIT 17) t"),
                q("offset without order count", "SELECT count(*) FROM (SELECT id FROM t_num LIMIT 500 OFFSET 230) t"));
    }

    static List<DiffQuery> aggregates() {
        return List.of(
                q("aggregates over integers", "SELECT count(*), count(g), count(DISTINCT g), sum(i32), avg(i32), min(i32), max(i32) FROM t_num"),
                q("aggregates per group", "SELECT g, count(*), sum(i64), avg(f64), min(g2), max(g2) FROM t_num GROUP BY g"),
                q("aggregates over uint64 beyond int64", "SELECT sum(u64), avg(u64), min(u64), max(u64) FROM t_num"),
                q("aggregates over unsigned", "SELECT sum(u8), sum(u16), sum(u32), avg(u8), min(u16), max(u32) FROM t_num"),
                q("aggregates over signed widths", "SELECT sum(i8), sum(i16), min(i8), max(i16), avg(i16) FROM t_num"),
                q("aggregates over decimal 38", "SELECT sum(d38), avg(d38), min(d38), max(d38), sum(d10), avg(d10) FROM t_num"),
                q("aggregates over special floats", "SELECT sum(fx), min(fx), max(fx), avg(fx), count(fx) FROM t_num"),
                q("aggregates over real", "SELECT sum(f32), avg(f32), min(f32), max(f32) FROM t_num"),
                q("statistics", "SELECT stddev(f64), stddev_samp(i32), stddev_pop(i32), variance(i16), var_samp(i16), var_pop(i16) FROM t_num"),
                q("statistics per group", "SELECT g, stddev(f64), var_pop(i32), var_samp(d10) FROM t_num GROUP BY g"),
                q("statistics one row groups", "SELECT id, stddev_samp(i32), var_samp(i32), stddev_pop(i32) FROM t_num WHERE id < 10 GROUP BY id"),
                q("std alias", "SELECT std(i32) FROM t_num").duck("SELECT stddev_pop(i32) FROM t_num"),
                q("bool aggregates", "SELECT bool_and(b), bool_or(b) FROM t_num"),
                q("bool aggregates per group", "SELECT g, bool_and(b), bool_or(b), every(b) FROM t_num GROUP BY g")
                        .duck("SELECT g, bool_and(b), bool_or(b), bool_and(b) FROM t_num GROUP BY g"),
                q("aggregates over nulls only", "SELECT sum(sparse), avg(sparse), count(sparse), min(allnull), sum(allnull), count(allnull) FROM t_num"),
                q("aggregates over empty table", "SELECT count(*), sum(i32), avg(f64), min(s), max(d38), count(DISTINCT g) FROM t_empty"),
                q("group by over empty table", "SELECT g, count(*) FROM t_empty GROUP BY g").emptyByDesign(),
                q("group by with empty filter", "SELECT g, count(*), sum(i32) FROM t_num WHERE id < 0 GROUP BY g").emptyByDesign(),
                q("aggregate with empty filter", "SELECT count(*), sum(i32), max(g2), avg(d38) FROM t_num WHERE id < 0"),
                q("having over empty groups", "SELECT g, sum(i32) FROM t_num WHERE id < 0 GROUP BY g HAVING count(*) >= 0").emptyByDesign(),
                q("having without group by false", "SELECT count(*) FROM t_num HAVING count(*) > 1000").emptyByDesign(),
                q("having without group by true", "SELECT sum(i32) FROM t_num HAVING sum(i32) IS NOT NULL"),
                q("distinct aggregates", "SELECT count(DISTINCT g2), sum(DISTINCT g), avg(DISTINCT g), count(DISTINCT i8), min(DISTINCT i16), max(DISTINCT u8) FROM t_num"),
                q("distinct aggregates per group", "SELECT g, count(DISTINCT i8), sum(DISTINCT u8), avg(DISTINCT u8) FROM t_num GROUP BY g"),
                q("count distinct several", "SELECT count(DISTINCT k, ks) FROM t_l")
                        .duck("SELECT count(DISTINCT CASE WHEN k IS NOT NULL AND ks IS NOT NULL THEN (k, ks) END) FROM t_l"),
                q("distinct statistics", "SELECT stddev(DISTINCT g), var_pop(DISTINCT i8) FROM t_num"),
                q("group concat single values", "SELECT id, group_concat(g2) FROM t_num WHERE id < 30 GROUP BY id")
                        .duck("SELECT id, string_agg(g2, ',') FROM t_num WHERE id < 30 GROUP BY id"),
                q("group concat separator", "SELECT group_concat(cat SEPARATOR '|') FROM t_str WHERE id = 3")
                        .duck("SELECT string_agg(cat, '|') FROM t_str WHERE id = 3"),
                q("string agg lengths", "SELECT cat, length(string_agg(s2, ';')) FROM t_str GROUP BY cat"),
                q("string agg null group", "SELECT string_agg(s, ',') FROM t_str WHERE s IS NULL"),
                q("any value is a member", "SELECT g, any_value(g2) IN ('a', 'b', 'c') OR any_value(g2) IS NULL FROM t_num GROUP BY g"),
                q("group by expression", "SELECT i8 % 3, count(*) FROM t_num GROUP BY i8 % 3"),
                q("group by alias", "SELECT i8 % 3 AS m, count(*) FROM t_num GROUP BY m"),
                q("group by ordinal", "SELECT g2, g, count(*) FROM t_num GROUP BY 1, 2"),
                q("group by two text and int", "SELECT g2, b, count(*), sum(i16) FROM t_num GROUP BY g2, b"),
                q("group by bool", "SELECT b, count(*), avg(f64) FROM t_num GROUP BY b"),
                q("group by decimal", "SELECT d10 > 0, count(*), sum(d10) FROM t_num GROUP BY d10 > 0"),
                q("group by date", "SELECT d, count(*) FROM t_time GROUP BY d"),
                q("group by timestamp", "SELECT ts_s, count(*) FROM t_time GROUP BY ts_s"),
                q("group by zoned timestamp", "SELECT tsz, count(*) FROM t_time GROUP BY tsz"),
                q("group by unsigned", "SELECT u8 % 7, count(*), max(u64) FROM t_num GROUP BY u8 % 7"),
                q("group by all null", "SELECT allnull, count(*) FROM t_num GROUP BY allnull"),
                q("having with aggregate not selected", "SELECT g FROM t_num GROUP BY g HAVING max(i32) > 500000 AND min(i8) < 0"),
                q("having on alias expression", "SELECT g, sum(i16) AS s FROM t_num GROUP BY g HAVING sum(i16) > 0"),
                q("aggregate of expression", "SELECT sum(i32 * 2 + 1), avg(abs(i8)), max(length(g2)) FROM t_num")
                        .documented("D2", "SELECT sum(i32::BIGINT * 2 + 1), avg(abs(i8::BIGINT)), max(length(g2)) FROM t_num"),
                q("expression of aggregates", "SELECT g, sum(i32) / count(*), max(i8) - min(i8) FROM t_num GROUP BY g")
                        .documented("D2", "SELECT g, sum(i32) / count(*), max(i8)::BIGINT - min(i8) FROM t_num GROUP BY g"),
                q("nested aggregate in case", "SELECT g, CASE WHEN count(*) > 45 THEN 'big' ELSE 'small' END FROM t_num GROUP BY g"),
                q("sum of bool cast", "SELECT sum(CAST(b AS INT)), count(CASE WHEN b THEN 1 END) FROM t_num"));
    }

    static List<DiffQuery> arithmetic() {
        return List.of(
                ordered("integer operators", "SELECT i8 + i16, i32 * 2, i64 - i32, i32 / 7, i32 % 7, -i8 FROM t_num ORDER BY id")
                        .documented("D2", "SELECT i8::BIGINT + i16, i32::BIGINT * 2, i64 - i32, i32 / 7, i32 % 7, -i8::BIGINT FROM t_num ORDER BY id"),
                ordered("integer division", "SELECT i32 DIV 7, i32 DIV -7, i64 DIV 1000, -7 DIV 2 FROM t_num ORDER BY id")
                        .duck("SELECT i32 // 7, i32 // -7, i64 // 1000, -7 // 2 FROM t_num ORDER BY id"),
                ordered("integer division of non integers", "SELECT f64 DIV 3, d10 DIV 3, i32 DIV 2.5 FROM t_num ORDER BY id")
                        .duck("SELECT trunc(f64 / 3)::BIGINT, trunc(d10 / 3)::BIGINT, trunc(i32 / 2.5)::BIGINT FROM t_num ORDER BY id"),
                ordered("float and decimal operators", "SELECT f64 / 3, f64 + i32, d10 * 2, d10 + 1, d38 / 3, d10 - d10 FROM t_num ORDER BY id"),
                ordered("unsigned operators", "SELECT u8 + u16, u16 - u8, u32 + 1, u64 + 1 FROM t_num ORDER BY id")
                        .documented("D2", "SELECT u8::BIGINT + u16, u16::BIGINT - u8, u32::BIGINT + 1, u64::HUGEINT + 1 FROM t_num ORDER BY id"),
                ordered("widening integer products", "SELECT i32 * i32, u32 * 2, i8 * i8 * i8 FROM t_num ORDER BY id")
                        .documented("D2", "SELECT i32::BIGINT * i32, u32::BIGINT * 2, i8::BIGINT * i8 * i8 FROM t_num ORDER BY id"),
                ordered("real arithmetic in double", "SELECT f32 * 2, f32 / 1000, exp(f32 / 1000), f32 + 0.1 FROM t_num ORDER BY id")
                        .documented("D4", "SELECT f32::DOUBLE * 2, f32::DOUBLE / 1000, exp(f32::DOUBLE / 1000), f32::DOUBLE + 0.1 FROM t_num ORDER BY id"),
                ordered("mixed exact and decimal", "SELECT i32 + 0.5, i64 * 1.5, d10 * d10, d38 * 1000, i8 - d10 FROM t_num ORDER BY id"),
                ordered("math functions", "SELECT abs(i32), ceil(f64), floor(f64), round(f64), round(f64, 2), sign(i32), sign(f64) FROM t_num ORDER BY id")
                        .documented("D2", "SELECT abs(i32::BIGINT), ceil(f64), floor(f64), round(f64), round(f64, 2), sign(i32), sign(f64) FROM t_num ORDER BY id"),
                ordered("transcendental functions", "SELECT sqrt(abs(f64)), ln(abs(f64) + 1), log10(abs(f64) + 1), log2(abs(f64) + 1), power(f32, 2), exp(i8 / 50) FROM t_num ORDER BY id"),
                ordered("log with base", "SELECT log(2, abs(i32) + 1), log(abs(f64) + 1), cbrt(f64) FROM t_num ORDER BY id")
                        .documented("D2", "SELECT log(2, abs(i32::BIGINT) + 1), ln(abs(f64) + 1), cbrt(f64) FROM t_num ORDER BY id"),
                ordered("trigonometry", "SELECT mod(i32, 7), mod(i32, -7), pi(), sin(f64), cos(f64), tan(f64), degrees(f64), radians(f64) FROM t_num ORDER BY id"),
                ordered("inverse trigonometry", "SELECT asin(i8 / 128), acos(i8 / 128), atan(f64), atan2(i8, i16) FROM t_num ORDER BY id"),
                ordered("greatest and least", "SELECT greatest(i8, i16, i32), least(i8, i16, i32), greatest(f64, i32), least(d10, i8) FROM t_num ORDER BY id"),
                q("greatest with nulls and types", "SELECT greatest(1, NULL), least(1, NULL), greatest('a', 'b'), greatest(1, 2.5), coalesce(NULL, 1, 2.5), coalesce(NULL, 'x')"),
                ordered("decimal rounding", "SELECT round(d10, 1), round(d38, 2), ceil(d10), floor(d10), abs(d38), round(d10, -2) FROM t_num ORDER BY id"),
                // DuckDB 1.5 rounds an INTEGER in INTEGER and wraps around: round(-2147483648, -3) = 2147483296.
                ordered("rounding to tens", "SELECT round(f64, -2), round(i32, -3), round(d38, -2) FROM t_num ORDER BY id")
                        .documented("D2", "SELECT round(f64, -2), round(i32::BIGINT, -3), round(d38, -2) FROM t_num ORDER BY id"),
                q("rounding halves", "SELECT round(2.5), round(-2.5), round(0.125, 2), round(2.5::DOUBLE), round(-0.5::DOUBLE), round(1.005, 2)"),
                ordered("power and sqrt of decimals", "SELECT power(d10, 2), sqrt(abs(d10)) FROM t_num ORDER BY id"),
                ordered("modulo signs", "SELECT i32 % 7, i32 % -7, -i32 % 7, mod(f64, 3), d10 % 3 FROM t_num ORDER BY id")
                        .documented("D2", "SELECT i32 % 7, i32 % -7, -i32::BIGINT % 7, mod(f64, 3), d10 % 3 FROM t_num ORDER BY id"),
                ordered("unary minus of widths", "SELECT -i8, -i16, -u8, -u32, -d38, -f32 FROM t_num ORDER BY id")
                        .documented("D2", "SELECT -i8::BIGINT, -i16::BIGINT, -u8::BIGINT, -u32::BIGINT, -d38, -f32 FROM t_num ORDER BY id"),
                ordered("negation of small uint64", "SELECT -u64 FROM t_num WHERE u64 < 1000000000000 ORDER BY id")
                        .documented("D2", "SELECT -u64::BIGINT FROM t_num WHERE u64 < 1000000000000 ORDER BY id"),
                q("negation of uint64 beyond bigint", "SELECT -u64 FROM t_num")
                        .documented("D2", "SELECT -(u64::HUGEINT) FROM t_num"),
                DiffQuery.failing("integer overflow is an error", "SELECT 9223372036854775807 + 1", "22003"),
                DiffQuery.failing("bigint minimum negation overflows", "SELECT -(-9223372036854775807 - 1)", "22003"),
                DiffQuery.failing("bigint product overflow", "SELECT sum(i64 * 100000000) FROM t_num", "22003")
                        .duck("SELECT CAST(sum(CAST(i64::HUGEINT * 100000000 AS BIGINT)) AS BIGINT) FROM t_num"));
    }

    static List<DiffQuery> strings() {
        return List.of(
                ordered("case mapping", "SELECT id, upper(s), lower(s), length(s), char_length(s) FROM t_str ORDER BY id")
                        .documented("D6", "SELECT id, s, s, length(s), length(s) FROM t_str ORDER BY id", null, DocumentedRules.UPPER,
                                DocumentedRules.LOWER, null, null),
                ordered("length of case mapping", "SELECT id, length(upper(s)), upper(s) = s, lower(upper(s)) FROM t_str ORDER BY id")
                        .documented("D6", "SELECT id, s, s, s FROM t_str ORDER BY id", null, DocumentedRules.LENGTH_OF_UPPER,
                                DocumentedRules.UPPER_UNCHANGED, DocumentedRules.LOWER_OF_UPPER),
                q("case mapping literals", "SELECT upper('größe'), lower('ΑΒΓ'), length('😀'), upper('straße'), lower('İ'), ucase('abc'), lcase('ABC')")
                        .documented("D6", "SELECT 'größe', 'ΑΒΓ', length('😀'), 'straße', 'İ', 'abc', 'ABC'", DocumentedRules.UPPER,
                                DocumentedRules.LOWER, null, DocumentedRules.UPPER, DocumentedRules.LOWER, DocumentedRules.UPPER,
                                DocumentedRules.LOWER),
                ordered("concatenation", "SELECT id, concat(s, '-', cat), s || cat, concat(s, NULL), concat(n, s) FROM t_str ORDER BY id")
                        .duck("SELECT id, concat(s, '-', cat), s || cat, concat(s, NULL), concat(n, s) FROM t_str ORDER BY id"),
                ordered("substring forms", "SELECT id, substring(s, 2, 3), substr(s, 2), substring(s, -3, 2), substring(s, 0, 2), substring(s, -3), substring(s, -30, 2), substring(s, 3, 0), substring(s FROM 2 FOR 2), substring(s FROM 3), substring(s, -7, 3) FROM t_str ORDER BY id")
                        .duck("SELECT id, substring(s, 2, 3), substr(s, 2), substring(s, -3, 2), substring(s, 0, 2), substring(s, -3), substring(s, -30, 2), substring(s, 3, 0), substring(s, 2, 2), substring(s, 3), substring(s, -7, 3) FROM t_str ORDER BY id"),
                ordered("trimming and replace", "SELECT id, trim(s), ltrim(s), rtrim(s), replace(s, 'a', 'A'), replace(s, '', 'x') FROM t_str ORDER BY id"),
                ordered("reverse code points", "SELECT id, reverse(s) FROM t_str ORDER BY id")
                        .documented("D7", "SELECT id, s FROM t_str ORDER BY id", null, DocumentedRules.REVERSE),
                ordered("split part", "SELECT id, split_part(s2, '-', 1), split_part(s2, '-', 2), split_part(s2, '_', 3), split_part(s, ' ', 2) FROM t_str ORDER BY id"),
                ordered("prefix suffix position", "SELECT id, starts_with(s, 'e'), ends_with(s, 'e'), position('e' IN s), strpos(s, 'e'), instr(s, 'e'), position('' IN s) FROM t_str ORDER BY id")
                        .duck("SELECT id, starts_with(s, 'e'), ends_with(s, 'e'), position('e' IN s), strpos(s, 'e'), instr(s, 'e'), position('' IN s) FROM t_str ORDER BY id"),
                ordered("left right repeat pad", "SELECT id, left(s, 3), right(s, 3), repeat(cat, 2), lpad(cat, 6, '*'), rpad(cat, 6, '*'), lpad(cat, 2, '*'), rpad(s, 4, 'ab') FROM t_str ORDER BY id"),
                ordered("like patterns", "SELECT id, s LIKE '%e%', s LIKE '_____', s NOT LIKE '%a%', s ILIKE '%E%', s2 LIKE 'key-_' FROM t_str ORDER BY id"),
                q("like filter", "SELECT id FROM t_str WHERE s LIKE '%e%'"),
                q("like underscore filter", "SELECT id FROM t_str WHERE s LIKE '_____'"),
                q("ilike filter", "SELECT id FROM t_str WHERE s ILIKE '%E%'"),
                q("ilike greek", "SELECT id FROM t_str WHERE s ILIKE 'ΕΛΛ%'"),
                q("not like filter", "SELECT id FROM t_str WHERE s NOT LIKE '%a%'"),
                q("like with default backslash escape", "SELECT id FROM t_str WHERE s2 LIKE 'KEY\\%%'")
                        .documented("D5", "SELECT id FROM t_str WHERE s2 LIKE 'KEY\\%%' ESCAPE '\\'"),
                q("like escaped underscore", "SELECT id FROM t_str WHERE s2 LIKE 'Key\\_%'")
                        .documented("D5", "SELECT id FROM t_str WHERE s2 LIKE 'Key\\_%' ESCAPE '\\'"),
                q("like explicit escape", "SELECT id FROM t_str WHERE s2 LIKE 'Key!_%' ESCAPE '!'"),
                q("like percent literal", "SELECT id FROM t_str WHERE s LIKE '%\\%%'")
                        .documented("D5", "SELECT id FROM t_str WHERE s LIKE '%\\%%' ESCAPE '\\'"),
                q("regexp", "SELECT id FROM t_str WHERE s REGEXP '^[a-z]+$'")
                        .duck("SELECT id FROM t_str WHERE regexp_matches(s, '^[a-z]+$')"),
                q("rlike and regexp like", "SELECT id, s RLIKE 'e.', regexp_like(s, '^[A-Z]') FROM t_str")
                        .duck("SELECT id, regexp_matches(s, 'e.'), regexp_matches(s, '^[A-Z]') FROM t_str"),
                q("text comparisons", "SELECT id, s = 'école', s < 'b', s > 'Z', s >= s2 FROM t_str"),
                q("text min max per group", "SELECT cat, count(*), min(s), max(s), min(s2) FROM t_str GROUP BY cat"),
                q("text group by", "SELECT s, count(*) FROM t_str GROUP BY s"),
                q("text distinct", "SELECT DISTINCT cat FROM t_str"),
                q("empty string is not null", "SELECT id, s = '', s IS NULL, length(s) FROM t_str WHERE s = '' OR s IS NULL"),
                q("string functions on nulls", "SELECT upper(NULL), length(NULL), substring(NULL, 1, 2), concat(NULL, NULL), replace(NULL, 'a', 'b')")
                        .duck("SELECT upper(NULL), length(NULL), substring(NULL, 1, 2), concat(NULL, NULL), replace(NULL, 'a', 'b')"),
                q("length of unicode", "SELECT length('😀 smile'), length('e\u0301cole'), length('日本語'), length('')"));
    }

    static List<DiffQuery> conditionals() {
        return List.of(
                ordered("case searched text", "SELECT id, CASE WHEN n > 20 THEN 'a' WHEN n > 10 THEN 'b' ELSE 'c' END FROM t_str ORDER BY id"),
                ordered("case simple", "SELECT id, CASE cat WHEN 'red' THEN 1 WHEN 'blue' THEN 2 END FROM t_str ORDER BY id"),
                ordered("case with column results", "SELECT id, CASE WHEN n > 20 THEN s WHEN n > 10 THEN s2 END FROM t_str ORDER BY id"),
                ordered("case guarded division", "SELECT id, CASE WHEN n = 0 THEN NULL ELSE 100 / n END FROM t_str ORDER BY id"),
                ordered("case mixed numeric types", "SELECT id, CASE WHEN g = 1 THEN i8 WHEN g = 2 THEN f64 ELSE d10 END FROM t_num ORDER BY id"),
                ordered("case without else on dates", "SELECT id, CASE WHEN g = 1 THEN d END, CASE WHEN g = 2 THEN ts END FROM t_time ORDER BY id"),
                ordered("coalesce ifnull nullif if", "SELECT id, coalesce(s, s2, 'none'), nullif(cat, 'red'), ifnull(s, 'x'), if(n > 10, 'big', 'small'), nvl(n, -1) FROM t_str ORDER BY id")
                        .duck("SELECT id, coalesce(s, s2, 'none'), nullif(cat, 'red'), ifnull(s, 'x'), if(n > 10, 'big', 'small'), coalesce(n, -1) FROM t_str ORDER BY id"),
                ordered("coalesce numeric widening", "SELECT id, coalesce(i8, i16, i32, i64), coalesce(sparse, u64), coalesce(f32, d10) FROM t_num ORDER BY id"),
                ordered("nullif numbers", "SELECT id, nullif(g, 0), nullif(i8 % 2, 0), nullif(f64, f64) FROM t_num ORDER BY id"),
                ordered("if with null condition", "SELECT id, if(b, 'yes', 'no'), if(g > 2, g, NULL) FROM t_num ORDER BY id"),
                ordered("case on all types", "SELECT id, CASE WHEN id % 2 = 0 THEN lst END, CASE WHEN id % 3 = 0 THEN st END, CASE WHEN id % 2 = 1 THEN tags ELSE ['z'] END FROM t_nest ORDER BY id"));
    }

    static List<DiffQuery> casts() {
        return List.of(
                ordered("casts to text", "SELECT id, CAST(n AS VARCHAR), CAST(s2 AS VARCHAR), CAST(n AS DOUBLE), CAST(n AS BIGINT) FROM t_str ORDER BY id"),
                ordered("temporal casts to text", "SELECT id, CAST(ts AS VARCHAR), CAST(d AS VARCHAR), CAST(ts_ms AS VARCHAR), CAST(ts_s AS VARCHAR), CAST(d64 AS VARCHAR), CAST(tm AS VARCHAR), CAST(tm_ms AS VARCHAR) FROM t_time ORDER BY id"),
                ordered("zoned timestamp to text", "SELECT id, CAST(tsz AS VARCHAR), CAST(tsz_ms AS VARCHAR), CAST(tsz_ny AS VARCHAR) FROM t_time ORDER BY id")
                        .documented("D13", "SELECT id, tsz, tsz_ms, tsz_ny FROM t_time ORDER BY id", null,
                                DocumentedRules.zonedTimestampText("UTC"), DocumentedRules.zonedTimestampText("UTC"),
                                DocumentedRules.zonedTimestampText(DiffTables.NEW_YORK)),
                ordered("numbers to text", "SELECT id, CAST(f64 AS VARCHAR), CAST(f32 AS VARCHAR), CAST(d38 AS VARCHAR), CAST(b AS VARCHAR), CAST(u64 AS VARCHAR), CAST(i8 AS TEXT), CAST(fx32 AS VARCHAR), CAST(f16 AS VARCHAR), CAST(d76 AS VARCHAR) FROM t_num ORDER BY id")
                        .documented("D12", "SELECT id, f64, f32, CAST(d38 AS VARCHAR), CAST(b AS VARCHAR), CAST(u64 AS VARCHAR), CAST(i8 AS TEXT), fx32, f16, CAST(d76 AS VARCHAR) FROM t_num ORDER BY id",
                                null, DocumentedRules.DOUBLE_TEXT, DocumentedRules.REAL_TEXT, null, null, null, null, DocumentedRules.REAL_TEXT,
                                DocumentedRules.REAL_TEXT, null),
                ordered("special floats to text", "SELECT id, CAST(fx AS VARCHAR) FROM t_num WHERE id % 9 = 0 ORDER BY id")
                        .documented("D12", "SELECT id, fx FROM t_num WHERE id % 9 = 0 ORDER BY id", null, DocumentedRules.DOUBLE_TEXT),
                q("large floats to text", "SELECT CAST(1e20 AS VARCHAR), CAST(1.5e-7 AS VARCHAR), CAST(123456789012.5 AS DOUBLE)::VARCHAR")
                        .documented("D12", "SELECT 1e20::DOUBLE, 1.5e-7::DOUBLE, 123456789012.5::DOUBLE", DocumentedRules.DOUBLE_TEXT,
                                DocumentedRules.DOUBLE_TEXT, DocumentedRules.DOUBLE_TEXT),
                ordered("float to integer casts", "SELECT id, CAST(f64 AS INT), CAST(f32 AS BIGINT), CAST(d10 AS INT), CAST(i32 AS BIGINT) FROM t_num WHERE f64 IS NOT NULL ORDER BY id")
                        .documented("D10", "SELECT id, CAST(round(f64) AS INT), CAST(round(f32) AS BIGINT), CAST(d10 AS INT), CAST(i32 AS BIGINT) FROM t_num WHERE f64 IS NOT NULL ORDER BY id"),
                ordered("float halves to integer", "SELECT id, TRY_CAST(fx AS INT) FROM t_num ORDER BY id")
                        .documented("D10", "SELECT id, TRY_CAST(CASE WHEN fx - trunc(fx) IN (0.5, -0.5) THEN fx + sign(fx) * 0.5 ELSE fx END AS INT) FROM t_num ORDER BY id"),
                ordered("try casts narrowing", "SELECT id, TRY_CAST(f64 AS INT), TRY_CAST(i32 AS SMALLINT), TRY_CAST(i32 AS TINYINT), TRY_CAST(u64 AS BIGINT), TRY_CAST(d10 AS DECIMAL(5,1)) FROM t_num ORDER BY id"),
                ordered("try casts from text", "SELECT id, TRY_CAST(s2 AS INT), TRY_CAST(s AS DATE), TRY_CAST(s AS DOUBLE), TRY_CAST(n AS TINYINT) FROM t_str ORDER BY id"),
                ordered("decimal casts", "SELECT id, CAST(i32 AS DECIMAL(12,2)), CAST(f64 AS DECIMAL(12,3)), CAST(d38 AS DOUBLE), CAST(d10 AS DECIMAL(12,1)), CAST(d76 AS DECIMAL(38,4)) FROM t_num ORDER BY id"),
                ordered("bool casts", "SELECT id, CAST(b AS INT), CAST(i8 AS BOOLEAN), CAST('true' AS BOOLEAN), CAST('1.5' AS DOUBLE), CAST(' 42 ' AS INT) FROM t_num ORDER BY id"),
                ordered("double colon cast", "SELECT id, i8::BIGINT, f32::DOUBLE, g2::VARCHAR FROM t_num ORDER BY id"),
                q("text to temporal casts", "SELECT CAST('2024-03-10 02:30:00' AS TIMESTAMP), CAST('1969-07-20' AS DATE), TIMESTAMP '1900-01-01 00:00:00.123456', DATE '0001-01-01'"),
                DiffQuery.failing("bad cast to int", "SELECT CAST('abc' AS INT)", "22018"),
                DiffQuery.failing("out of range cast", "SELECT CAST(300 AS TINYINT)", "22003"),
                DiffQuery.failing("bad date cast", "SELECT CAST('2024-02-30' AS DATE)", "22007"),
                DiffQuery.failing("float out of bigint range", "SELECT CAST(1e20 AS BIGINT)", "22003"),
                DiffQuery.failing("decimal precision overflow cast", "SELECT CAST(d10 AS DECIMAL(5,1)) FROM t_num", "22003"),
                q("decimal halves", "SELECT CAST(2.5 AS INT), CAST(-2.5 AS INT), CAST(3.5 AS INT), CAST(1.25 AS DECIMAL(3,1)), CAST(-1.25 AS DECIMAL(3,1))"));
    }

    static List<DiffQuery> temporal() {
        return List.of(
                ordered("date parts", "SELECT id, d, year(d), month(d), day(d), quarter(d), dayofyear(d), dayofmonth(d) FROM t_time ORDER BY id"),
                ordered("day of week sunday one", "SELECT id, dayofweek(d), dayofweek(ts), extract(dayofweek FROM d) FROM t_time ORDER BY id")
                        .documented("D17", "SELECT id, dayofweek(d) + 1, dayofweek(ts) + 1, dayofweek(d) + 1 FROM t_time ORDER BY id"),
                ordered("day of week sunday zero", "SELECT id, extract(dow FROM d), extract(dow FROM ts) FROM t_time ORDER BY id"),
                ordered("sunday-first week", "SELECT id, week(d), week(ts) FROM t_time ORDER BY id")
                        .documented("D17", "SELECT id, CAST(strftime(d, '%U') AS BIGINT), CAST(strftime(ts, '%U') AS BIGINT) FROM t_time ORDER BY id"),
                ordered("iso week", "SELECT id, weekofyear(d), extract(week FROM d), extract(week FROM ts) FROM t_time ORDER BY id"),
                ordered("extract from naive timestamp", "SELECT id, extract(year FROM ts), extract(month FROM ts), extract(day FROM ts), extract(hour FROM ts), extract(minute FROM ts), extract(second FROM ts) FROM t_time ORDER BY id"),
                ordered("parts of zoned timestamp", "SELECT id, hour(tsz), minute(tsz), extract(hour FROM tsz), year(tsz), day(tsz) FROM t_time ORDER BY id"),
                ordered("parts of millisecond timestamps", "SELECT id, hour(ts_ms), second(ts_ms), minute(ts_s) FROM t_time ORDER BY id"),
                ordered("date trunc timestamps", "SELECT id, date_trunc('month', ts), date_trunc('hour', ts), date_trunc('day', tsz), date_trunc('week', ts), date_trunc('quarter', ts), date_trunc('minute', ts_ms), date_trunc('second', ts) FROM t_time ORDER BY id"),
                ordered("date trunc of dates", "SELECT id, date_trunc('year', d), date_trunc('month', d), date_trunc('week', d) FROM t_time ORDER BY id")
                        .documented("D8", "SELECT id, CAST(date_trunc('year', d) AS DATE), CAST(date_trunc('month', d) AS DATE), CAST(date_trunc('week', d) AS DATE) FROM t_time ORDER BY id"),
                ordered("interval arithmetic", "SELECT id, date_add(d, INTERVAL 1 MONTH), date_sub(d, INTERVAL 10 DAY), d + INTERVAL 1 YEAR, ts + INTERVAL 90 MINUTE, ts - INTERVAL 1 SECOND, tsz + INTERVAL 1 HOUR FROM t_time ORDER BY id")
                        .documented("D15", "SELECT id, CAST(d + INTERVAL 1 MONTH AS DATE), CAST(d - INTERVAL 10 DAY AS DATE), CAST(d + INTERVAL 1 YEAR AS DATE), ts + INTERVAL 90 MINUTE, ts - INTERVAL 1 SECOND, tsz + INTERVAL 1 HOUR FROM t_time ORDER BY id"),
                ordered("month arithmetic at month ends", "SELECT id, d + INTERVAL 1 MONTH, d - INTERVAL 1 MONTH, d + INTERVAL 1 QUARTER, d + INTERVAL 2 WEEK FROM t_time ORDER BY id")
                        .documented("D15", "SELECT id, CAST(d + INTERVAL 1 MONTH AS DATE), CAST(d - INTERVAL 1 MONTH AS DATE), CAST(d + INTERVAL 1 QUARTER AS DATE), CAST(d + INTERVAL 2 WEEK AS DATE) FROM t_time ORDER BY id"),
                ordered("timestamp interval units", "SELECT id, ts + INTERVAL 1 DAY, ts + INTERVAL 3 HOUR, ts_ms + INTERVAL 500 MILLISECOND, ts + INTERVAL 7 MICROSECOND FROM t_time ORDER BY id")
                        .duck("SELECT id, ts + INTERVAL 1 DAY, ts + INTERVAL 3 HOUR, ts_ms + INTERVAL 500 MILLISECOND, ts + INTERVAL 7 MICROSECOND FROM t_time ORDER BY id"),
                ordered("day arithmetic and datediff", "SELECT id, d + 1, d - 30, datediff(d, DATE '2000-01-01'), datediff(ts, d) FROM t_time ORDER BY id")
                        .duck("SELECT id, d + 1, d - 30, datediff('day', DATE '2000-01-01', d), datediff('day', d, ts::DATE) FROM t_time ORDER BY id"),
                ordered("date minus date", "SELECT id, d - DATE '1970-01-01' FROM t_time ORDER BY id"),
                ordered("date format", "SELECT id, date_format(ts, '%Y-%m-%d %H:%i:%s'), date_format(d, '%Y/%m/%d'), date_format(ts, '%b %e %a %j') FROM t_time ORDER BY id")
                        .duck("SELECT id, strftime(ts, '%Y-%m-%d %H:%M:%S'), strftime(d, '%Y/%m/%d'), strftime(ts, '%b %-d %a %j') FROM t_time ORDER BY id"),
                ordered("unix timestamp", "SELECT id, unix_timestamp(ts), unix_timestamp(tsz), unix_timestamp(d) FROM t_time ORDER BY id")
                        .duck("SELECT id, floor(epoch(ts))::BIGINT, floor(epoch(tsz))::BIGINT, epoch(d::TIMESTAMP)::BIGINT FROM t_time ORDER BY id"),
                ordered("date of timestamps", "SELECT id, date(ts), to_date(ts), CAST(ts AS DATE), CAST(d AS TIMESTAMP), CAST(tsz AS DATE) FROM t_time ORDER BY id")
                        .duck("SELECT id, CAST(ts AS DATE), CAST(ts AS DATE), CAST(ts AS DATE), CAST(d AS TIMESTAMP), CAST(tsz AS DATE) FROM t_time ORDER BY id"),
                ordered("zoned and naive casts", "SELECT id, CAST(tsz AS TIMESTAMP), CAST(ts AS TIMESTAMPTZ) FROM t_time ORDER BY id"),
                q("timestamps before 1970", "SELECT id FROM t_time WHERE ts < TIMESTAMP '1970-01-01 00:00:00'"),
                q("nonexistent wall clock range", "SELECT id FROM t_time WHERE ts BETWEEN TIMESTAMP '2024-03-10 02:00:00' AND TIMESTAMP '2024-03-10 03:00:00'"),
                q("ambiguous wall clock range", "SELECT id, ts FROM t_time WHERE ts >= TIMESTAMP '2024-11-03 01:00:00' AND ts < TIMESTAMP '2024-11-03 02:00:00'"),
                q("zoned range in utc", "SELECT id FROM t_time WHERE tsz >= TIMESTAMP '2024-03-10 07:00:00' AND tsz < TIMESTAMP '2024-03-10 08:00:00'")
                        .duck("SELECT id FROM t_time WHERE tsz >= TIMESTAMPTZ '2024-03-10 07:00:00+00' AND tsz < TIMESTAMPTZ '2024-03-10 08:00:00+00'"),
                q("zoned literal with offset", "SELECT id FROM t_time WHERE tsz < TIMESTAMP '1970-01-01 00:00:00+05:00'")
                        .duck("SELECT id FROM t_time WHERE tsz < TIMESTAMPTZ '1970-01-01 00:00:00+05:00'"),
                q("dates before epoch", "SELECT id FROM t_time WHERE d < DATE '1970-01-01'"),
                q("date compared with text", "SELECT id FROM t_time WHERE d = '2000-02-29'"),
                q("timestamp compared with text", "SELECT id FROM t_time WHERE ts > '2024-01-01'"),
                q("temporal min max per group", "SELECT g, min(ts), max(ts), min(d), max(d), min(tsz), max(tsz), count(DISTINCT d) FROM t_time GROUP BY g"),
                q("temporal group by truncated", "SELECT year(d) AS y, count(*) FROM t_time GROUP BY y"),
                q("mixed precision timestamp equality", "SELECT id, ts, ts_ms, ts_s FROM t_time WHERE ts = ts_ms"),
                q("date and timestamp comparisons", "SELECT id, ts = ts_s, ts_ms < ts_s, d = ts, d < ts FROM t_time"),
                ordered("nanosecond columns read at microseconds", "SELECT id, tm_ns, ts_ns, tm_ns = tm, ts_ns = ts, CAST(ts_ns AS VARCHAR), CAST(tm_ns AS VARCHAR) FROM t_time ORDER BY id")
                        .documented("D16", "SELECT id, tm_ns, ts_ns, " + TM_NS + " = tm, " + TS_NS + " = ts, CAST(" + TS_NS + " AS VARCHAR), CAST(" + TM_NS + " AS VARCHAR) FROM t_time ORDER BY id"),
                q("nanosecond times join at microseconds", "SELECT a.id, b.id FROM t_time a JOIN t_time b ON a.tm_ns = b.tm_ns AND a.id < b.id")
                        .documented("D16", "SELECT a.id, b.id FROM t_time a JOIN t_time b ON " + TM_NS.replace("tm_ns", "a.tm_ns") + " = " + TM_NS.replace("tm_ns", "b.tm_ns") + " AND a.id < b.id"),
                ordered("order by nanosecond timestamps", "SELECT id, ts_ns FROM t_time ORDER BY ts_ns DESC NULLS FIRST, id")
                        .documented("D16", "SELECT id, ts_ns FROM t_time ORDER BY " + TS_NS + " DESC NULLS FIRST, id"),
                q("current date is stable", "SELECT current_date = current_date, now() IS NOT NULL, current_timestamp >= TIMESTAMP '2024-01-01 00:00:00'"));
    }

    static List<DiffQuery> ordering() {
        return List.of(
                ordered("order by with nulls default ascending", "SELECT id, k FROM t_l ORDER BY k, id")
                        .documented("D1", "SELECT id, k FROM t_l ORDER BY k NULLS FIRST, id"),
                ordered("order by with nulls default descending", "SELECT id, k FROM t_l ORDER BY k DESC, id")
                        .documented("D1", "SELECT id, k FROM t_l ORDER BY k DESC NULLS LAST, id"),
                ordered("order by nulls last ascending", "SELECT id, k FROM t_l ORDER BY k ASC NULLS LAST, id"),
                ordered("order by nulls first descending", "SELECT id, k FROM t_l ORDER BY k DESC NULLS FIRST, id"),
                ordered("order by aggregate", "SELECT k, count(*) AS c FROM t_l GROUP BY k ORDER BY c DESC, k NULLS FIRST"),
                ordered("order by ordinal", "SELECT k + 1 AS kk, count(*) FROM t_l GROUP BY kk ORDER BY 1 NULLS FIRST"),
                ordered("order by ordinal of expression", "SELECT k % 3, count(*) FROM t_l GROUP BY 1 ORDER BY 1 NULLS FIRST"),
                ordered("order by alias with having", "SELECT k % 3 AS m, sum(v) FROM t_l GROUP BY k % 3 HAVING sum(v) > 100 ORDER BY m NULLS FIRST"),
                ordered("order by alias", "SELECT id, i32 AS x FROM t_num ORDER BY x DESC NULLS LAST, id LIMIT 10"),
                ordered("order by expression not selected", "SELECT id FROM t_num ORDER BY i32 * -1 NULLS FIRST, id LIMIT 10")
                        .documented("D2", "SELECT id FROM t_num ORDER BY i32::BIGINT * -1 NULLS FIRST, id LIMIT 10"),
                ordered("order by is null", "SELECT id, g FROM t_num ORDER BY g IS NULL, g DESC, id LIMIT 20"),
                ordered("order by count star", "SELECT g2, count(*) FROM t_num GROUP BY g2 ORDER BY count(*) DESC, g2 NULLS FIRST"),
                ordered("order by unicode text", "SELECT id, s FROM t_str ORDER BY s NULLS FIRST, id"),
                ordered("order by text descending", "SELECT id, s FROM t_str ORDER BY s DESC NULLS LAST, id"),
                ordered("order by decimal", "SELECT id, d38 FROM t_num ORDER BY d38 NULLS LAST, id"),
                ordered("order by unsigned 64", "SELECT id, u64 FROM t_num ORDER BY u64 DESC NULLS LAST, id"),
                ordered("order by dates", "SELECT id, d FROM t_time ORDER BY d NULLS FIRST, id"),
                ordered("order by timestamps", "SELECT id, ts, tsz FROM t_time ORDER BY ts DESC NULLS LAST, id"),
                ordered("order by bool", "SELECT id, b FROM t_num ORDER BY b NULLS FIRST, id"),
                ordered("order by two keys mixed", "SELECT g2, g, id FROM t_num ORDER BY g2 DESC NULLS FIRST, g ASC NULLS LAST, id DESC"),
                ordered("limit offset", "SELECT id FROM t_l ORDER BY id LIMIT 5 OFFSET 3"),
                ordered("limit comma form", "SELECT id FROM t_l ORDER BY id LIMIT 3, 5").duck("SELECT id FROM t_l ORDER BY id LIMIT 5 OFFSET 3"),
                ordered("fetch first", "SELECT id FROM t_l ORDER BY id OFFSET 35 ROWS FETCH FIRST 10 ROWS ONLY").duck("SELECT id FROM t_l ORDER BY id LIMIT 10 OFFSET 35"),
                ordered("limit zero", "SELECT id FROM t_num ORDER BY id LIMIT 0").emptyByDesign(),
                ordered("offset beyond end", "SELECT id FROM t_num ORDER BY id LIMIT 10 OFFSET 1000").emptyByDesign(),
                ordered("top n over many fragments", "SELECT id, i32 FROM t_num ORDER BY i32 DESC NULLS LAST, id LIMIT 7"),
                ordered("top n with offset", "SELECT id, f64 FROM t_num ORDER BY f64 NULLS FIRST, id LIMIT 5 OFFSET 20"),
                ordered("distinct ordered limit", "SELECT DISTINCT k FROM t_l ORDER BY k DESC NULLS LAST LIMIT 3"),
                ordered("order by special floats", "SELECT id, fx FROM t_num WHERE id % 9 = 0 ORDER BY fx NULLS FIRST, id"),
                ordered("order by special floats descending", "SELECT id, fx FROM t_num WHERE id % 9 = 0 ORDER BY fx DESC NULLS LAST, id"));
    }

    static List<DiffQuery> joins() {
        return List.of(
                q("inner join", "SELECT l.id, r.id FROM t_l l JOIN t_r r ON l.k = r.k"),
                q("left join", "SELECT l.id, r.id FROM t_l l LEFT JOIN t_r r ON l.k = r.k"),
                q("right join", "SELECT l.id, r.id FROM t_l l RIGHT JOIN t_r r ON l.k = r.k"),
                q("full join", "SELECT l.id, r.id FROM t_l l FULL JOIN t_r r ON l.k = r.k"),
                q("cross join", "SELECT l.id, r.id FROM t_l l CROSS JOIN t_r r"),
                q("comma join with where", "SELECT l.id, r.id FROM t_l l, t_r r WHERE l.k = r.k AND l.v > r.w"),
                q("non equi join", "SELECT l.id, r.id FROM t_l l JOIN t_r r ON l.k < r.k AND r.w > 0"),
                q("non equi left join", "SELECT l.id, r.id FROM t_l l LEFT JOIN t_r r ON l.v > r.w + 900"),
                q("non equi full join", "SELECT l.id, r.id FROM t_l l FULL JOIN t_r r ON l.k > r.k + 3"),
                q("left join with on filter", "SELECT l.id, r.id FROM t_l l LEFT JOIN t_r r ON l.k = r.k AND r.w > 0"),
                q("left join with where filter", "SELECT l.id, r.id FROM t_l l LEFT JOIN t_r r ON l.k = r.k WHERE r.w > 0"),
                q("left join is null anti pattern", "SELECT l.id FROM t_l l LEFT JOIN t_r r ON l.k = r.k WHERE r.id IS NULL"),
                q("full join with left filter in on", "SELECT l.id, r.id FROM t_l l FULL JOIN t_r r ON l.k = r.k AND l.v > 50"),
                q("right join with filter", "SELECT l.id, r.id FROM t_l l RIGHT JOIN t_r r ON l.k = r.k AND l.v < 50 WHERE r.w IS NOT NULL"),
                q("join using", "SELECT k, l.id, r.id FROM t_l l JOIN t_r r USING (k)"),
                q("join using star", "SELECT * FROM t_l l JOIN t_r r USING (k)")
                        .documented("D9", "SELECT k, l.id, l.ks, l.v, l.kd, l.kx, l.tags, r.id, r.ks, r.w, r.kd, r.kx, r.st FROM t_l l JOIN t_r r USING (k)"),
                q("full join using star", "SELECT * FROM t_l l FULL JOIN t_r r USING (k)")
                        .documented("D9", "SELECT coalesce(l.k, r.k), l.id, l.ks, l.v, l.kd, l.kx, l.tags, r.id, r.ks, r.w, r.kd, r.kx, r.st FROM t_l l FULL JOIN t_r r ON l.k = r.k"),
                q("natural join", "SELECT * FROM (SELECT v, ks, k FROM t_l) l NATURAL JOIN (SELECT w, k, ks FROM t_r) r")
                        .documented("D9", "SELECT ks, k, v, w FROM (SELECT v, ks, k FROM t_l) l NATURAL JOIN (SELECT w, k, ks FROM t_r) r"),
                q("natural join without common rows", "SELECT * FROM t_l NATURAL JOIN t_r").emptyByDesign()
                        .documented("D9", "SELECT id, k, ks, kd, kx, v, tags, w, st FROM t_l NATURAL JOIN t_r"),
                q("join on text keys", "SELECT l.id, r.id FROM t_l l JOIN t_r r ON l.ks = r.ks"),
                q("join on two keys", "SELECT l.id, r.id FROM t_l l JOIN t_r r ON l.k = r.k AND l.ks = r.ks"),
                q("null safe join", "SELECT l.id, r.id FROM t_l l JOIN t_r r ON l.k <=> r.k")
                        .duck("SELECT l.id, r.id FROM t_l l JOIN t_r r ON l.k IS NOT DISTINCT FROM r.k"),
                q("join on expression keys", "SELECT l.id, r.id FROM t_l l JOIN t_r r ON l.k + 5 = r.k"),
                q("join of mixed key types", "SELECT l.id, n.id FROM t_l l JOIN t_num n ON l.v = n.i8"),
                q("self join", "SELECT a.id, b.id FROM t_l a JOIN t_l b ON a.k = b.k AND a.id < b.id"),
                q("join with derived table", "SELECT l.id, x.c FROM t_l l JOIN (SELECT k, count(*) AS c FROM t_r GROUP BY k) x ON l.k = x.k"),
                q("three way join", "SELECT l.id, r.id, n.id FROM t_l l JOIN t_r r ON l.k = r.k LEFT JOIN t_num n ON n.g = l.k"),
                q("join then aggregate", "SELECT l.k, count(*), sum(r.w), avg(l.v) FROM t_l l JOIN t_r r ON l.k = r.k GROUP BY l.k"),
                q("join with empty side", "SELECT l.id, e.id FROM t_l l LEFT JOIN t_empty e ON l.k = e.g"),
                q("inner join with empty side", "SELECT l.id FROM t_l l JOIN t_empty e ON l.k = e.g").emptyByDesign(),
                q("full join with empty side", "SELECT l.id, e.id FROM t_empty e FULL JOIN t_l l ON l.k = e.g"),
                q("join on dates", "SELECT a.id, b.id FROM t_time a JOIN t_time b ON a.d = b.d AND a.id <> b.id"),
                q("join on timestamps", "SELECT a.id, b.id FROM t_time a JOIN t_time b ON a.ts = b.ts_ms AND a.id <> b.id"),
                q("join on dates of two tables", "SELECT l.id, r.id, l.kd FROM t_l l JOIN t_r r ON l.kd = r.kd"),
                q("join on decimals of two tables", "SELECT l.id, r.id, r.kx FROM t_l l JOIN t_r r ON l.kx = r.kx"),
                q("join on zoned timestamps", "SELECT a.id, b.id FROM t_time a JOIN t_time b ON a.tsz = b.tsz_ny AND a.id <> b.id"),
                q("join on times", "SELECT a.id, b.id FROM t_time a JOIN t_time b ON a.tm = b.tm_ms AND a.id < b.id"),
                q("join on binaries", "SELECT a.id, b.id FROM t_str a JOIN t_str b ON a.bin = b.lbin AND a.id < b.id"),
                q("join on uint64", "SELECT a.id, b.id FROM t_num a JOIN t_num b ON a.u64 - 40 = b.u64")
                        .documented("D2", "SELECT a.id, b.id FROM t_num a JOIN t_num b ON a.u64::HUGEINT - 40 = b.u64"),
                q("join on decimals", "SELECT a.id, b.id FROM t_num a JOIN t_num b ON a.d10 = b.d10 AND a.id < b.id"),
                q("join on special floats", "SELECT a.id, b.id FROM t_num a JOIN t_num b ON a.fx = b.fx WHERE a.id % 9 = 0 AND b.id % 9 = 0"),
                q("join on unsigned", "SELECT a.id, b.id FROM t_num a JOIN t_num b ON a.u8 = b.u8 AND a.id < b.id"),
                q("join on text unicode", "SELECT a.id, b.id FROM t_str a JOIN t_str b ON a.s = b.s AND a.id < b.id"),
                q("cross join with filter", "SELECT l.id, r.id FROM t_l l CROSS JOIN t_r r WHERE l.k + r.k = 12"),
                q("left join of group by", "SELECT n.g, x.c FROM (SELECT DISTINCT g FROM t_num) n LEFT JOIN (SELECT g, count(*) AS c FROM t_time GROUP BY g) x ON n.g = x.g"),
                q("join keys through or", "SELECT l.id, r.id FROM t_l l JOIN t_r r ON l.k = r.k OR l.ks = r.ks"));
    }

    static List<DiffQuery> subqueries() {
        return List.of(
                q("in subquery", "SELECT l.id FROM t_l l WHERE l.k IN (SELECT k FROM t_r)"),
                q("not in subquery with nulls", "SELECT l.id FROM t_l l WHERE l.k NOT IN (SELECT k FROM t_r)").emptyByDesign(),
                q("not in subquery without nulls", "SELECT l.id FROM t_l l WHERE l.k NOT IN (SELECT k FROM t_r WHERE k IS NOT NULL)"),
                q("not in empty subquery", "SELECT l.id FROM t_l l WHERE l.k NOT IN (SELECT g FROM t_empty)"),
                q("in empty subquery", "SELECT l.id FROM t_l l WHERE l.k IN (SELECT g FROM t_empty)").emptyByDesign(),
                q("exists correlated", "SELECT l.id FROM t_l l WHERE EXISTS (SELECT 1 FROM t_r r WHERE r.k = l.k)"),
                q("not exists correlated", "SELECT l.id FROM t_l l WHERE NOT EXISTS (SELECT 1 FROM t_r r WHERE r.k = l.k)"),
                q("exists with extra condition", "SELECT l.id FROM t_l l WHERE EXISTS (SELECT 1 FROM t_r r WHERE r.k = l.k AND r.w > l.v)"),
                q("exists uncorrelated", "SELECT id FROM t_l WHERE EXISTS (SELECT 1 FROM t_r WHERE w > 900)"),
                q("correlated scalar max", "SELECT l.id, (SELECT max(w) FROM t_r r WHERE r.k = l.k) FROM t_l l"),
                q("correlated scalar count", "SELECT l.id, (SELECT count(*) FROM t_r r WHERE r.k = l.k) FROM t_l l"),
                q("uncorrelated scalar in where", "SELECT l.id FROM t_l l WHERE l.v > (SELECT avg(v) FROM t_l)"),
                q("correlated scalar in where", "SELECT l.id FROM t_l l WHERE l.v > (SELECT avg(v) FROM t_l x WHERE x.k = l.k)"),
                q("scalar subquery without rows", "SELECT (SELECT i32 FROM t_num WHERE id = -1), (SELECT max(i32) FROM t_num WHERE id < 0)"),
                q("in subquery in select list", "SELECT id, k IN (SELECT k FROM t_r) FROM t_l"),
                q("not in subquery in select list", "SELECT id, k NOT IN (SELECT k FROM t_r) FROM t_l"),
                q("exists in select list", "SELECT id, EXISTS (SELECT 1 FROM t_r WHERE w > 900) FROM t_l"),
                q("in subquery under or", "SELECT l.id FROM t_l l WHERE l.k IN (SELECT k FROM t_r WHERE w > 0) OR l.v > 90"),
                q("in subquery with aggregate", "SELECT id FROM t_num WHERE g IN (SELECT k FROM t_l GROUP BY k HAVING count(*) > 3)"),
                q("nested in subqueries", "SELECT id FROM t_l WHERE k IN (SELECT k FROM t_r WHERE id IN (SELECT id + 100 FROM t_l))"),
                q("derived table with aggregate", "SELECT g, c FROM (SELECT g, count(*) AS c FROM t_num GROUP BY g) t WHERE c > 40"),
                q("derived table over join", "SELECT count(*), sum(w) FROM (SELECT l.id, r.w FROM t_l l JOIN t_r r ON l.k = r.k) x"),
                q("cte", "WITH x AS (SELECT k, sum(w) AS sw FROM t_r GROUP BY k) SELECT l.id, x.sw FROM t_l l JOIN x ON l.k = x.k"),
                q("chained ctes", "WITH a AS (SELECT * FROM t_l WHERE v > 20), b AS (SELECT k, count(*) c FROM a GROUP BY k) SELECT * FROM b"),
                q("cte with column list", "WITH a(x, y) AS (SELECT id, k FROM t_l) SELECT x, y FROM a WHERE y > 3"),
                q("cte used twice", "WITH a AS (SELECT k, count(*) AS c FROM t_l GROUP BY k) SELECT a1.k, a2.c FROM a a1 JOIN a a2 ON a1.k = a2.k"),
                q("cte in subquery", "WITH big AS (SELECT id FROM t_num WHERE i32 > 0) SELECT count(*) FROM t_num WHERE id IN (SELECT id FROM big)"),
                q("scalar subquery arithmetic", "SELECT id, v - (SELECT min(v) FROM t_l) FROM t_l"));
    }

    static List<DiffQuery> setOperations() {
        return List.of(
                q("union", "SELECT k FROM t_l UNION SELECT k FROM t_r"),
                q("union all", "SELECT k FROM t_l UNION ALL SELECT k FROM t_r"),
                q("intersect", "SELECT k FROM t_l INTERSECT SELECT k FROM t_r"),
                q("except", "SELECT k FROM t_l EXCEPT SELECT k FROM t_r"),
                q("intersect all", "SELECT k FROM t_l INTERSECT ALL SELECT k FROM t_r"),
                q("except all", "SELECT k FROM t_l EXCEPT ALL SELECT k FROM t_r"),
                q("minus", "SELECT k FROM t_l MINUS SELECT k FROM t_r").duck("SELECT k FROM t_l EXCEPT SELECT k FROM t_r"),
                ordered("union ordered", "SELECT k, ks FROM t_l UNION SELECT k, ks FROM t_r ORDER BY k NULLS FIRST, ks NULLS FIRST"),
                q("intersect binds tighter", "SELECT k FROM t_l UNION SELECT k FROM t_r INTERSECT SELECT g FROM t_num"),
                q("union of mixed types", "SELECT id, v FROM t_l UNION ALL SELECT id, w FROM t_r"),
                q("union with empty", "SELECT g FROM t_empty UNION SELECT g FROM t_num"),
                q("except with empty", "SELECT g FROM t_num EXCEPT SELECT g FROM t_empty"),
                q("intersect with empty", "SELECT g FROM t_num INTERSECT SELECT g FROM t_empty").emptyByDesign(),
                q("union of special floats", "SELECT fx FROM t_num WHERE id % 9 = 0 UNION SELECT fx FROM t_num WHERE id % 18 = 0"),
                q("intersect of special floats", "SELECT fx FROM t_num WHERE id % 9 = 0 INTERSECT SELECT fx FROM t_num WHERE id % 9 = 0"),
                q("union of texts", "SELECT s FROM t_str UNION SELECT s2 FROM t_str"),
                q("union of dates and timestamps", "SELECT d FROM t_time UNION SELECT ts_s FROM t_time"),
                ordered("union with limit", "SELECT id FROM t_l UNION ALL SELECT id FROM t_r ORDER BY id DESC LIMIT 5"),
                q("set operation in derived table", "SELECT count(*) FROM (SELECT k FROM t_l EXCEPT SELECT k FROM t_r) x"));
    }

    static List<DiffQuery> windows() {
        return List.of(
                q("row number per partition", "SELECT id, k, row_number() OVER (PARTITION BY k ORDER BY id) FROM t_l"),
                q("rank and dense rank", "SELECT id, k, rank() OVER (ORDER BY k NULLS FIRST), dense_rank() OVER (ORDER BY k NULLS FIRST) FROM t_l"),
                q("rank default null order", "SELECT id, k, rank() OVER (ORDER BY k), dense_rank() OVER (ORDER BY k DESC) FROM t_l")
                        .documented("D1", "SELECT id, k, rank() OVER (ORDER BY k NULLS FIRST), dense_rank() OVER (ORDER BY k DESC NULLS LAST) FROM t_l"),
                q("ntile", "SELECT id, ntile(4) OVER (ORDER BY id), ntile(3) OVER (PARTITION BY k % 2 ORDER BY id) FROM t_l"),
                q("lag and lead", "SELECT id, lag(v) OVER (ORDER BY id), lead(v, 2) OVER (ORDER BY id), lag(v, 1, -1) OVER (PARTITION BY k ORDER BY id) FROM t_l"),
                q("lag with text default", "SELECT id, lag(ks, 1, 'none') OVER (ORDER BY id), lead(ks) OVER (PARTITION BY k ORDER BY id) FROM t_l"),
                q("first and last value default frame", "SELECT id, first_value(v) OVER (PARTITION BY k ORDER BY id), last_value(v) OVER (PARTITION BY k ORDER BY id) FROM t_l"),
                q("last value whole partition", "SELECT id, last_value(v) OVER (PARTITION BY k ORDER BY id ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) FROM t_l"),
                q("aggregates over partitions", "SELECT id, sum(v) OVER (PARTITION BY k), avg(v) OVER (PARTITION BY k), count(*) OVER (PARTITION BY k), count(v) OVER () FROM t_l"),
                q("rows frames", "SELECT id, sum(v) OVER (ORDER BY id ROWS BETWEEN 2 PRECEDING AND CURRENT ROW), max(v) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) FROM t_l"),
                q("range frame with offset", "SELECT id, sum(v) OVER (ORDER BY k RANGE BETWEEN 2 PRECEDING AND CURRENT ROW) FROM t_l"),
                q("default range frame with peers", "SELECT id, sum(v) OVER (ORDER BY k), count(*) OVER (ORDER BY k DESC) FROM t_l")
                        .documented("D1", "SELECT id, sum(v) OVER (ORDER BY k NULLS FIRST), count(*) OVER (ORDER BY k DESC NULLS LAST) FROM t_l"),
                q("frame to unbounded following", "SELECT id, min(v) OVER (PARTITION BY k ORDER BY id ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING) FROM t_l"),
                q("percent rank and cume dist", "SELECT id, percent_rank() OVER (ORDER BY v NULLS FIRST), cume_dist() OVER (ORDER BY v NULLS FIRST) FROM t_l"),
                ordered("window then order", "SELECT id, v, rank() OVER (PARTITION BY k ORDER BY v DESC NULLS LAST) AS r FROM t_l ORDER BY id"),
                q("top two per group", "SELECT * FROM (SELECT id, k, row_number() OVER (PARTITION BY k ORDER BY v DESC NULLS LAST, id) AS rn FROM t_l) t WHERE rn <= 2"),
                q("window over aggregate", "SELECT k, sum(sum(v)) OVER (ORDER BY k NULLS FIRST) FROM t_l GROUP BY k"),
                q("preceding only frame", "SELECT g, i32, sum(i32) OVER (PARTITION BY g ORDER BY id ROWS BETWEEN 3 PRECEDING AND 1 PRECEDING) FROM t_num"),
                q("statistics over windows", "SELECT g, stddev(f64) OVER (PARTITION BY g), var_pop(i32) OVER (PARTITION BY g) FROM t_num"),
                q("bool aggregates over windows", "SELECT id, bool_and(b) OVER (PARTITION BY g), bool_or(b) OVER (PARTITION BY g ORDER BY id) FROM t_num"),
                q("decimal window sums", "SELECT id, sum(d38) OVER (PARTITION BY g ORDER BY id), avg(d10) OVER (PARTITION BY g) FROM t_num"),
                q("text windows", "SELECT id, min(s) OVER (PARTITION BY cat ORDER BY id), max(s) OVER (PARTITION BY cat) FROM t_str"),
                q("temporal lag and lead", "SELECT id, lag(ts) OVER (ORDER BY id), lead(d) OVER (ORDER BY id), lag(tsz, 2) OVER (PARTITION BY g ORDER BY id) FROM t_time"),
                q("following only frame", "SELECT id, first_value(s) OVER (ORDER BY id ROWS BETWEEN 1 FOLLOWING AND 2 FOLLOWING) FROM t_str"),
                q("range frame integer", "SELECT id, sum(i64) OVER (ORDER BY id RANGE BETWEEN 5 PRECEDING AND 5 FOLLOWING) FROM t_num"),
                q("range frame float", "SELECT id, sum(f64) OVER (ORDER BY f64 RANGE BETWEEN 1000 PRECEDING AND CURRENT ROW) FROM t_num"),
                q("window over empty table", "SELECT id, row_number() OVER (ORDER BY id) FROM t_empty").emptyByDesign(),
                q("window with all null partition key", "SELECT id, count(*) OVER (PARTITION BY allnull), rank() OVER (PARTITION BY allnull ORDER BY id) FROM t_num"),
                q("row number over unordered partition count", "SELECT g, max(rn) FROM (SELECT g, row_number() OVER (PARTITION BY g) AS rn FROM t_num) x GROUP BY g"));
    }

    static List<DiffQuery> nested() {
        return List.of(
                q("list element access", "SELECT id, lst[1], lst[2], lst[-1], tags[1], element_at(lst, 2), lst[0], lst[10] FROM t_nest")
                        .duck("SELECT id, lst[1], lst[2], lst[-1], tags[1], list_extract(lst, 2), lst[0], lst[10] FROM t_nest"),
                q("list sizes", "SELECT id, cardinality(lst), size(tags), array_length(lst), cardinality(mp) FROM t_nest")
                        .duck("SELECT id, len(lst), len(tags), len(lst), cardinality(mp) FROM t_nest"),
                q("array contains", "SELECT id, array_contains(lst, 3), array_contains(tags, 't1'), array_contains(llst, 5), array_contains(ivec, 1), array_contains(nst.tags, 'n1') FROM t_nest")
                        .documented("D11", "SELECT id, " + arrayContains("lst", "3") + ", " + arrayContains("tags", "'t1'") + ", "
                                + arrayContains("llst", "5") + ", " + arrayContains("ivec", "1") + ", " + arrayContains("nst.tags", "'n1'") + " FROM t_nest"),
                q("struct fields", "SELECT id, st.a, st.b FROM t_nest"),
                q("map values", "SELECT id, mp['x'], mp['y'], mp['zeta'], mp['nope'], element_at(mp, 'y') FROM t_nest")
                        .duck("SELECT id, mp['x'], mp['y'], mp['zeta'], mp['nope'], mp['y'] FROM t_nest"),
                q("nested values as objects", "SELECT id, lst, tags, st, mp FROM t_nest"),
                q("vectors as arrays", "SELECT id, vec, vec2, dvec FROM t_nest"),
                q("l2 distance squared", "SELECT id, l2_distance(vec, vec2) FROM t_nest")
                        .documented("D14", "SELECT id, list_sum(list_transform(range(1, 5), i -> (vec[i]::DOUBLE - vec2[i]::DOUBLE) ^ 2)) FROM t_nest"),
                q("cosine distance", "SELECT id, cosine_distance(vec, vec2) FROM t_nest").duck("SELECT id, array_cosine_distance(vec, vec2) FROM t_nest"),
                q("inner product and dot distance", "SELECT id, inner_product(vec, vec2), dot_product(vec, vec2), dot_distance(vec, vec2) FROM t_nest")
                        .documented("D14", "SELECT id, array_inner_product(vec, vec2), array_inner_product(vec, vec2), 1 - array_inner_product(vec, vec2) FROM t_nest"),
                q("l2 distance to literal", "SELECT id, l2_distance(vec, [1.0, 2.0, 3.0, 4.0]) FROM t_nest")
                        .documented("D14", "SELECT id, list_sum(list_transform(range(1, 5), i -> (vec[i]::DOUBLE - [1.0, 2.0, 3.0, 4.0][i]) ^ 2)) FROM t_nest"),
                q("distances with null elements", "SELECT id, l2_distance(dvec, [1.0, 2.0, 3.0]), cosine_distance(dvec, [1.0, -2.0, 0.5]) FROM t_nest")
                        .documented("D14", "SELECT id, CASE WHEN list_has_any(list_transform(dvec, x -> x IS NULL), [true]) THEN NULL ELSE list_distance(list_transform(dvec, x -> coalesce(x, 0)), [1.0, 2.0, 3.0]) ^ 2 END, CASE WHEN list_has_any(list_transform(dvec, x -> x IS NULL), [true]) THEN NULL ELSE list_cosine_distance(list_transform(dvec, x -> coalesce(x, 0)), [1.0, -2.0, 0.5]) END FROM t_nest"),
                ordered("nearest by distance", "SELECT id FROM t_nest ORDER BY l2_distance(vec, vec2), id LIMIT 5")
                        .documented("D1", "SELECT id FROM t_nest ORDER BY array_distance(vec, vec2) NULLS FIRST, id LIMIT 5"),
                q("aggregate of list sizes", "SELECT g, count(*), sum(cardinality(lst)) FROM t_nest GROUP BY g").duck("SELECT g, count(*), sum(len(lst)) FROM t_nest GROUP BY g"),
                q("filter on list element", "SELECT id FROM t_nest WHERE lst[1] > 5"),
                q("filter on struct field", "SELECT id FROM t_nest WHERE st.a > 10"),
                q("filter on map value", "SELECT id FROM t_nest WHERE mp['x'] > 40"),
                q("group by struct field", "SELECT st.b, count(*) FROM t_nest GROUP BY st.b"),
                q("nested is null", "SELECT id, lst IS NULL, st IS NULL, mp IS NULL, vec IS NULL FROM t_nest"),
                q("group by list", "SELECT tags, count(*) FROM t_nest GROUP BY tags"),
                q("list equality", "SELECT id FROM t_nest WHERE tags = ['t0']"),
                q("nested in join", "SELECT a.id, b.id FROM t_nest a JOIN t_nest b ON a.st.b = b.st.b AND a.id < b.id"));
    }

    static List<DiffQuery> floats() {
        return List.of(
                q("float equals zero matches negative zero", "SELECT id FROM t_num WHERE fx = 0"),
                q("float equals negative zero", "SELECT id FROM t_num WHERE fx = -0.0"),
                q("float not equal zero", "SELECT id FROM t_num WHERE fx <> 0"),
                q("float less than zero", "SELECT id FROM t_num WHERE fx < 0"),
                q("float at most zero", "SELECT id FROM t_num WHERE fx <= 0"),
                q("float greater than zero", "SELECT id FROM t_num WHERE fx > 0"),
                q("float at least zero", "SELECT id FROM t_num WHERE fx >= 0"),
                q("float zero on the left", "SELECT id FROM t_num WHERE 0 < fx"),
                q("float in list with zero", "SELECT id FROM t_num WHERE fx IN (0.0, 99.4)"),
                q("float not in list with zero", "SELECT id FROM t_num WHERE fx NOT IN (0.0, 99.4)"),
                q("float null safe zero", "SELECT id FROM t_num WHERE fx <=> 0").duck("SELECT id FROM t_num WHERE fx IS NOT DISTINCT FROM 0"),
                q("float between zeros", "SELECT id FROM t_num WHERE fx BETWEEN -0.0 AND 0"),
                q("real at least zero", "SELECT id FROM t_num WHERE f32 >= 0"),
                q("nan is greater than everything", "SELECT id FROM t_num WHERE fx > 1e308"),
                q("nan is not equal to itself", "SELECT id, fx <> fx, fx = fx, fx32 <> fx32, f16 = f16 FROM t_num WHERE id % 9 = 0"),
                q("no float is unequal to itself", "SELECT id FROM t_num WHERE fx <> fx").emptyByDesign(),
                q("nan equals nan", "SELECT id FROM t_num WHERE fx = CAST('NaN' AS DOUBLE)"),
                q("infinity filter", "SELECT id FROM t_num WHERE fx = CAST('Infinity' AS DOUBLE) OR fx = CAST('-Infinity' AS DOUBLE)"),
                q("max min with nan", "SELECT max(fx), min(fx) FROM t_num"),
                q("group by special floats", "SELECT fx, count(*) FROM t_num WHERE id % 9 = 0 GROUP BY fx"),
                q("distinct special floats", "SELECT DISTINCT fx FROM t_num WHERE id % 9 = 0"),
                q("special float arithmetic", "SELECT id, fx * 0, fx / 2, -fx, abs(fx), sign(fx), fx + 1 > fx, fx = fx FROM t_num WHERE id % 9 = 0"),
                q("greatest least with nan", "SELECT id, greatest(fx, 0), least(fx, 0) FROM t_num WHERE id % 9 = 0"),
                q("join on nan", "SELECT l.id, r.id FROM (SELECT id, fx AS v FROM t_num WHERE id % 9 = 0) l JOIN (SELECT id, fx AS v FROM t_num WHERE id = 45) r ON l.v = r.v"),
                q("sum with infinities", "SELECT g, sum(fx), avg(fx) FROM t_num WHERE id % 9 = 0 AND NOT fx <> fx GROUP BY g"));
    }

    static List<DiffQuery> predicates() {
        return List.of(
                q("in list with null", "SELECT id, id IN (1, 2, NULL), id NOT IN (1, 2, NULL), g IN (1, NULL) FROM t_num WHERE id < 12"),
                q("three valued logic", "SELECT id, b AND g > 2, b OR g > 2, NOT b FROM t_num WHERE id < 30"),
                q("xor", "SELECT id, b XOR (g > 2) FROM t_num WHERE id < 30")
                        .duck("SELECT id, xor(b::INT, (g > 2)::INT)::BOOLEAN FROM t_num WHERE id < 30"),
                q("is true is false", "SELECT id, b IS TRUE, b IS NOT FALSE, b IS FALSE, b IS NOT TRUE FROM t_num WHERE id < 30"),
                q("between", "SELECT id, g BETWEEN 1 AND 3, g NOT BETWEEN 1 AND 3, i8 BETWEEN -10 AND 10 FROM t_num WHERE id < 40"),
                q("is distinct from", "SELECT id, g IS DISTINCT FROM 2, g IS NOT DISTINCT FROM NULL, g <=> 2 FROM t_num WHERE id < 40")
                        .duck("SELECT id, g IS DISTINCT FROM 2, g IS NOT DISTINCT FROM NULL, g IS NOT DISTINCT FROM 2 FROM t_num WHERE id < 40"),
                q("comparisons across integer kinds", "SELECT id, i8 = u8, i16 < u16, i64 > u64, u64 = i64, u32 + i32 FROM t_num"),
                q("comparisons across exact and float", "SELECT id, d38 = d10, d38 > f64, d10 < i32, d10 = 0.5 FROM t_num"),
                q("pushed conjunction", "SELECT id FROM t_num WHERE g = 1 AND (i8 > 0 OR b) AND i16 BETWEEN -10000 AND 20000"),
                q("pushed negation and in", "SELECT id FROM t_num WHERE NOT (g = 1 OR g IS NULL) AND u8 IN (1, 2, 3, 200, 201, 250)"),
                q("pushed text and decimal", "SELECT id FROM t_num WHERE g2 = 'a' AND d10 > 100 AND i64 < 0"),
                q("pushed decimal 38 constants", "SELECT id FROM t_num WHERE d38 > 1000000000000000000000 OR d38 < -1000000000000000000000"),
                q("unsigned above int64", "SELECT id FROM t_num WHERE u64 > 9223372036854775807"),
                q("unsigned equality above int64", "SELECT id FROM t_num WHERE u64 = 18446744073709551609"),
                q("integer compared with fraction", "SELECT id FROM t_num WHERE i32 > 500000.5"),
                q("tinyint out of range constants", "SELECT id FROM t_num WHERE i8 > 100.5 OR i8 < -99.5 OR i8 = 300"),
                q("unsigned compared with negative", "SELECT id FROM t_num WHERE u8 < -1 OR u16 > -5"),
                q("real constants", "SELECT id FROM t_num WHERE f32 = 0.5 OR f32 > 999.5"),
                q("bool column forms", "SELECT id, b = true, b, NOT b FROM t_num WHERE b OR b IS NULL"),
                q("bool not filter", "SELECT id FROM t_num WHERE NOT b"),
                q("null checks", "SELECT id FROM t_num WHERE b IS NULL AND g IS NOT NULL"),
                q("like or like", "SELECT id FROM t_num WHERE g2 LIKE 'a%' OR g2 LIKE '%c'"),
                q("in text and is not null", "SELECT id FROM t_num WHERE g2 IN ('a', 'b') AND sparse IS NOT NULL"),
                q("all null column filter", "SELECT count(*) FROM t_num WHERE allnull IS NULL"),
                q("smallint equals decimal constant", "SELECT id FROM t_num WHERE i16 = 32767.0"),
                q("decimal in list", "SELECT id FROM t_num WHERE d10 IN (698306.5, -504447.92)"),
                q("bigint in list", "SELECT id FROM t_num WHERE i64 IN (950387677710, 389897230896)"),
                DiffQuery.failing("text compared with number fails", "SELECT id FROM t_num WHERE i32 <> 'abc'", "22018"),
                q("starts with and ends with", "SELECT id FROM t_str WHERE starts_with(s2, 'Key') OR ends_with(s2, 'suffix')"),
                q("residual and pushed mixed", "SELECT id FROM t_num WHERE g = 2 AND i32 % 3 = 0 AND upper(g2) = 'C'"));
    }

    static List<DiffQuery> refusals() {
        return List.of(
                q("division by zero", "SELECT 1 / 0").oursFails("D3", "22012"),
                q("modulo by zero", "SELECT 5 % 0").oursFails("D3", "22012"),
                q("integer division by zero", "SELECT id DIV 0 FROM t_l").duck("SELECT id // 0 FROM t_l").oursFails("D3", "22012"),
                q("division by zero in rows", "SELECT id, 100 / n FROM t_str").oursFails("D3", "22012"),
                q("string agg with order by", "SELECT g2, string_agg(CAST(id AS VARCHAR), ',' ORDER BY id) FROM t_num GROUP BY g2")
                        .oursFails("U1", "42000"),
                q("distinct window aggregate", "SELECT id, count(DISTINCT g2) OVER (PARTITION BY g) FROM t_num")
                        .oursFails("U2", "42000"),
                q("named window", "SELECT id, rank() OVER w FROM t_l WINDOW w AS (ORDER BY id)").oursFails("U3", "42000"),
                q("aggregate filter clause", "SELECT count(*) FILTER (WHERE b) FROM t_num").oursFails("U4", "42000"));
    }
}
