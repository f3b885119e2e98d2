package io.lancejdbc.conformance.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.conformance.EngineUnderTest;
import io.lancejdbc.conformance.reliability.FaultInjectingProxy.Fault;
import io.lancejdbc.conformance.reliability.FaultInjectingProxy.Rule;
import io.lancejdbc.exec.testing.SecretCanary;
import io.lancejdbc.exec.testing.TestDatasets;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Supplier;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.lance.namespace.RestAdapter;

/**
 * Issue 16 section 2, the REST catalog: a {@link FaultInjectingProxy} in front of lance-core's RestAdapter (a real
 * REST namespace server) answers the catalog calls with 401, 403, 404, 429, 500 and 503 (once, or every time), slow
 * answers (within and beyond the read timeout), resets and malformed JSON, and an error that echoes the request's
 * credentials. Through SQL ({@code SELECT}, {@code SHOW DATABASES}, {@code SHOW TABLES}) and
 * {@code DatabaseMetaData} ({@code getSchemas}, {@code getTables}, {@code getColumns}) each call either gives its
 * fault-free answer (retries of 429/503 and resets) or fails in bounded time with a typed SQLException without a
 * credential; the connection answers correctly afterwards and no Arrow memory is left.
 */
class RestNamespaceFaultTest {
    @RegisterExtension
    static final EngineUnderTest ENGINE = new EngineUnderTest();

    private static final String BEARER = SecretCanary.credential("bearer");
    private static final String TENANT = SecretCanary.credential("tenant");

    @TempDir
    static Path warehouse;
    static RestAdapter adapter;
    static FaultInjectingProxy proxy;

    @BeforeAll
    static void start() throws IOException {
        try (BufferAllocator a = new RootAllocator()) {
            TestDatasets.namespaceWarehouse(a, warehouse);
        }
        adapter = new RestAdapter("dir", Map.of("root", warehouse.toString()), "127.0.0.1", 0);
        adapter.start();
        proxy = new FaultInjectingProxy(adapter.getPort());
    }

    @AfterAll
    static void stop() throws IOException {
        proxy.close();
        adapter.close();
    }

    private static Connection connect() throws SQLException {
        Properties p = new Properties();
        p.setProperty("lance.rest.security.type", "bearer");
        p.setProperty("lance.rest.bearer-token", BEARER);
        p.setProperty("lance.rest.header.X-Tenant", TENANT);
        p.setProperty("lance.rest.max-retries", "2");
        p.setProperty("lance.rest.retry-initial-backoff-ms", "50");
        p.setProperty("lance.rest.read-timeout-ms", "2000");
        p.setProperty("lance.rest.call-timeout-ms", "4000");
        p.setProperty("lance.table_access_cache_ttl_seconds", "0");
        return ENGINE.connect("jdbc:lance:rest:http://127.0.0.1:" + proxy.port(), p);
    }

    private interface Call {
        String run(Connection c) throws SQLException;
    }

    private static String rows(ResultSet rs, String... columns) throws SQLException {
        StringBuilder out = new StringBuilder();
        try (rs) {
            while (rs.next()) {
                for (String col : columns) {
                    out.append(rs.getString(col)).append('|');
                }
                out.append('\n');
            }
        }
        return out.toString();
    }

