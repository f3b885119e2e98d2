package io.lancejdbc.conformance.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.conformance.EngineUnderTest;
import io.lancejdbc.conformance.reliability.FaultInjectingProxy.Fault;
import io.lancejdbc.conformance.reliability.FaultInjectingProxy.Rule;
import io.lancejdbc.exec.testing.SecretCanary;
import io.lancejdbc.exec.testing.UriDatasets;
import io.lancejdbc.exec.testing.s3.S3TestServer;
import io.lancejdbc.exec.testing.s3.SharedS3Proxy;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 16 section 2, object storage: a {@link FaultInjectingProxy} in front of the in-process S3Proxy answers the
 * requests of a pattern (data file reads, manifest reads, listings, everything) with 500, 503 SlowDown, 403, 404,
 * resets, stalls, truncated bodies and changed bodies, once or on every request. Under each fault a fragment scan,
 * a vector_search and a file TVF with {@code uris} (glob expansion through the AWS SDK, then lance-core) either give
 * the answer they give without faults (retries) or fail within the statement timeout with a typed SQLException that
 * names the object and shows no credential; no Arrow memory is left and the connection answers correctly afterwards.
 */
@ExtendWith(SharedS3Proxy.class)
class ObjectStoreFaultTest {
    @RegisterExtension
    static final EngineUnderTest ENGINE = new EngineUnderTest();

    private static final int TIMEOUT_SECONDS = 4;

    @TempDir
    static Path local;
    static FaultProxiedWarehouse warehouse;
    static String bucket;
    static FaultInjectingProxy proxy;

    @BeforeAll
    static void setUp(S3TestServer server) throws IOException {
        try (BufferAllocator a = new RootAllocator()) {
            warehouse = FaultProxiedWarehouse.create(server, "faults", a, local);
            bucket = warehouse.bucket();
            UriDatasets.createIds(a, "s3://" + bucket + "/t/a.lance", warehouse.lanceOptions(), 0, 10, 5);
            UriDatasets.createIds(a, "s3://" + bucket + "/t/b.lance", warehouse.lanceOptions(), 100, 8, 0);
        }
        proxy = warehouse.proxy();
    }

    @AfterAll
    static void tearDown() throws IOException {
        warehouse.close();
    }

    private static Connection connect() throws SQLException {
        Properties p = warehouse.connectionProperties();
        // Every query resolves the latest version (a listing) and opens what it reads through the proxy.
        p.setProperty("cache.latest_version.ttl_seconds", "0");
        p.setProperty("cache.metadata.ttl_seconds", "0");
        p.setProperty("lance.storage.client_max_retries", "3");
        p.setProperty("lance.storage.client_retry_timeout", "3");
        return ENGINE.connect(warehouse.url(), p);
    }

    private static String vectorSql() {
        return warehouse.vectorSql();
    }

