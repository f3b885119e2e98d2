package io.lancejdbc.sql.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.lancejdbc.sql.TestCatalog;
import io.lancejdbc.sql.bind.QueryBinder;
import io.lancejdbc.sql.parse.ParsedStatement;
import io.lancejdbc.sql.parse.SqlParser;
import io.lancejdbc.sql.plan.Filter;
import io.lancejdbc.sql.plan.LogicalPlan;
import io.lancejdbc.sql.plan.TableScan;
import java.time.Clock;
import org.junit.jupiter.api.Test;

/** Which predicates reach Lance and how they are written (Doris Lance Catalog manual, Predicate Pushdown). */
class PredicatePushdownTest {
    private static LogicalPlan plan(String where) {
        ParsedStatement.Query q = (ParsedStatement.Query) SqlParser.parse("SELECT id FROM t WHERE " + where);
        return Optimizer.optimize(QueryBinder.bind(q.select(), new TestCatalog(), java.util.List.of(),
                Clock.systemUTC()));
    }

    private static TableScan scan(LogicalPlan p) {
        LogicalPlan cur = p;
        while (!(cur instanceof TableScan)) {
            cur = cur.inputs().get(0);
        }
        return (TableScan) cur;
    }

    private static String pushed(String where) {
        return scan(plan(where)).lanceFilter();
    }

    private static String residual(String where) {
        LogicalPlan cur = plan(where);
        while (!(cur instanceof TableScan)) {
            if (cur instanceof Filter) {
                return ((Filter) cur).condition().sql();
            }
            cur = cur.inputs().get(0);
        }
        return null;
    }

    @Test
    void comparisonWithConstantIsPushed() {
        assertEquals("(`id` > 5)", pushed("id > 5"));
        assertNull(residual("id > 5"));
    }

    @Test
    void constantOnTheLeftIsNormalised() {
        assertEquals("(`id` > 5)", pushed("5 < id"));
    }

    @Test
    void notEqualIsRenderedWithBang() {
        assertEquals("(`s` != 'a''b')", pushed("s <> 'a''b'"));
    }

    @Test
    void inListWithoutNullIsPushed() {
        assertEquals("(`i32` IN (1, 2, 3))", pushed("i32 IN (1, 2, 3)"));
    }

    @Test
    void inListWithNullStaysResidual() {
        assertNull(pushed("i32 IN (1, NULL)"));
        assertEquals("i32 IN (1, NULL)", residual("i32 IN (1, NULL)"));
    }

    @Test
    void notInIsPushedAsNegation() {
        assertEquals("(NOT (`i32` IN (1, 2)))", pushed("i32 NOT IN (1, 2)"));
    }

    @Test
    void andSplitsIntoPushedAndResidualConjuncts() {
        assertEquals("(`id` = 1)", pushed("id = 1 AND upper(s) = 'X'"));
        assertEquals("upper(s) = 'X'", residual("id = 1 AND upper(s) = 'X'"));
    }

    @Test
    void partiallyConvertibleOrStaysResidual() {
        assertNull(pushed("id = 1 OR upper(s) = 'X'"));
    }

    @Test
    void fullyConvertibleOrIsPushed() {
        assertEquals("((`id` = 1) OR (`s` = 'x'))", pushed("id = 1 OR s = 'x'"));
    }

    @Test
    void bareBooleanColumnBecomesEqualsTrue() {
        assertEquals("(`b` = true)", pushed("b"));
        assertEquals("(NOT (`b` = true))", pushed("NOT b"));
    }

    @Test
    void booleanOrderingIsNotPushed() {
        assertNull(pushed("b > false"));
    }

    @Test
    void datesAndTimestampsUseTypedLiterals() {
        assertEquals("(`d` = date '2024-01-31')", pushed("d = DATE '2024-01-31'"));
        assertEquals("(`d` >= date '2024-01-31')", pushed("d >= '2024-01-31'"));
        assertEquals("(`ts` < timestamp '2024-01-01 10:00:00.000000')", pushed("ts < TIMESTAMP '2024-01-01 10:00:00'"));
    }

