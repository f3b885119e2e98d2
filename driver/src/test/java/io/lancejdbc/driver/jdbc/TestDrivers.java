package io.lancejdbc.driver.jdbc;

import io.lancejdbc.engine.QueryEngine;

/** Test access to the driver's engine-injecting constructor from other packages (the shell tests). */
public final class TestDrivers {
    private TestDrivers() {
    }

    /** A driver whose connections all run on {@code engine}. */
    public static LanceDriver over(QueryEngine engine) {
        return new LanceDriver(() -> engine);
    }

    public static void shutdown(LanceDriver driver) {
        driver.shutdown();
    }
}
