package io.lancejdbc.conformance.differential;

import static io.lancejdbc.conformance.differential.DiffQuery.ordered;
import static io.lancejdbc.conformance.differential.DiffQuery.q;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;

/**
 * The second oracle: the functions and casts of the documented differences D6 (UPPER, LOWER), D7 (REVERSE), D10
 * (float to integer) and D12 (float to text), where DuckDB's answer differs from lance-jdbc's on purpose, checked
 * against the independent definitions of {@link DocumentedRules} over the generated values of {@link RuleValues}.
 * DuckDB only reads the input values back; the rule computes lance-jdbc's answer from them. Each function runs over
 * the columns of {@code t_gen} (lance-jdbc's vectorized path) and over the same values as constants (the path that
 * folds constants while planning).
 */
final class RuleQueries {
    /** Constants per literal query. */
    private static final int PER_QUERY = 60;
    /** How many values of each column the constant queries take (the column queries take all of t_gen). */
    private static final int LITERALS = 240;

    private RuleQueries() {
    }

    /** Every rule query. */
    static List<DiffQuery> all() {
        List<DiffQuery> out = new ArrayList<>(columns());
        SplittableRandom r = new SplittableRandom(DiffTables.SEED + 30);
        out.addAll(literals("D12 double to text", "D12", sample(RuleValues.doubles(new SplittableRandom(
                DiffTables.SEED + 20)), r), v -> "CAST(CAST('" + v + "' AS DOUBLE) AS VARCHAR)",
                v -> "CAST('" + v + "' AS DOUBLE)", DocumentedRules.DOUBLE_TEXT));
        out.addAll(literals("D12 real to text", "D12", sample(RuleValues.floats(new SplittableRandom(
                DiffTables.SEED + 20)), r), v -> "CAST(CAST('" + v + "' AS REAL) AS VARCHAR)",
                v -> "CAST('" + v + "' AS REAL)", DocumentedRules.REAL_TEXT));
        out.addAll(literals("D10 double to bigint", "D10", sample(RuleValues.doubleHalves(new SplittableRandom(
                DiffTables.SEED + 20)), r), v -> "TRY_CAST(CAST('" + v + "' AS DOUBLE) AS BIGINT)",
                v -> "CAST('" + v + "' AS DOUBLE)", DocumentedRules.roundHalfAwayToInteger(64)));
        out.addAll(literals("D10 real to int", "D10", sample(RuleValues.floatHalves(new SplittableRandom(
                DiffTables.SEED + 20)), r), v -> "TRY_CAST(CAST('" + v + "' AS REAL) AS INT)",
                v -> "CAST('" + v + "' AS REAL)", DocumentedRules.roundHalfAwayToInteger(32)));
        List<String> strings = sample(RuleValues.strings(new SplittableRandom(DiffTables.SEED + 20)), r);
        out.addAll(literals("D6 upper", "D6", strings, v -> "upper(" + SqlLiterals.ours(v) + ")", SqlLiterals::duck,
                DocumentedRules.UPPER));
        out.addAll(literals("D6 lower", "D6", strings, v -> "lower(" + SqlLiterals.ours(v) + ")", SqlLiterals::duck,
                DocumentedRules.LOWER));
        out.addAll(literals("D7 reverse", "D7", strings, v -> "reverse(" + SqlLiterals.ours(v) + ")",
                SqlLiterals::duck, DocumentedRules.REVERSE));
        return out;
    }

