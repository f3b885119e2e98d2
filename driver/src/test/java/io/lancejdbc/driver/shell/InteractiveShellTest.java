package io.lancejdbc.driver.shell;

import static io.lancejdbc.driver.jdbc.ArrowColumns.batch;
import static io.lancejdbc.driver.jdbc.ArrowColumns.int64;
import static io.lancejdbc.driver.jdbc.ArrowColumns.schema;
import static io.lancejdbc.driver.jdbc.ArrowColumns.utf8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.driver.jdbc.FixedBatchQueryEngine;
import io.lancejdbc.driver.jdbc.LanceDriver;
import io.lancejdbc.driver.jdbc.TestDrivers;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Driver;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;

/**
 * The interactive shell is real sqlline reading commands from its input. sqlline finds the driver through
 * DriverManager, so for this test the registered LanceDriver is swapped for one over the in-test engine, and
 * restored afterwards.
 */
class InteractiveShellTest {

    @Test
    void sqllineRunsQueriesAndMetadataCommandsThroughTheDriver() throws Exception {
        try (RootAllocator allocator = new RootAllocator()) {
            FixedBatchQueryEngine engine = new FixedBatchQueryEngine(allocator);
            engine.catalog.table("default", "items", new Field("id", FieldType.nullable(new ArrowType.Int(64, true)),
                    null));
            engine.rows("SELECT id, name FROM items", schema(int64("id"), utf8("name")),
                    batch(int64("id", 7L), utf8("name", "lamp")));
            LanceDriver testDriver = TestDrivers.over(engine);
            List<Driver> registered = new ArrayList<>();
            for (Driver d : Collections.list(DriverManager.getDrivers())) {
                if (d instanceof LanceDriver) {
                    registered.add(d);
                    DriverManager.deregisterDriver(d);
                }
            }
            DriverManager.registerDriver(testDriver);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int status;
            try {
                String input = "SELECT id, name FROM items;\n!tables\n!quit\n";
                status = LanceShell.sqlline("jdbc:lance:/w",
                        new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), out, err, false);
            } finally {
                DriverManager.deregisterDriver(testDriver);
                for (Driver d : registered) {
                    DriverManager.registerDriver(d);
                }
                TestDrivers.shutdown(testDriver);
            }
            String printed = out.toString(StandardCharsets.UTF_8);
            assertEquals(0, status, printed + err.toString(StandardCharsets.UTF_8));
            assertTrue(printed.contains("| 7  | lamp |"), printed);
            assertTrue(printed.contains("| lance     | default     | items      | TABLE"), printed);
            assertEquals(0, allocator.getAllocatedMemory());
        }
    }
}
