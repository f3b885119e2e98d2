package io.lancejdbc.exec.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.QueryOptions;
import io.lancejdbc.engine.QueryResult;
import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.exec.expr.ValueAccess;
import io.lancejdbc.exec.lance.demo.DemoWarehouse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EngineSmokeTest {
    @TempDir
    static Path dir;
    static EmbeddedQueryEngine engine;
    static EngineSession session;

    @BeforeAll
    static void open() {
        Path wh = DemoWarehouse.createIfAbsent(dir.resolve("wh"));
        engine = new EmbeddedQueryEngine();
        session = engine.openSession(EngineConfig.of(Map.of("warehouse", wh.toString())));
    }

    @AfterAll
    static void close() {
        session.close();
        engine.close();
    }

    static List<List<Object>> rows(String sql) {
        List<List<Object>> out = new ArrayList<>();
        try (QueryResult r = session.execute(sql, List.of(), QueryOptions.defaults())) {
            VectorSchemaRoot b;
            while ((b = r.nextBatch()) != null) {
                try (VectorSchemaRoot batch = b) {
                    List<ValueAccess.Getter> g = new ArrayList<>();
                    for (var v : batch.getFieldVectors()) {
                        g.add(ValueAccess.getter(v));
                    }
                    for (int i = 0; i < batch.getRowCount(); i++) {
                        List<Object> row = new ArrayList<>();
                        for (var x : g) {
                            row.add(x.get(i));
                        }
                        out.add(row);
                    }
                }
            }
        }
        return out;
    }

    @Test
    void smoke() {
        System.out.println(rows("SHOW DATABASES"));
        System.out.println(rows("SHOW TABLES"));
        System.out.println(rows("SELECT count(*) FROM numbers"));
        System.out.println(rows("SELECT id, x, label FROM numbers WHERE id < 5 ORDER BY id DESC"));
        System.out.println(rows("SELECT label, count(*), sum(x), avg(x), min(id), max(id) FROM numbers GROUP BY label ORDER BY label LIMIT 3"));
        System.out.println(rows("EXPLAIN SELECT id FROM numbers WHERE id > 9990 AND x * 2 > 0 LIMIT 3"));
        System.out.println(rows("SELECT id FROM numbers WHERE id > 9990 AND upper(label) = 'N5'"));
        System.out.println(rows("SELECT count(*) FROM numbers WHERE label IN ('n1', 'n2')"));
        System.out.println(rows("SELECT * FROM analytics.daily_sales LIMIT 2"));
        System.out.println(rows("DESC people"));
        System.out.println(rows("SELECT name, address.city, tags[1], attributes['team'] FROM people ORDER BY id LIMIT 3"));
        System.out.println(rows("SELECT 1 + 2, 'a' || 'b', CAST('2024-01-01' AS DATE) + INTERVAL 1 MONTH"));
        System.out.println(rows("SHOW INDEX FROM items"));
        System.out.println(rows("SELECT id FROM numbers WHERE id IN (SELECT id FROM numbers WHERE id < 3)"));
        assertEquals(List.of(Arrays.asList(10000L)), rows("SELECT count(*) FROM numbers"));
    }
}
