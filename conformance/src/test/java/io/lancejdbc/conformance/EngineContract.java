package io.lancejdbc.conformance;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * Marks a test class of the engine contract suite: the JDBC behaviour users see (types and getters, metadata,
 * errors with their SQLStates, prepared statements, vector_search, file TVFs, EXPLAIN, cancel and timeouts, the
 * corpus reads, real clients), which must hold whichever {@link EngineMode} runs the engine. Such a class opens
 * every connection through its {@link EngineUnderTest} and never reaches into an engine, so it runs unchanged in
 * every mode. The tag ({@value #TAG}) lets a Surefire execution run only the suite, in another mode:
 * {@code <groups>engine-contract</groups>} with {@code <systemPropertyVariables><engine.mode>}.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag(EngineContract.TAG)
public @interface EngineContract {
    /** The JUnit tag of the suite. */
    String TAG = "engine-contract";
}
