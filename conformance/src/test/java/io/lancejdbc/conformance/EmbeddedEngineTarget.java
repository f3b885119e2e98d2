package io.lancejdbc.conformance;

import static org.junit.jupiter.api.Assertions.fail;

import io.lancejdbc.driver.jdbc.EngineDrivers;
import io.lancejdbc.driver.jdbc.LanceDataSource;
import io.lancejdbc.driver.jdbc.LanceDriver;
import io.lancejdbc.exec.engine.EmbeddedQueryEngine;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.util.Properties;
import org.apache.arrow.memory.BufferAllocator;

/** {@link EngineMode#EMBEDDED}: the real driver over a real embedded engine of its own, in this JVM. */
final class EmbeddedEngineTarget implements EngineTarget {
    private final EmbeddedQueryEngine engine = new EmbeddedQueryEngine();
    private final LanceDriver driver = EngineDrivers.over(engine);

    @Override
    public Driver driver() {
        return driver;
    }

    @Override
    public Connection connect(String url, Properties properties) throws SQLException {
        return driver.connect(url, properties);
    }

    @Override
    public LanceDataSource dataSource(String url) {
        return EngineDrivers.dataSource(engine, url);
    }

    @Override
    public long allocatedBytes() {
        return engine.rootAllocator().getAllocatedMemory();
    }

    @Override
    public void assertReleased(String after) {
        BufferAllocator root = engine.rootAllocator();
        if (root.getAllocatedMemory() != 0 || !root.getChildAllocators().isEmpty()) {
            fail("Arrow memory held after " + after + ": " + root.getAllocatedMemory() + " bytes\n"
                    + root.toVerboseString());
        }
    }

    @Override
    public void close() {
        EngineDrivers.shutdown(driver);
    }
}
