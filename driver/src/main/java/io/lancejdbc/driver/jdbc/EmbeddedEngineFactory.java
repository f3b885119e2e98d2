package io.lancejdbc.driver.jdbc;

import io.lancejdbc.exec.engine.QueryEngine;
import io.lancejdbc.sql.SqlError;
import io.lancejdbc.sql.SqlState;
import java.lang.reflect.InvocationTargetException;

/**
 * Creates the in-process engine, {@code io.lancejdbc.exec.engine.EmbeddedQueryEngine}.
 */
final class EmbeddedEngineFactory {
    static final String ENGINE_CLASS = "io.lancejdbc.exec.engine.EmbeddedQueryEngine";

    private EmbeddedEngineFactory() {
    }

    /**
     * @throws SqlError 08001 when the engine class is missing or its constructor fails
     */
    static QueryEngine create() {
        // Reflection only because EmbeddedQueryEngine is written in parallel on another branch; once it is on
        // main this becomes `new EmbeddedQueryEngine()`.
        try {
            Class<?> engineClass = Class.forName(ENGINE_CLASS);
            return (QueryEngine) engineClass.getDeclaredConstructor().newInstance();
        } catch (ClassNotFoundException e) {
            throw new SqlError(SqlState.CONNECTION_FAILURE, "This build of lance-jdbc has no embedded engine ("
                    + ENGINE_CLASS + " is missing)", e);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof SqlError) {
                throw (SqlError) cause;
            }
            throw new SqlError(SqlState.CONNECTION_FAILURE, "The embedded engine failed to start: " + cause, cause);
        } catch (ReflectiveOperationException e) {
            throw new SqlError(SqlState.CONNECTION_FAILURE, "The embedded engine cannot be created: " + e, e);
        }
    }
}
