package io.lancejdbc.exec.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.SqlError;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** query.max_memory as a connection property or SET value: bytes with an optional k, m or g. */
class SessionSettingsTest {
    private static long maxMemory(String v) {
        return SessionSettings.maxMemory(Map.of("query.max_memory", v));
    }

    @Test
    void unitsAreBinaryMultiples() {
        assertEquals(1000, maxMemory("1000"));
        assertEquals(512L << 10, maxMemory("512k"));
        assertEquals(64L << 20, maxMemory(" 64 MB "));
        assertEquals(2L << 30, maxMemory("2g"));
    }

    @Test
    void aLetterBInsideTheNumberIsNotIgnored() {
        // Every 'b' used to be deleted first: '1b0' became 10 bytes and 'abc' was reported as 'ac'.
        SqlError e = assertThrows(SqlError.class, () -> maxMemory("1b0"));
        assertEquals("22023", e.sqlState());
        SqlError abc = assertThrows(SqlError.class, () -> maxMemory("abc"));
        assertTrue(abc.getMessage().contains("got 'abc'"), abc.getMessage());
    }

    @Test
    void aLimitBeyondTheLongRangeSaturatesInsteadOfTurningNegative() {
        // 8589934592g is 2^63 bytes: n * 2^30 wrapped to Long.MIN_VALUE.
        assertEquals(Long.MAX_VALUE, maxMemory("8589934592g"));
        assertEquals(Long.MAX_VALUE, maxMemory("9223372036854775807k"));
    }

    @Test
    void zeroIsRefused() {
        assertEquals("22023", assertThrows(SqlError.class, () -> maxMemory("0m")).sqlState());
    }
}
