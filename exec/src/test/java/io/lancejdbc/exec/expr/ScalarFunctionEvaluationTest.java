package io.lancejdbc.exec.expr;

import static io.lancejdbc.exec.expr.ExprFixtures.batch;
import static io.lancejdbc.exec.expr.ExprFixtures.dates;
import static io.lancejdbc.exec.expr.ExprFixtures.doubles;
import static io.lancejdbc.exec.expr.ExprFixtures.longs;
import static io.lancejdbc.exec.expr.ExprFixtures.strings;
import static io.lancejdbc.exec.expr.ExprFixtures.timestamps;
import static io.lancejdbc.exec.expr.ExprFixtures.uint64s;
import static io.lancejdbc.exec.expr.ExprFixtures.values;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.exec.testing.ArrowAllocatorExtension;
import io.lancejdbc.sql.bind.FunctionRegistry;
import io.lancejdbc.sql.expr.Call;
import io.lancejdbc.sql.expr.ColumnRef;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.expr.Functions;
import io.lancejdbc.sql.expr.Literal;
import io.lancejdbc.sql.expr.ScalarFunctionKey;
import io.lancejdbc.sql.types.Types;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Clock;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.IsoFields;
import java.time.temporal.WeekFields;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Scalar functions typed by their definitions ({@link FunctionRegistry#scalar}) and evaluated by their kernels over
 * real Arrow vectors: exact values at the extremes (code points outside the BMP, BIGINT and uint64 limits, NaN, -0.0,
 * subnormals, instants before 1970), NULL handling, data errors, and no Arrow memory left behind.
 */
@ExtendWith(ArrowAllocatorExtension.class)
class ScalarFunctionEvaluationTest {
    private static final Clock MOON_LANDING = Clock.fixed(Instant.parse("1969-07-20T20:17:40.123456789Z"),
            ZoneOffset.UTC);

    /** Evaluates {@code fn(column 0, ..., column k-1)} over {@code b}, with {@code extra} literal arguments after. */
    private static List<Object> call(BufferAllocator allocator, VectorSchemaRoot b, String fn, Expr... extra) {
        List<Expr> args = new ArrayList<>();
        for (int i = 0; i < b.getFieldVectors().size(); i++) {
            args.add(new ColumnRef(i, "c" + i, b.getVector(i).getField()));
        }
        args.addAll(List.of(extra));
        return values(compile(FunctionRegistry.scalar(fn, args)).evaluate(b, allocator));
    }

    /** The part of the compiler these tests need: columns, literals, casts and scalar functions. */
    private static CompiledExpr compile(Expr e) {
        if (e instanceof ColumnRef) {
            return new ColumnExpr(((ColumnRef) e).index(), e.type());
        }
        if (e instanceof Literal) {
            return new ConstantExpr(((Literal) e).value(), e.type());
        }
        Call c = (Call) e;
        if (c.function().equals(Functions.CAST)) {
            return new CastExpr(compile(c.arg(0)), c.type(), false);
        }
        return ScalarKernels.compile(c, ScalarFunctionEvaluationTest::compile, MOON_LANDING);
    }

    @Test
    void substringCountsCodePointsAndStartsBeforeTheFirstCharacterAgainstTheLength(BufferAllocator allocator) {
        try (VectorSchemaRoot b = batch(strings(allocator, "s", "\uD83D\uDE00abc", "apple", null))) {
            assertEquals(Arrays.asList("ab", "pp", null), call(allocator, b, "substring", Literal.ofLong(2),
                    Literal.ofLong(2)));
            // A start of 0 is one before the first character: it uses one of the two characters asked for.
            assertEquals(Arrays.asList("\uD83D\uDE00", "a", null), call(allocator, b, "substr", Literal.ofLong(0),
                    Literal.ofLong(2)));
            assertEquals(Arrays.asList("abc", "ple", null), call(allocator, b, "substring", Literal.ofLong(-3)));
        }
    }

    @Test
    void substringOfANegativeLengthIsADataError(BufferAllocator allocator) {
        try (VectorSchemaRoot b = batch(strings(allocator, "s", "apple"))) {
            SqlError e = assertThrows(SqlError.class, () -> call(allocator, b, "substring", Literal.ofLong(1),
                    Literal.ofLong(-1)));
            assertEquals("22000", e.sqlState());
        }
    }

    @Test
    void lengthAndPositionCountCodePoints(BufferAllocator allocator) {
        try (VectorSchemaRoot b = batch(strings(allocator, "s", "a\uD83D\uDE00b", ""))) {
            assertEquals(List.of(3L, 0L), call(allocator, b, "char_length"));
            assertEquals(List.of(3L, 0L), call(allocator, b, "strpos", Literal.ofString("b")));
        }
    }

    @Test
    void concatSkipsNullButTheConcatenationOperatorIsNull(BufferAllocator allocator) {
        try (VectorSchemaRoot b = batch(strings(allocator, "a", "x", null), strings(allocator, "b", null, "y"))) {
            assertEquals(List.of("x", "y"), call(allocator, b, "concat"));
            Call op = ScalarFunctionKey.CONCAT_OP.call(List.of(new ColumnRef(0, "a", b.getVector(0).getField()),
                    new ColumnRef(1, "b", b.getVector(1).getField())), Types.of(Types.UTF8, true));
            assertEquals(Arrays.asList(null, null), values(compile(op).evaluate(b, allocator)));
        }
    }

    @Test
    void greatestSkipsNullAndRanksNanAboveInfinity(BufferAllocator allocator) {
        try (VectorSchemaRoot b = batch(doubles(allocator, "a", Double.NaN, null, null),
                doubles(allocator, "b", Double.POSITIVE_INFINITY, -0.0, null))) {
            assertEquals(Arrays.asList(Double.NaN, -0.0, null), call(allocator, b, "greatest"));
            assertEquals(Arrays.asList(Double.POSITIVE_INFINITY, -0.0, null), call(allocator, b, "least"));
        }
    }

    @Test
    void nullifTreatsNegativeZeroAsZero(BufferAllocator allocator) {
        try (VectorSchemaRoot b = batch(doubles(allocator, "a", -0.0, Double.NaN, 1.0),
                doubles(allocator, "b", 0.0, Double.NaN, null))) {
            assertEquals(Arrays.asList(null, null, 1.0), call(allocator, b, "nullif"));
        }
    }

    @Test
    void absOfTheSmallestBigintIsOutOfRange(BufferAllocator allocator) {
        try (VectorSchemaRoot b = batch(longs(allocator, "x", -5L, Long.MIN_VALUE))) {
            SqlError e = assertThrows(SqlError.class, () -> call(allocator, b, "abs"));
            assertEquals("22003", e.sqlState());
            assertEquals("BIGINT value out of range: abs(-9223372036854775808)", e.getMessage());
        }
    }

    @Test
    void absClearsTheSignOfNegativeZeroAndKeepsNan(BufferAllocator allocator) {
        try (VectorSchemaRoot b = batch(doubles(allocator, "x", -0.0, Double.NaN, -Double.MIN_VALUE, null))) {
            assertEquals(Arrays.asList(0.0, Double.NaN, Double.MIN_VALUE, null), call(allocator, b, "abs"));
        }
    }

    @Test
    void absAndCeilOfTheLargestUint64AreTheValue(BufferAllocator allocator) {
        BigInteger max = BigInteger.TWO.pow(64).subtract(BigInteger.ONE);
        try (VectorSchemaRoot b = batch(uint64s(allocator, "x", max, BigInteger.ZERO))) {
            List<Object> expected = List.of(new BigDecimal(max), BigDecimal.ZERO);
            assertEquals(expected, call(allocator, b, "abs"));
            assertEquals(expected, call(allocator, b, "ceil"));
            assertEquals(expected, call(allocator, b, "round"));
        }
    }

    @Test
    void roundOfTheLargestUint64ToTensExceedsTwoToTheSixtyFour(BufferAllocator allocator) {
        BigInteger max = BigInteger.TWO.pow(64).subtract(BigInteger.ONE);
        try (VectorSchemaRoot b = batch(uint64s(allocator, "x", max))) {
            List<Object> r = call(allocator, b, "round", Literal.ofLong(-1));
            assertEquals(0, new BigDecimal("18446744073709551620").compareTo((BigDecimal) r.get(0)), r.toString());
        }
    }

    @Test
    void roundIsHalfAwayFromZero(BufferAllocator allocator) {
        try (VectorSchemaRoot b = batch(doubles(allocator, "x", 2.5, -2.5, 0.5, Double.NaN, -0.0))) {
            assertEquals(List.of(3.0, -3.0, 1.0, Double.NaN, 0.0), call(allocator, b, "round"));
        }
        try (VectorSchemaRoot b = batch(longs(allocator, "x", 15L, -15L, 14L))) {
            assertEquals(List.of(20L, -20L, 10L), call(allocator, b, "round", Literal.ofLong(-1)));
        }
    }

    @Test
    void roundOfTheLargestBigintToTensIsOutOfRange(BufferAllocator allocator) {
        try (VectorSchemaRoot b = batch(longs(allocator, "x", Long.MAX_VALUE))) {
            SqlError e = assertThrows(SqlError.class, () -> call(allocator, b, "round", Literal.ofLong(-1)));
            assertEquals("22003", e.sqlState());
        }
    }

    @Test
    void transcendentalFunctionsFollowIeee754(BufferAllocator allocator) {
        try (VectorSchemaRoot b = batch(doubles(allocator, "x", -1.0, 0.0, Double.MIN_VALUE, Double.POSITIVE_INFINITY))) {
            assertEquals(List.of(Double.NaN, 0.0, Math.sqrt(Double.MIN_VALUE), Double.POSITIVE_INFINITY),
                    call(allocator, b, "sqrt"));
            assertEquals(List.of(Double.NaN, Double.NEGATIVE_INFINITY, -744.4400719213812, Double.POSITIVE_INFINITY),
                    call(allocator, b, "ln"));
            assertEquals(List.of(-1L, 0L, 1L, 1L), call(allocator, b, "sign"));
        }
    }

    @Test
    void extractReadsTheCalendarFieldsOfInstantsBefore1970(BufferAllocator allocator) {
        LocalDateTime t = LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_000);
        try (VectorSchemaRoot b = batch(timestamps(allocator, "t", t, null))) {
            assertEquals(Arrays.asList(1969L, null), call(allocator, b, "year"));
            assertEquals(Arrays.asList(31L, null), call(allocator, b, "dayofmonth"));
            assertEquals(Arrays.asList(59L, null), call(allocator, b, "second"));
            // 1969-12-31 was a Wednesday: 4 counting Sunday as 1 (Doris, MySQL, JDBC's DAYOFWEEK).
            assertEquals(Arrays.asList(4L, null), call(allocator, b, "dayofweek"));
            // Sunday-first weeks (MySQL WEEK mode 0): 1969-01-05 was the first Sunday, 1969-12-28 starts week 52;
            // the ISO week of that Wednesday is week 1 of 1970.
            assertEquals(Arrays.asList(52L, null), call(allocator, b, "week"));
            assertEquals(Arrays.asList(1L, null), call(allocator, b, "weekofyear"));
        }
    }

    /**
     * Every day from 1899 to 2101 against the JDK's definitions: dayofweek counts Sunday as 1 ({@link DayOfWeek});
     * week is the Sunday-first week whose week 1 starts on the year's first Sunday, the days before it week 0
     * ({@code WeekFields.of(SUNDAY, 7)}: MySQL's and Doris's WEEK mode 0); weekofyear the ISO week.
     */
    @Test
    void weekAndDayOfWeekFollowMysqlAndIsoOverTwoCenturies(BufferAllocator allocator) {
        List<LocalDate> days = new ArrayList<>();
        for (LocalDate d = LocalDate.of(1899, 1, 1); d.getYear() <= 2101; d = d.plusDays(1)) {
            days.add(d);
        }
        List<Object> dayOfWeek = new ArrayList<>();
        List<Object> week = new ArrayList<>();
        List<Object> isoWeek = new ArrayList<>();
        WeekFields sundayFirst = WeekFields.of(DayOfWeek.SUNDAY, 7);
        for (LocalDate d : days) {
            dayOfWeek.add((long) (d.getDayOfWeek() == DayOfWeek.SUNDAY ? 1 : d.getDayOfWeek().getValue() + 1));
            week.add((long) d.get(sundayFirst.weekOfYear()));
            isoWeek.add((long) d.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR));
        }
        try (VectorSchemaRoot b = batch(dates(allocator, "d", days.toArray(new LocalDate[0])))) {
            assertEquals(dayOfWeek, call(allocator, b, "dayofweek"));
            assertEquals(week, call(allocator, b, "week"));
            assertEquals(isoWeek, call(allocator, b, "weekofyear"));
        }
    }

    @Test
    void epochRoundsTowardNegativeInfinityBefore1970(BufferAllocator allocator) {
        try (VectorSchemaRoot b = batch(timestamps(allocator, "t", LocalDateTime.of(1969, 12, 31, 23, 59, 59,
                999_999_000), LocalDateTime.of(1970, 1, 1, 0, 0, 0, 1000), LocalDateTime.of(1900, 1, 1, 0, 0)))) {
            assertEquals(List.of(-1L, 0L, -2_208_988_800L), call(allocator, b, "unix_timestamp"));
        }
    }

    @Test
    void dateTruncAndDateFormatWorkOnTheCalendarBefore1970(BufferAllocator allocator) {
        try (VectorSchemaRoot b = batch(strings(allocator, "u", "month", "YEAR"), timestamps(allocator, "t",
                LocalDateTime.of(1969, 12, 31, 23, 59, 59), LocalDateTime.of(1969, 7, 20, 20, 17, 40)))) {
            assertEquals(List.of(LocalDateTime.of(1969, 12, 1, 0, 0), LocalDateTime.of(1969, 1, 1, 0, 0)),
                    call(allocator, b, "date_trunc"));
        }
        try (VectorSchemaRoot b = batch(timestamps(allocator, "t", LocalDateTime.of(1969, 7, 20, 20, 17, 40)))) {
            assertEquals(List.of("1969-07-20 08:17:40 PM Sunday"), call(allocator, b, "date_format",
                    Literal.ofString("%Y-%m-%d %h:%i:%s %p %W")));
        }
    }

    @Test
    void datediffCountsDaysAcrossTheEpoch(BufferAllocator allocator) {
        try (VectorSchemaRoot b = batch(dates(allocator, "a", LocalDate.of(1970, 1, 1), LocalDate.of(1900, 3, 1)),
                dates(allocator, "b", LocalDate.of(1969, 12, 31), LocalDate.of(1900, 2, 28)))) {
            // 1900 is not a leap year (Gregorian): 1900-02-28 to 1900-03-01 is one day.
            assertEquals(List.of(1L, 1L), call(allocator, b, "datediff"));
        }
    }

    @Test
    void nowIsTheStatementClockToTheMicrosecondOnEveryRow(BufferAllocator allocator) {
        try (VectorSchemaRoot b = batch(longs(allocator, "x", 1L, 2L))) {
            Call now = (Call) FunctionRegistry.scalar("current_timestamp", List.of());
            LocalDateTime expected = LocalDateTime.of(1969, 7, 20, 20, 17, 40, 123_456_000);
            assertEquals(List.of(expected, expected), values(compile(now).evaluate(b, allocator)));
            Call today = (Call) FunctionRegistry.scalar("curdate", List.of());
            assertEquals(List.of(LocalDate.of(1969, 7, 20), LocalDate.of(1969, 7, 20)),
                    values(compile(today).evaluate(b, allocator)));
        }
    }

    @Test
    void anInvalidRegularExpressionIsADataErrorAndFreesItsOutput(BufferAllocator allocator) {
        try (VectorSchemaRoot b = batch(strings(allocator, "s", "abc", "abd"))) {
            assertEquals(List.of(true, false), call(allocator, b, "regexp_like", Literal.ofString("c$")));
            SqlError e = assertThrows(SqlError.class, () -> call(allocator, b, "regexp_matches",
                    Literal.ofString("(")));
            assertEquals("2201B", e.sqlState());
        }
    }

    @Test
    void splitPartCountsFieldsFromEitherEnd(BufferAllocator allocator) {
        try (VectorSchemaRoot b = batch(strings(allocator, "s", "a,b,,c", ""))) {
            assertEquals(List.of("c", ""), call(allocator, b, "split_part", Literal.ofString(","),
                    Literal.ofLong(-1)));
            assertEquals(List.of("", ""), call(allocator, b, "split_part", Literal.ofString(","),
                    Literal.ofLong(3)));
        }
    }

    @Test
    void padTruncatesToTheLengthInCodePointsAndRepeatsTheFill(BufferAllocator allocator) {
        try (VectorSchemaRoot b = batch(strings(allocator, "s", "\uD83D\uDE00\uD83D\uDE00x", "ab"))) {
            assertEquals(List.of("\uD83D\uDE00\uD83D\uDE00", "ab"), call(allocator, b, "lpad", Literal.ofLong(2),
                    Literal.ofString("-=")));
            assertEquals(List.of("-=\uD83D\uDE00\uD83D\uDE00x", "-=-ab"), call(allocator, b, "lpad",
                    Literal.ofLong(5), Literal.ofString("-=")));
            assertEquals(List.of("\uD83D\uDE00\uD83D\uDE00x-=", "ab-=-"), call(allocator, b, "rpad",
                    Literal.ofLong(5), Literal.ofString("-=")));
        }
    }
}
