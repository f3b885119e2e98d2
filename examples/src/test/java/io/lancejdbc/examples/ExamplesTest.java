package io.lancejdbc.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
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

    /** The demo items rows (DemoWarehouse's documented data): category {@code id % 5}, price NULL or a formula. */
    private static final java.util.List<String> CATEGORIES = java.util.List.of("books", "electronics", "garden",
            "toys", "food");

    private static Double price(long id) {
        return id % 97 == 13 ? null : (id * 37 % 10_000) / 100.0;
    }

    @Test
    void quickStartListsTablesAndAggregates() throws Exception {
        String[] lines = run(QuickStart::main).split("\n");
        assertEquals(java.util.List.of("table: articles", "table: events", "table: items", "table: numbers",
                "table: people", "category\tn\tavg_price"), java.util.List.of(lines).subList(0, 6));
        java.util.Map<String, double[]> sums = new java.util.TreeMap<>();
        for (long id = 0; id < 1_200; id++) {
            Double p = price(id);
            if (p != null && p > 20.0) {
                double[] s = sums.computeIfAbsent(CATEGORIES.get((int) (id % 5)), k -> new double[2]);
                s[0]++;
                s[1] += p;
            }
        }
        assertEquals(6 + sums.size(), lines.length, String.join("\n", lines));
        int i = 6;
        for (java.util.Map.Entry<String, double[]> e : sums.entrySet()) {
            String[] cols = lines[i++].split("\t");
            assertEquals(e.getKey(), cols[0]);
            assertEquals((long) e.getValue()[0], Long.parseLong(cols[1]), e.getKey());
            double expected = e.getValue()[1] / e.getValue()[0];
            assertEquals(expected, Double.parseDouble(cols[2]), Math.abs(expected) * 1e-12, e.getKey());
        }
    }

    @Test
    void metadataExampleShowsEveryTableAndTheItemsColumns() throws Exception {
        java.util.List<String> lines = java.util.List.of(run(MetadataExample::main).split("\n"));
        assertEquals(java.util.List.of("analytics.daily_sales", "default.articles", "default.events", "default.items",
                "default.numbers", "default.people"), lines.stream().filter(l -> !l.startsWith("  ")).toList());
        int items = lines.indexOf("default.items");
        assertEquals(java.util.List.of("  id BIGINT NOT NULL", "  name VARCHAR", "  category VARCHAR", "  price DOUBLE",
                "  embedding ARRAY<REAL>"), lines.subList(items + 1, items + 6));
    }

    @Test
    void vectorSearchFindsBooksNearTheBooksAxis() throws Exception {
        String out = run(VectorSearchExample::main);
        String[] lines = out.strip().split("\n");
        assertEquals("id\tname\tcategory\t_distance", lines[0], out);
        assertEquals(6, lines.length, out);
        java.util.Set<String> ids = new java.util.HashSet<>();
        double previous = -1;
        for (int i = 1; i < lines.length; i++) {
            String[] cols = lines[i].split("\t");
            long id = Long.parseLong(cols[0]);
            assertTrue(ids.add(cols[0]), "distinct ids: " + out);
            assertEquals("books", cols[2], out);
            assertEquals("books", CATEGORIES.get((int) (id % 5)), "the data's category of id " + id);
            double distance = Double.parseDouble(cols[3]);
            assertTrue(distance >= previous, "ordered by _distance: " + out);
            previous = distance;
        }
    }
}