    /** The functions over the columns of t_gen. */
    static List<DiffQuery> columns() {
        ColumnRule i8 = DocumentedRules.roundHalfAwayToInteger(8);
        ColumnRule i16 = DocumentedRules.roundHalfAwayToInteger(16);
        ColumnRule i32 = DocumentedRules.roundHalfAwayToInteger(32);
        ColumnRule i64 = DocumentedRules.roundHalfAwayToInteger(64);
        return List.of(
                ordered("rule D12 doubles to text", "SELECT id, CAST(x AS VARCHAR) FROM t_gen ORDER BY id")
                        .documented("D12", "SELECT id, x FROM t_gen ORDER BY id", null, DocumentedRules.DOUBLE_TEXT),
                ordered("rule D12 reals to text", "SELECT id, CAST(y AS VARCHAR) FROM t_gen ORDER BY id")
                        .documented("D12", "SELECT id, y FROM t_gen ORDER BY id", null, DocumentedRules.REAL_TEXT),
                q("rule D12 float text in a filter", "SELECT id FROM t_gen WHERE CAST(x AS VARCHAR) LIKE '%E%'")
                        .documented("D12", "SELECT id FROM t_gen WHERE x <> 0 AND NOT isnan(x) AND NOT isinf(x)"
                                + " AND (abs(x) < 1e-5 OR abs(x) >= 1e15)"),
                ordered("rule D10 doubles to integers", "SELECT id, TRY_CAST(h AS TINYINT), TRY_CAST(h AS SMALLINT),"
                        + " TRY_CAST(h AS INT), TRY_CAST(h AS BIGINT), TRY_CAST(x AS BIGINT) FROM t_gen ORDER BY id")
                        .documented("D10", "SELECT id, h, h, h, h, x FROM t_gen ORDER BY id", null, i8, i16, i32, i64,
                                i64),
                ordered("rule D10 reals to integers", "SELECT id, TRY_CAST(hf AS SMALLINT), TRY_CAST(hf AS INT),"
                        + " TRY_CAST(hf AS BIGINT), TRY_CAST(y AS INT) FROM t_gen ORDER BY id")
                        .documented("D10", "SELECT id, hf, hf, hf, y FROM t_gen ORDER BY id", null, i16, i32, i64, i32),
                ordered("rule D10 in range casts", "SELECT id, CAST(h AS BIGINT), CAST(hf AS BIGINT) FROM t_gen"
                        + " WHERE abs(h) < 9.2e18 AND abs(hf) < 9.2e18 ORDER BY id")
                        .documented("D10", "SELECT id, h, hf FROM t_gen WHERE abs(h) < 9.2e18 AND abs(hf) < 9.2e18"
                                + " ORDER BY id", null, i64, i64),
                ordered("rule D6 case mappings", "SELECT id, upper(s), lower(s), length(upper(s)), upper(s) = s,"
                        + " lower(upper(s)) FROM t_gen ORDER BY id")
                        .documented("D6", "SELECT id, s, s, s, s, s FROM t_gen ORDER BY id", null,
                                DocumentedRules.UPPER, DocumentedRules.LOWER, DocumentedRules.LENGTH_OF_UPPER,
                                DocumentedRules.UPPER_UNCHANGED, DocumentedRules.LOWER_OF_UPPER),
                ordered("rule D7 reverse", "SELECT id, reverse(s), reverse(reverse(s)) = s FROM t_gen ORDER BY id")
                        .documented("D7", "SELECT id, s, true FROM t_gen ORDER BY id", null, DocumentedRules.REVERSE,
                                null));
    }

    /**
     * Queries of {@value #PER_QUERY} constants each: {@code ours.apply(v)} against DuckDB's {@code duck.apply(v)}
     * with {@code rule} applied.
     */
    private static <T> List<DiffQuery> literals(String name, String difference, List<T> values,
            Function<T, String> ours, Function<T, String> duck, ColumnRule rule) {
        List<DiffQuery> out = new ArrayList<>();
        for (int from = 0; from < values.size(); from += PER_QUERY) {
            List<T> part = values.subList(from, Math.min(values.size(), from + PER_QUERY));
            List<String> o = new ArrayList<>();
            List<String> d = new ArrayList<>();
            for (T v : part) {
                o.add(ours.apply(v));
                d.add(duck.apply(v));
            }
            out.add(q("rule " + name + " constants " + (from / PER_QUERY + 1), "SELECT " + String.join(", ", o))
                    .documented(difference, "SELECT " + String.join(", ", d),
                            Collections.nCopies(part.size(), rule).toArray(new ColumnRule[0])));
        }
        return out;
    }

    /** {@value #LITERALS} values: the first half of them the list's first values (its edge cases), then a seeded sample. */
    private static <T> List<T> sample(List<T> values, SplittableRandom r) {
        List<T> out = new ArrayList<>(values.subList(0, Math.min(values.size(), LITERALS / 2)));
        while (out.size() < LITERALS) {
            out.add(values.get(r.nextInt(values.size())));
        }
        return out;
    }
}
