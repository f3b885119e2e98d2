package io.lancejdbc.driver.jdbc;

import io.lancejdbc.engine.metadata.CatalogMetadata;
import io.lancejdbc.engine.metadata.IndexDescriptor;
import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.ParameterValue;
import io.lancejdbc.engine.PreparedQuery;
import io.lancejdbc.engine.QueryEngine;
import io.lancejdbc.engine.QueryOptions;
import io.lancejdbc.engine.QueryResult;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.function.Function;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A stand-in {@link QueryEngine} for testing the JDBC layer's contract only (navigation, conversions, metadata
 * shapes, timeouts): it parses nothing; each SQL text maps to a scripted answer the test registers — fixed Arrow
 * batches built by hand from the test's allocator, an update count, an error, or rows that block until the
 * execution is cancelled. Batches are created only when the driver asks for them, so the allocator shows
 * whether the driver closed each one. End-to-end behaviour is tested against the real engine elsewhere.
 */
public final class FixedBatchQueryEngine implements QueryEngine {
    final BufferAllocator allocator;
    public final FixedCatalog catalog = new FixedCatalog();
    final List<Execution> executions = new CopyOnWriteArrayList<>();
    final List<String> sessionWarnings = new CopyOnWriteArrayList<>();
    final List<EngineConfig> openedWith = new CopyOnWriteArrayList<>();
    private final Map<String, Answer> answers = new ConcurrentHashMap<>();
    private final Map<String, Prepared> prepared = new ConcurrentHashMap<>();
    public volatile int openResults;
    volatile int closedSessions;

    /** What the engine received for one execution. */
    record Execution(String sql, List<ParameterValue> params, QueryOptions options) {
    }

    /** How the engine answers one SQL text. */
    interface Answer {
        QueryResult start(QueryOptions options);
    }

    /** The declared shape of a prepared statement. */
    record Prepared(List<ArrowType> parameterTypes, Schema resultSchema) {
    }

    public FixedBatchQueryEngine(BufferAllocator allocator) {
        this.allocator = allocator;
    }

    /** {@code sql} returns {@code batches}, each made from the allocator when the driver asks for it. */
    @SafeVarargs
    public final void rows(String sql, Schema schema, Function<BufferAllocator, VectorSchemaRoot>... batches) {
        answers.put(sql, options -> new FixedResult(schema, List.of(batches), options));
    }

    public void updateCount(String sql, long count) {
        answers.put(sql, options -> new FixedResult(count));
    }

    public void error(String sql, String sqlState, String message) {
        answers.put(sql, options -> {
            throw new SqlError(sqlState, message);
        });
    }

    /**
     * {@code sql} returns {@code first}, then blocks in the next {@code nextBatch()} until the execution is
     * cancelled, and throws the cancellation's error, as the engine does. {@code blocked} opens when it waits.
     */
    public void blockingRows(String sql, Schema schema, Function<BufferAllocator, VectorSchemaRoot> first,
            CountDownLatch blocked) {
        answers.put(sql, options -> new FixedResult(schema, List.of(first), options) {
            @Override
            VectorSchemaRoot afterLast() {
                CountDownLatch cancelled = new CountDownLatch(1);
                options.cancellation().onCancel(cancelled::countDown);
                blocked.countDown();
                try {
                    cancelled.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new SqlError(SqlState.QUERY_CANCELED, "interrupted");
                }
                options.cancellation().throwIfCancelled();
                return null;
            }
        });
    }

    /** Declares the parameter types and result schema {@code prepare(sql)} reports. */
    public void prepared(String sql, List<ArrowType> parameterTypes, Schema resultSchema) {
        prepared.put(sql, new Prepared(parameterTypes, resultSchema));
    }

    Execution lastExecution() {
        return executions.get(executions.size() - 1);
    }

    @Override
    public EngineSession openSession(EngineConfig config) {
        openedWith.add(config);
        return new Session(config.get(io.lancejdbc.engine.config.EngineProperty.CATALOG));
    }

    @Override
    public void close() {
    }

    private QueryResult answer(String sql, List<ParameterValue> params, QueryOptions options) {
        executions.add(new Execution(sql, List.copyOf(params), options));
        Answer a = answers.get(sql);
        if (a == null) {
            throw new SqlError(SqlState.SYNTAX_ERROR, "FixedBatchQueryEngine has no answer for: " + sql);
        }
        return a.start(options);
    }

    private final class Session implements EngineSession {
        private final String catalogName;
        private String schema = "default";

        Session(String catalogName) {
            this.catalogName = catalogName;
        }

        @Override
        public String catalogName() {
            return catalogName;
        }

        @Override
        public String currentSchema() {
            return schema;
        }

        @Override
        public void setCurrentSchema(String name) {
            if (!catalog.schemaNames().contains(name)) {
                throw new SqlError(SqlState.SCHEMA_NOT_FOUND, "Schema '" + name + "' does not exist (schemas: "
                        + String.join(", ", catalog.schemaNames()) + ")");
            }
            schema = name;
        }