    @Test
    void timestampConstantFinerThanColumnStaysResidual() {
        assertNull(pushed("ts_ms = TIMESTAMP '2024-01-01 10:00:00.0001'"));
        assertEquals("(`ts_ms` = timestamp '2024-01-01 10:00:00.001000')",
                pushed("ts_ms = TIMESTAMP '2024-01-01 10:00:00.001'"));
    }

    @Test
    void decimalsUseTypedLiteralsAtTheColumnScale() {
        assertEquals("(`dec` = decimal(10,2) '1.50')", pushed("dec = 1.5"));
    }

    @Test
    void decimalConstantThatDoesNotFitStaysResidual() {
        assertNull(pushed("dec = 1.555"));
    }

    @Test
    void nullSafeEqualityIsTwoValued() {
        assertEquals("(`i32` IS NULL)", pushed("i32 <=> NULL"));
        assertEquals("(`i32` IS NOT NULL AND `i32` = 3)", pushed("i32 <=> 3"));
        assertEquals("(`id` = 3)", pushed("id <=> 3"));
    }

    @Test
    void comparisonWithNullLiteralStaysResidual() {
        assertNull(pushed("i32 = NULL"));
    }

    @Test
    void isNullIsPushed() {
        assertEquals("(`s` IS NOT NULL)", pushed("s IS NOT NULL"));
    }

    @Test
    void likeWithoutBackslashIsPushed() {
        assertEquals("(`s` LIKE 'ab%')", pushed("s LIKE 'ab%'"));
        assertEquals("(NOT (`s` LIKE 'ab%'))", pushed("s NOT LIKE 'ab%'"));
        assertNull(pushed("s LIKE 'a\\%'"));
    }

    @Test
    void regexpStaysResidual() {
        assertNull(pushed("s REGEXP 'a.*'"));
    }

    @Test
    void functionsAndArithmeticOnColumnsStayResidual() {
        assertNull(pushed("id + 1 > 5"));
        assertNull(pushed("lower(s) = 'a'"));
    }

    @Test
    void unsupportedTypesStayResidual() {
        assertNull(pushed("f16 = 1.0"));
        assertNull(pushed("tstz > TIMESTAMP '2024-01-01 00:00:00'"));
    }

    @Test
    void integerConstantOutOfColumnRangeStaysResidual() {
        assertNull(pushed("i32 = 3000000000"));
    }

    @Test
    void unsignedConstantWithinInt64IsPushed() {
        assertEquals("(`u64` = 9223372036854775807)", pushed("u64 = 9223372036854775807"));
    }

    @Test
    void unsignedConstantAboveInt64StaysResidual() {
        // Lance reads 18446744073709551615 as a float64 and fails to compare it with a uint64 column.
        assertNull(pushed("u64 = 18446744073709551615"));
        assertEquals("u64 = 18446744073709551615", residual("u64 = 18446744073709551615"));
    }

    @Test
    void float32ConstantIsPushedAsTheFloatItDenotes() {
        assertEquals("(`f32` = 0.5)", pushed("f32 = 0.5"));
        // 0.1 compared with a REAL is the float nearest 0.1 (so pushed and residual evaluation agree).
        assertEquals("(`f32` = 0.10000000149011612)", pushed("f32 = 0.1"));
        assertNull(pushed("f32 = 0.30000001"));
    }

    @Test
    void floatEqualityWithZeroMatchesBothSignedZeros() {
        // Lance compares floats in total order, where -0.0 and 0.0 differ; SQL says they are equal.
        assertEquals("(`x` = 0.0 OR `x` = -0.0)", pushed("x = 0"));
        assertEquals("(`x` != 0.0 AND `x` != -0.0)", pushed("x <> -0.0"));
        assertEquals("(`x` IN (1.5, 0.0, -0.0))", pushed("x IN (1.5, 0)"));
    }

    @Test
    void floatRangesAgainstZeroTreatNegativeZeroAsZero() {
        assertEquals("((`x` < -0.0) AND NOT isnan(`x`))", pushed("x < 0"));
        assertEquals("((`x` <= 0.0) AND NOT isnan(`x`))", pushed("x <= 0"));
        assertEquals("((`x` > 0.0) OR isnan(`x`))", pushed("x > -0.0"));
        assertEquals("((`f32` >= -0.0) OR isnan(`f32`))", pushed("f32 >= 0"));
        assertEquals("((`x` < -0.0) AND NOT isnan(`x`))", pushed("0 > x"));
    }

