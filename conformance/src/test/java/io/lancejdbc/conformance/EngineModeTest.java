package io.lancejdbc.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The engine.mode switch of the contract suite. */
class EngineModeTest {

    @Test
    void unsetOrBlankIsTheEmbeddedEngine() {
        assertEquals(EngineMode.EMBEDDED, EngineMode.of(null));
        assertEquals(EngineMode.EMBEDDED, EngineMode.of("  "));
    }

    @Test
    void aModeIsNamedByItsKeyInAnyCase() {
        assertEquals(EngineMode.EMBEDDED, EngineMode.of(" Embedded "));
    }

    @Test
    void anUnknownModeNamesTheKnownOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> EngineMode.of("cluster"));
        assertEquals("Unknown engine.mode=cluster; known modes: embedded, remote, isolated", e.getMessage());
    }
}