        @Override
        public PreparedQuery prepare(String sql) {
            Prepared p = prepared.get(sql);
            if (p == null) {
                throw new SqlError(SqlState.SYNTAX_ERROR, "FixedBatchQueryEngine cannot prepare: " + sql, 8, null);
            }
            return new PreparedQuery() {
                @Override
                public int parameterCount() {
                    return p.parameterTypes().size();
                }

                @Override
                public List<ArrowType> parameterTypes() {
                    return p.parameterTypes();
                }

                @Override
                public Schema resultSchema() {
                    return p.resultSchema();
                }

                @Override
                public QueryResult execute(List<ParameterValue> params, QueryOptions options) {
                    return answer(sql, params, options);
                }
            };
        }

        @Override
        public QueryResult execute(String sql, List<ParameterValue> params, QueryOptions options) {
            return answer(sql, params, options);
        }

        @Override
        public CatalogMetadata metadata() {
            return catalog;
        }

        @Override
        public List<String> takeWarnings() {
            List<String> w = new ArrayList<>(sessionWarnings);
            sessionWarnings.clear();
            return w;
        }

        @Override
        public void close() {
            closedSessions++;
        }
    }

    /** Rows handed out batch by batch, or an update count. */
    class FixedResult implements QueryResult {
        private final Schema schema;
        private final Deque<Function<BufferAllocator, VectorSchemaRoot>> pending;
        private final long updateCount;
        private final QueryOptions options;
        private boolean closed;

        FixedResult(Schema schema, List<Function<BufferAllocator, VectorSchemaRoot>> batches, QueryOptions options) {
            this.schema = schema;
            this.pending = new ArrayDeque<>(batches);
            this.updateCount = -1;
            this.options = options;
            openResults++;
        }

        FixedResult(long updateCount) {
            this.schema = new Schema(List.of());
            this.pending = new ArrayDeque<>();
            this.updateCount = updateCount;
            this.options = null;
            openResults++;
        }

        @Override
        public boolean hasRows() {
            return updateCount < 0;
        }

        @Override
        public Schema schema() {
            return schema;
        }

        @Override
        public VectorSchemaRoot nextBatch() {
            if (closed || !hasRows()) {
                return null;
            }
            options.cancellation().throwIfCancelled();
            Function<BufferAllocator, VectorSchemaRoot> next = pending.poll();
            return next == null ? afterLast() : next.apply(allocator);
        }

        /** What nextBatch returns once the scripted batches are used up. */
        VectorSchemaRoot afterLast() {
            return null;
        }

        @Override
        public long updateCount() {
            return updateCount;
        }

        @Override
        public void close() {
            if (!closed) {
                closed = true;
                openResults--;
            }
        }
    }

    /** Schemas, tables, columns, indexes and primary keys given by the test. */
    public static final class FixedCatalog implements CatalogMetadata {
        private final Map<String, Map<String, List<Field>>> tables = new LinkedHashMap<>();
        private final Map<String, List<IndexDescriptor>> indexes = new ConcurrentHashMap<>();
        private final Map<String, List<String>> primaryKeys = new ConcurrentHashMap<>();
        volatile boolean unreachable;

        FixedCatalog() {
            tables.put("default", new LinkedHashMap<>());
        }

        public FixedCatalog table(String schema, String table, Field... columns) {
            tables.computeIfAbsent(schema, s -> new LinkedHashMap<>()).put(table, List.of(columns));
            return this;
        }

        public FixedCatalog schema(String schema) {
            tables.computeIfAbsent(schema, s -> new LinkedHashMap<>());
            return this;
        }

        FixedCatalog index(String schema, String table, IndexDescriptor index) {
            indexes.computeIfAbsent(schema + "." + table, k -> new CopyOnWriteArrayList<>()).add(index);
            return this;
        }

        FixedCatalog primaryKey(String schema, String table, String... columns) {
            primaryKeys.put(schema + "." + table, List.of(columns));
            return this;
        }

        private Map<String, List<Field>> schema0(String schema) {
            if (unreachable) {
                throw new SqlError(SqlState.CONNECTION_EXCEPTION, "storage unreachable");
            }
            Map<String, List<Field>> s = tables.get(schema);
            if (s == null) {
                throw new SqlError(SqlState.SCHEMA_NOT_FOUND, "Schema '" + schema + "' does not exist");
            }
            return s;
        }

        private List<Field> table0(String schema, String table) {
            List<Field> t = schema0(schema).get(table);
            if (t == null) {
                throw new SqlError(SqlState.TABLE_NOT_FOUND, "Table '" + schema + "." + table + "' does not exist");
            }
            return t;
        }

        @Override
        public String catalogName() {
            return "lance";
        }

        @Override
        public List<String> schemaNames() {
            if (unreachable) {
                throw new SqlError(SqlState.CONNECTION_EXCEPTION, "storage unreachable");
            }
            return List.copyOf(tables.keySet());
        }

        @Override
        public List<String> tableNames(String schema) {
            List<String> names = new ArrayList<>(schema0(schema).keySet());
            Collections.sort(names);
            return names;
        }

        @Override
        public List<Field> columns(String schema, String table) {
            return table0(schema, table);
        }

        @Override
        public List<IndexDescriptor> indexes(String schema, String table) {
            table0(schema, table);
            return indexes.getOrDefault(schema + "." + table, List.of());
        }

        @Override
        public List<String> primaryKey(String schema, String table) {
            table0(schema, table);
            return primaryKeys.getOrDefault(schema + "." + table, List.of());
        }
    }
}