    @Test
    void floatRangesPutEveryNanAboveEveryNumber() {
        // Lance's total order puts a NaN with the sign bit set below every number.
        assertEquals("((`x` < 1.5) AND NOT isnan(`x`))", pushed("x < 1.5"));
        assertEquals("((`x` >= 1.5) OR isnan(`x`))", pushed("x >= 1.5"));
        assertEquals("((`f32` >= 0.5) OR isnan(`f32`)) AND ((`f32` <= 2.5) AND NOT isnan(`f32`))",
                pushed("f32 BETWEEN 0.5 AND 2.5"));
        assertEquals("(`x` = 1.5)", pushed("x = 1.5"));
    }

    @Test
    void twoInListsOverOneColumnInOneAndOrOrStayResidual() {
        // DataFusion merges the lists and replaces an empty result by FALSE / TRUE, losing NULL.
        assertNull(pushed("NOT (x IN (1.0) AND x IN (2.5))"));
        assertNull(pushed("i32 NOT IN (1) OR i32 NOT IN (2)"));
        assertNull(pushed("NOT ((i32 = 1 OR i32 = 2) AND (i32 = 3 OR i32 = 4))"));
        assertNull(pushed("NOT (x = 0 AND x IN (1.5, 2.5))"));
        assertEquals("(NOT ((`i32` IN (1)) AND (`x` IN (2.5))))", pushed("NOT (i32 IN (1) AND x IN (2.5))"));
        assertEquals("(NOT ((`i32` = 1) AND (`i32` = 2)))", pushed("NOT (i32 = 1 AND i32 = 2)"));
    }

    @Test
    void secondInListConjunctOverAColumnStaysResidual() {
        assertEquals("(`i32` IN (1, 2))", pushed("i32 IN (1, 2) AND i32 NOT IN (1, 2)"));
        assertEquals("NOT (i32 IN (1, 2))", residual("i32 IN (1, 2) AND i32 NOT IN (1, 2)"));
        assertEquals("(`i32` IN (1)) AND (`id` IN (2))", pushed("i32 IN (1) AND id IN (2)"));
    }

    @Test
    void textOutsideTheBasicMultilingualPlaneStaysResidual() {
        // lance-core passes the filter in modified UTF-8, which Rust rejects for such characters.
        assertNull(pushed("s = '\uD83E\uDD86'"));
        assertNull(pushed("s LIKE '%\uD83E\uDD86%'"));
        assertEquals("(`s` = '\uFFFD')", pushed("s = '\uFFFD'"));
    }

    @Test
    void int64MinimumIsWrittenAsArithmetic() {
        assertEquals("(`id` = (-9223372036854775807 - 1))", pushed("id = -9223372036854775808"));
    }

    @Test
    void identifiersAreAlwaysBackticked() {
        assertEquals("(`Mixed Case` = 1)", pushed("`Mixed Case` = 1"));
    }

    @Test
    void limitReachesTheScanOnlyWithoutResidual() {
        ParsedStatement.Query q = (ParsedStatement.Query) SqlParser.parse("SELECT id FROM t WHERE id > 1 LIMIT 10 OFFSET 5");
        LogicalPlan p = Optimizer.optimize(QueryBinder.bind(q.select(), new TestCatalog(), java.util.List.of(),
                Clock.systemUTC()));
        assertEquals(15, scan(p).limit());
        q = (ParsedStatement.Query) SqlParser.parse("SELECT id FROM t WHERE upper(s) = 'A' LIMIT 10");
        p = Optimizer.optimize(QueryBinder.bind(q.select(), new TestCatalog(), java.util.List.of(), Clock.systemUTC()));
        assertEquals(-1, scan(p).limit());
    }

    @Test
    void onlyReferencedColumnsAreScanned() {
        LogicalPlan p = plan("x > 1 AND upper(s) = 'A'");
        assertEquals(java.util.List.of(0, 6), scan(p).columns());
    }
}