    private static String query(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.setQueryTimeout(10);
            ResultSet rs = s.executeQuery(sql);
            int n = rs.getMetaData().getColumnCount();
            String[] labels = new String[n];
            for (int i = 0; i < n; i++) {
                labels[i] = rs.getMetaData().getColumnLabel(i + 1);
            }
            return rows(rs, labels);
        }
    }

    private static Map<String, Call> calls() {
        Map<String, Call> m = new LinkedHashMap<>();
        m.put("SELECT", c -> query(c, "SELECT count(*), sum(id) FROM sales.orders"));
        m.put("SHOW DATABASES", c -> query(c, "SHOW DATABASES"));
        m.put("SHOW TABLES", c -> query(c, "SHOW TABLES FROM sales"));
        m.put("getSchemas", c -> rows(c.getMetaData().getSchemas(), "TABLE_SCHEM"));
        m.put("getTables", c -> rows(c.getMetaData().getTables(null, "sales%", "%", null), "TABLE_SCHEM",
                "TABLE_NAME"));
        m.put("getColumns", c -> {
            DatabaseMetaData md = c.getMetaData();
            return rows(md.getColumns(null, "sales", "orders", "%"), "COLUMN_NAME", "TYPE_NAME");
        });
        return m;
    }

    private static String error(int code, String text) {
        return "{\"error\":\"" + text + "\",\"code\":" + code + ",\"detail\":\"injected\"}";
    }

    private static Map<String, Supplier<List<Rule>>> faults() {
        String any = "^(GET|POST) /v1/";
        Map<String, Supplier<List<Rule>>> m = new LinkedHashMap<>();
        m.put("401", () -> List.of(Rule.status(any, 401, error(16, "unauthenticated"), Integer.MAX_VALUE)));
        m.put("403", () -> List.of(Rule.status(any, 403, error(15, "permission denied"), Integer.MAX_VALUE)));
        m.put("404", () -> List.of(Rule.status(any, 404, error(1, "namespace not found"), Integer.MAX_VALUE)));
        m.put("429 once", () -> List.of(Rule.status(any, 429, error(17, "slow down"), 1)));
        m.put("429 always", () -> List.of(Rule.status(any, 429, error(17, "slow down"), Integer.MAX_VALUE)));
        m.put("500", () -> List.of(Rule.status(any, 500, error(18, "internal"), Integer.MAX_VALUE)));
        m.put("503 once", () -> List.of(Rule.status(any, 503, error(17, "unavailable"), 1)));
        m.put("503 always", () -> List.of(Rule.status(any, 503, error(17, "unavailable"), Integer.MAX_VALUE)));
        m.put("500 echoing the credentials", () -> List.of(Rule.status(any, 500, error(18, "request with "
                + "Authorization: Bearer " + BEARER + " and X-Tenant: " + TENANT + " failed"), Integer.MAX_VALUE)));
        m.put("non-JSON 502", () -> List.of(Rule.status(any, 502, "<html>Bad Gateway " + TENANT + "</html>",
                Integer.MAX_VALUE)));
        m.put("slow, within the read timeout", () -> List.of(Rule.stall(any, 150, Integer.MAX_VALUE)));
        m.put("slow, beyond the read timeout", () -> List.of(Rule.stall(any, 30_000, Integer.MAX_VALUE)));
        m.put("reset once", () -> List.of(new Rule(any, Fault.RESET, 1)));
        m.put("reset always", () -> List.of(new Rule(any, Fault.RESET, Integer.MAX_VALUE)));
        m.put("malformed JSON", () -> List.of(new Rule(any, Fault.MALFORMED_JSON, Integer.MAX_VALUE)));
        m.put("truncated body", () -> List.of(new Rule(any, Fault.TRUNCATE, Integer.MAX_VALUE)));
        return m;
    }

    /**
     * The outcome of each fault (every call): "answered" or an SQLState. An unreachable, failing or too slow
     * catalog while a statement runs is 58030 (I/O error), never an 08 state: the JDBC connection is fine and pools
     * evict connections on 08 (docs/conformance.md, "SQLStates of storage and catalog failures").
     */
    private static String expectedOutcome(String fault) {
        return switch (fault) {
            case "401" -> "28000";
            case "403" -> "42501";
            case "404" -> "3F000";
            case "429 once", "503 once", "slow, within the read timeout", "reset once" -> "answered";
            case "429 always", "503 always", "non-JSON 502", "slow, beyond the read timeout", "reset always",
                    "truncated body" -> "58030";
            case "500", "500 echoing the credentials", "malformed JSON" -> "HY000";
            default -> throw new IllegalArgumentException("no expected outcome for fault " + fault);
        };
    }

    /**
     * The same outages while the connection is opened (one NamespaceExists call): the connection cannot be
     * established, 08001; rejected credentials stay 28000.
     */
    @Test
    void catalogOutageWhileConnectingIsAConnectionFailure() {
        Map<String, Supplier<List<Rule>>> faults = faults();
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("503 always", "08001");
        expected.put("reset always", "08001");
        expected.put("slow, beyond the read timeout", "08001");
        expected.put("401", "28000");
        Map<String, String> got = new LinkedHashMap<>();
        for (String fault : expected.keySet()) {
            proxy.clear();
            faults.get(fault).get().forEach(proxy::add);
            try (Connection c = connect()) {
                got.put(fault, "connected");
            } catch (SQLException e) {
                got.put(fault, e.getSQLState());
                assertTrue(e.getMessage().contains("http://127.0.0.1:" + proxy.port()), e.getMessage());
                assertTrue(!SecretCanary.leaks(SecretCanary.fullText(e)), "the failure shows a credential");
            } finally {
                proxy.clear();
            }
        }
        assertEquals(expected, got);
    }

    @Test
    void everyCatalogCallAnswersOrFailsTypedUnderEveryFault() throws Exception {
        Map<String, Call> calls = calls();
        Map<String, String> expected = new LinkedHashMap<>();
        Map<String, String> outcomes = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        try (Connection c = connect()) {
            for (Map.Entry<String, Call> call : calls.entrySet()) {
                expected.put(call.getKey(), call.getValue().run(c));
            }
            assertEquals("200|19900|\n", expected.get("SELECT"));
            assertTrue(expected.get("getSchemas").contains("sales.eu"), expected.get("getSchemas"));
            for (Map.Entry<String, Supplier<List<Rule>>> fault : faults().entrySet()) {
                for (Map.Entry<String, Call> call : calls.entrySet()) {
                    String name = fault.getKey() + " / " + call.getKey();
                    proxy.clear();
                    List<Rule> rules = fault.getValue().get();
                    rules.forEach(proxy::add);
                    long start = System.nanoTime();
                    String outcome;
                    try {
                        String got = call.getValue().run(c);
                        outcome = got.equals(expected.get(call.getKey())) ? "answered" : "WRONG";
                        if (!got.equals(expected.get(call.getKey()))) {
                            problems.add(name + ": answered " + got + " instead of " + expected.get(call.getKey()));
                        }
                    } catch (SQLException e) {
                        outcome = e.getSQLState();
                        System.out.println("fault " + name + " message: " + e.getMessage());
                        if (e.getSQLState() == null || e.getMessage().contains("Internal error")) {
                            problems.add(name + ": an untyped failure " + e.getSQLState() + " " + e.getMessage());
                        }
                        if (SecretCanary.leaks(SecretCanary.fullText(e))) {
                            problems.add(name + ": the failure shows a credential: " + SecretCanary.fullText(e)
                                    .replaceAll("(?i)" + SecretCanary.MARKER + "[-\\w]*", "<CANARY>"));
                        }
                    } catch (Throwable t) {
                        outcome = "THROWABLE";
                        problems.add(name + ": not an SQLException: " + t);
                    }
                    long millis = (System.nanoTime() - start) / 1_000_000;
                    int hits = rules.stream().mapToInt(r -> r.hits.get()).sum();
                    outcomes.put(name, outcome + " in " + millis + " ms (" + hits + " faults)");
                    if (!outcome.equals(expectedOutcome(fault.getKey()))) {
                        problems.add(name + ": " + outcome + ", expected " + expectedOutcome(fault.getKey()));
                    }
                    if (millis > 15_000) {
                        problems.add(name + ": took " + millis + " ms");
                    }
                    proxy.clear();
                    if (ENGINE.allocatedBytes() != 0) {
                        problems.add(name + ": " + ENGINE.allocatedBytes() + " Arrow bytes held");
                    }
                    String after = call.getValue().run(c);
                    if (!after.equals(expected.get(call.getKey()))) {
                        problems.add(name + ": afterwards the answer is " + after);
                    }
                }
            }
        }
        StringBuilder report = new StringBuilder("REST namespace faults:\n");
        outcomes.forEach((k, v) -> report.append("  ").append(k).append(": ").append(v).append('\n'));
        System.out.println(report);
        assertEquals(List.of(), problems, report.toString());
    }
}
