package io.lancejdbc.conformance.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.conformance.EngineContract;
import io.lancejdbc.conformance.EngineUnderTest;
import io.lancejdbc.exec.testing.SharedDemoWarehouse;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A thread reads the current row's columns over and over while another thread closes the ResultSet (or its
 * Statement). The getters take no lock (docs/benchmarks.md, "The cursor's per-row cost"), so the close frees the
 * batch under them; every getter call must end with a value or an SQLException (57014 / HY010), never with an
 * unchecked exception (an IndexOutOfBoundsException from a list or text vector, found by a breaking test).
 */
@EngineContract
class GetterRacingCloseTest {
    @RegisterExtension
    static final EngineUnderTest ENGINE = new EngineUnderTest();

    @ParameterizedTest
    @ValueSource(strings = {"numbers", "people", "events", "items"})
    void gettersRacingACloseEndWithAnSqlException(String table) throws Exception {
        Map<String, Integer> outcomes = new TreeMap<>();
        Random random = new Random(table.hashCode());
        try (Connection c = ENGINE.connect(SharedDemoWarehouse.url())) {
            for (int i = 0; i < 100; i++) {
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT * FROM " + table);
                assertTrue(rs.next());
                int n = rs.getMetaData().getColumnCount();
                boolean[] bytes = new boolean[n + 1];
                for (int k = 1; k <= n; k++) {
                    int type = rs.getMetaData().getColumnType(k);
                    bytes[k] = type == java.sql.Types.VARCHAR || type == java.sql.Types.VARBINARY;
                }
                CountDownLatch spinning = new CountDownLatch(1);
                AtomicReference<Throwable> ended = new AtomicReference<>();
                Thread reader = new Thread(() -> {
                    try {
                        while (true) {
                            for (int k = 1; k <= n; k++) {
                                rs.getObject(k);
                                rs.getString(k);
                                if (bytes[k]) {
                                    rs.getBytes(k);
                                }
                            }
                            spinning.countDown();
                        }
                    } catch (Throwable t) {
                        ended.set(t);
                        spinning.countDown();
                    }
                });
                reader.start();
                spinning.await();
                Thread.sleep(random.nextInt(3));
                if (i % 2 == 0) {
                    rs.close();
                } else {
                    s.close();
                }
                reader.join(10_000);
                s.close();
                Throwable t = ended.get();
                String key = t instanceof SQLException
                        ? "SQLException " + ((SQLException) t).getSQLState()
                        : String.valueOf(t);
                outcomes.merge(key.length() > 200 ? key.substring(0, 200) : key, 1, Integer::sum);
            }
        }
        outcomes.keySet().forEach(k -> assertTrue(k.startsWith("SQLException 57014")
                || k.startsWith("SQLException HY010"), table + ": " + outcomes));
    }
}