    private static Map<String, String> statements() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("scan", "SELECT count(*), sum(id), count(i32), sum(i32) FROM numbers");
        m.put("vector_search", vectorSql());
        m.put("uris", "SELECT count(*), sum(id) FROM s3(\"uris\" = '[\"s3://" + bucket + "/t/*.lance\"]', "
                + "\"format\" = \"lance\")");
        return m;
    }

    private static String answer(Connection c, String sql) throws SQLException {
        return answer(c, sql, TIMEOUT_SECONDS);
    }

    /** The answer without a fault: a generous timeout, since a cold first query on a loaded machine is slow. */
    private static String faultFreeAnswer(Connection c, String sql) throws SQLException {
        return answer(c, sql, 60);
    }

    private static String answer(Connection c, String sql, int timeoutSeconds) throws SQLException {
        StringBuilder out = new StringBuilder();
        try (Statement s = c.createStatement()) {
            s.setQueryTimeout(timeoutSeconds);
            try (ResultSet rs = s.executeQuery(sql)) {
                int n = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    for (int i = 1; i <= n; i++) {
                        out.append(i == 1 ? "" : "|").append(rs.getString(i));
                    }
                    out.append('\n');
                }
            }
        }
        return out.toString();
    }

    /** The faults: a name and the rules it installs. */
    private static Map<String, Supplier<List<Rule>>> faults() {
        String data = "^GET /" + bucket + "/wh/[^ ]*\\.lance/data/|^GET /" + bucket + "/t/[^ ]*/data/";
        String manifest = "^GET /" + bucket + "/[^ ]*_versions/[^ ]*\\.manifest";
        String list = "^GET /" + bucket + "\\?[^ ]*list-type=2";
        String any = "^(GET|HEAD|PUT|POST) /";
        Map<String, Supplier<List<Rule>>> m = new LinkedHashMap<>();
        m.put("500 once on data reads", () -> List.of(Rule.status(data, 500, Rule.s3Error("InternalError",
                "We encountered an internal error. Please try again."), 1)));
        m.put("503 SlowDown twice on data reads", () -> List.of(Rule.status(data, 503, Rule.s3Error("SlowDown",
                "Please reduce your request rate."), 2)));
        m.put("503 SlowDown on every data read", () -> List.of(Rule.status(data, 503, Rule.s3Error("SlowDown",
                "Please reduce your request rate."), Integer.MAX_VALUE)));
        m.put("500 once on listings", () -> List.of(Rule.status(list, 500, Rule.s3Error("InternalError",
                "internal"), 1)));
        m.put("503 on every listing", () -> List.of(Rule.status(list, 503, Rule.s3Error("ServiceUnavailable",
                "unavailable"), Integer.MAX_VALUE)));
        m.put("503 on every manifest read", () -> List.of(Rule.status(manifest, 503, Rule.s3Error(
                "ServiceUnavailable", "unavailable"), Integer.MAX_VALUE)));
        m.put("403 on everything", () -> List.of(Rule.status(any, 403, Rule.s3Error("AccessDenied",
                "Access Denied"), Integer.MAX_VALUE)));
        m.put("404 on data reads", () -> List.of(Rule.status(data, 404, Rule.s3Error("NoSuchKey",
                "The specified key does not exist."), Integer.MAX_VALUE)));
        m.put("reset once on data reads", () -> List.of(new Rule(data, Fault.RESET, 1)));
        m.put("reset on every request", () -> List.of(new Rule(any, Fault.RESET, Integer.MAX_VALUE)));
        m.put("truncated data bodies once", () -> List.of(new Rule(data, Fault.TRUNCATE, 1)));
        m.put("truncated data bodies always", () -> List.of(new Rule(data, Fault.TRUNCATE, Integer.MAX_VALUE)));
        // Not here: changed data bodies. lance-core 7.0.0 decodes altered pages with assertions that panic; most
        // panics come back as errors (HY000), but one full verify run aborted the test JVM (exit 134, decoder.rs
        // bit-width assertion), so the case cannot run inside a shared JVM until the isolated engine (issue 10
        // section 4) hosts lance-core; see docs/conformance.md, "Reliability".
        // Not here: a changed manifest body aborts the JVM inside lance-core 7.0.0 (Dataset::load_manifest slices
        // past the end of the bytes it read and panics across JNI); see docs/conformance.md, "Reliability".
        // A read that stalls is StalledReadTest's (a timeout, cancel or close ends the statement during the stall).
        return m;
    }

    /**
     * The outcomes each fault may have (any statement): "answered", or SQLStates. A storage outage while a
     * statement runs is 58030 (I/O error), never an 08 state: the JDBC connection is fine and pools evict
     * connections on 08 (docs/conformance.md, "SQLStates of storage and catalog failures").
     */
    private static Set<String> allowed(String fault) {
        if (fault.contains("once") || fault.contains("twice")) {
            return Set.of("answered");
        }
        if (fault.startsWith("503 SlowDown on every data read") || fault.startsWith("503 on every manifest read")) {
            return Set.of("58030", "HYT00");
        }
        if (fault.startsWith("503 on every listing") || fault.startsWith("reset on every request")
                || fault.startsWith("truncated data bodies always")) {
            return Set.of("58030");
        }
        if (fault.startsWith("403")) {
            return Set.of("28000");
        }
        if (fault.startsWith("404 on data reads")) {
            // HY000 naming the missing file, usually in 30-200 ms. After the other faults of this test, lance-core
            // 7.0.0's vector search took 1.0-3.7 s (once past the 4 s timeout) to return the 404 as an error:
            // a thread dump 700 ms in showed both split workers inside lance-core's native stream and no request
            // open at the proxy; see docs/conformance.md, "Reliability". The statement still ends at its timeout.
            return Set.of("HY000", "HYT00");
        }
        throw new IllegalArgumentException("no expected outcome for fault " + fault);
    }

    /**
     * Storage that resets every request or answers 503 to every listing while the connection is opened (the
     * warehouse is listed once): the connection cannot be established, 08001, naming the warehouse.
     */
    @Test
    void storageOutageWhileConnectingIsAConnectionFailure() {
        String list = "^GET /" + bucket + "\\?[^ ]*list-type=2";
        Map<String, Rule> faults = new LinkedHashMap<>();
        faults.put("reset", new Rule("^(GET|HEAD) /", Fault.RESET, Integer.MAX_VALUE));
        faults.put("503 listings", Rule.status(list, 503, Rule.s3Error("ServiceUnavailable", "unavailable"),
                Integer.MAX_VALUE));
        Map<String, String> got = new LinkedHashMap<>();
        for (Map.Entry<String, Rule> fault : faults.entrySet()) {
            proxy.clear();
            proxy.add(fault.getValue());
            try (Connection c = connect()) {
                got.put(fault.getKey(), "connected");
            } catch (SQLException e) {
                got.put(fault.getKey(), e.getSQLState());
                assertTrue(e.getMessage().contains("s3://" + bucket + "/wh"), e.getMessage());
                assertTrue(!SecretCanary.leaks(SecretCanary.fullText(e)), "the failure shows a credential");
            } finally {
                proxy.clear();
            }
        }
        assertEquals(Map.of("reset", "08001", "503 listings", "08001"), got);
    }

    /**
     * Altered bytes of a data file: Lance 7.0.0 files carry no checksums, so a changed body either fails to decode
     * (HY000, a Lance panic turned into an error) or decodes into other values (ALTERED: vector_search ranks other
     * rows); both are reported, neither aborts or hangs.
     */
    @Test
    void everyStatementAnswersOrFailsTypedWithinTheTimeoutUnderEveryFault() throws Exception {
        Map<String, String> statements = statements();
        Map<String, String> expected = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        Map<String, String> outcomes = new LinkedHashMap<>();
        try (Connection c = connect()) {
            for (Map.Entry<String, String> st : statements.entrySet()) {
                expected.put(st.getKey(), faultFreeAnswer(c, st.getValue()));
            }
            assertTrue(expected.get("scan").startsWith("20000|"), expected.get("scan"));
            assertEquals(5, expected.get("vector_search").split("\n").length);
            assertEquals("18|" + (45 + 100 * 8 + 28) + "\n", expected.get("uris"));
            java.util.regex.Pattern only = java.util.regex.Pattern.compile(System.getProperty("lancejdbc.faults.only",
                    ".*"));
            for (Map.Entry<String, Supplier<List<Rule>>> fault : faults().entrySet()) {
                if (!only.matcher(fault.getKey()).find()) {
                    continue;
                }
                for (Map.Entry<String, String> st : statements.entrySet()) {
                    String name = fault.getKey() + " / " + st.getKey();
                    proxy.clear();
                    List<Rule> rules = fault.getValue().get();
                    rules.forEach(proxy::add);
                    long start = System.nanoTime();
                    String outcome;
                    try {
                        String got = answer(c, st.getValue());
                        boolean changed = rules.stream().anyMatch(r -> r.fault == Fault.CHANGE);
                        outcome = got.equals(expected.get(st.getKey())) ? "answered" : changed ? "ALTERED" : "WRONG";
                        if (!got.equals(expected.get(st.getKey())) && !changed) {
                            problems.add(name + ": a wrong answer " + got + " instead of " + expected.get(st.getKey()));
                        }
                    } catch (SQLException e) {
                        outcome = e.getSQLState();
                        System.out.println("fault " + name + " message: " + e.getMessage());
                        String text = SecretCanary.fullText(e);
                        if (e.getSQLState() == null || e.getMessage().contains("Internal error")) {
                            problems.add(name + ": an untyped failure " + e.getSQLState() + " " + e.getMessage());
                        }
                        if (SecretCanary.leaks(text)) {
                            problems.add(name + ": the failure shows a credential");
                        }
                        boolean stopped = e.getSQLState() != null && (e.getSQLState().equals("HYT00")
                                || e.getSQLState().equals("57014"));
                        if (!stopped && !e.getMessage().contains(bucket) && !e.getMessage().contains("vecs")
                                && !e.getMessage().contains("numbers")) {
                            problems.add(name + ": the message names no object: " + e.getMessage());
                        }
                    } catch (Throwable t) {
                        outcome = "THROWABLE";
                        problems.add(name + ": not an SQLException: " + t);
                    }
                    long millis = (System.nanoTime() - start) / 1_000_000;
                    int hits = rules.stream().mapToInt(r -> r.hits.get()).sum();
                    outcomes.put(name, outcome + " in " + millis + " ms (" + hits + " faults)");
                    System.out.println("fault " + name + ": " + outcomes.get(name));
                    if (!outcome.equals("ALTERED") && !allowed(fault.getKey()).contains(outcome)) {
                        problems.add(name + ": " + outcome + ", expected one of " + allowed(fault.getKey()));
                    }
                    if (millis > (TIMEOUT_SECONDS + 7) * 1000L) {
                        problems.add(name + ": took " + millis + " ms with a " + TIMEOUT_SECONDS + " s timeout");
                    }
                    proxy.clear();
                    // A worker stuck in a stalled read releases its batches when the read returns (now).
                    long drained = System.nanoTime() + 3_000_000_000L;
                    while (ENGINE.allocatedBytes() != 0 && System.nanoTime() < drained) {
                        Thread.sleep(20);
                    }
                    if (ENGINE.allocatedBytes() != 0) {
                        problems.add(name + ": " + ENGINE.allocatedBytes() + " Arrow bytes held");
                    }
                    String after = faultFreeAnswer(c, st.getValue());
                    if (!after.equals(expected.get(st.getKey()))) {
                        problems.add(name + ": after the fault the answer is " + after);
                    }
                }
            }
        }
        StringBuilder report = new StringBuilder("Object storage faults:\n");
        outcomes.forEach((k, v) -> report.append("  ").append(k).append(": ").append(v).append('\n'));
        System.out.println(report);
        assertEquals(List.of(), problems, report.toString());
    }
}
