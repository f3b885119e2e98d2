package io.lancejdbc.examples;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.exec.lance.demo.DemoWarehouse;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The examples run as written against the demo warehouse. */
class ExamplesTest {
    @TempDir
    static Path dir;
    static Path warehouse;

    @BeforeAll
    static void demo() {
        warehouse = DemoWarehouse.createIfAbsent(dir.resolve("demo"));
    }

    private static String run(ThrowingMain main) throws Exception {
        PrintStream old = System.out;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
        try {
            main.run(new String[] {warehouse.toString()});
        } finally {
            System.setOut(old);
        }
        return buf.toString(StandardCharsets.UTF_8);
    }

    interface ThrowingMain {
        void run(String[] args) throws Exception;
    }

    @Test
    void quickStartListsTablesAndAggregates() throws Exception {
        String out = run(QuickStart::main);
        assertTrue(out.contains("table: items"), out);
        assertTrue(out.contains("category\tn\tavg_price"), out);
        assertTrue(out.contains("books\t"), out);
    }

    @Test
    void metadataExampleShowsColumns() throws Exception {
        String out = run(MetadataExample::main);
        assertTrue(out.contains("analytics.daily_sales"), out);
        assertTrue(out.contains("  id BIGINT NOT NULL") || out.contains("  id bigint NOT NULL"), out);
    }
}
