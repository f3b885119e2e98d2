package io.lancejdbc.driver.isolated;

import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.ParameterValue;
import io.lancejdbc.engine.PreparedQuery;
import io.lancejdbc.engine.QueryOptions;
import io.lancejdbc.engine.QueryResult;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.metadata.CatalogMetadata;
import io.lancejdbc.engine.metadata.IndexDescriptor;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A connection's session in a child engine process: the remote session to the child, whose failures become
 * "the isolated engine process died" (SQLState {@value #PROCESS_DIED}) once the child is gone, for every call and
 * every result batch; once the child is known dead, calls fail at once (so {@code isValid} answers false without a
 * network round trip). Closing it releases the connection's hold on the child.
 */
final class IsolatedSession implements EngineSession {
    /** SQLState of a statement whose child process died: the connection is lost. */
    static final String PROCESS_DIED = "08006";
    /** How long a failed call waits for the child's exit to show (the broken stream often arrives first). */
    private static final long EXIT_WAIT_MILLIS = 2_000;
    private static final long HY000_EXIT_WAIT_MILLIS = 300;

    private final EngineSession remote;
    private final ChildEngineProcess child;
    private final Runnable release;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final CatalogMetadata metadata;

    IsolatedSession(EngineSession remote, ChildEngineProcess child, Runnable release) {
        this.remote = remote;
        this.child = child;
        this.release = release;
        this.metadata = new Metadata();
    }

    /**
     * The error a failed call on {@code child} surfaces as: {@code e} while the child lives, else a 08006 naming its
     * exit.
     */
    static RuntimeException translate(ChildEngineProcess child, RuntimeException e) {
        // A broken channel (08xxx, or HY000 for gRPC's INTERNAL/UNKNOWN) may arrive before the exit is visible: wait
        // for it, briefly for HY000, which a live engine also reports for its own failures; other states are answers.
        String state = e instanceof SqlError ? ((SqlError) e).sqlState() : null;
        long wait = state == null || state.startsWith("08") ? EXIT_WAIT_MILLIS
                : state.equals("HY000") ? HY000_EXIT_WAIT_MILLIS : 0;
        if (child.alive() && (wait == 0 || !child.awaitExit(wait))) {
            return e;
        }
        return died(child, e);
    }

    private static SqlError died(ChildEngineProcess child, Throwable cause) {
        return new SqlError(PROCESS_DIED, "The isolated engine process (pid " + child.pid() + ") died ("
                + child.exitDescription() + "); the statements in flight failed and this connection is lost, while"
                + " the application lives on. Open a new connection: it starts a new engine process. The process's"
                + " last output:\n" + child.outputTail(), cause);
    }

    private void checkChild() {
        if (!child.alive()) {
            throw died(child, null);
        }
    }

    private <T> T call(Supplier<T> call) {
        checkChild();
        try {
            return call.get();
        } catch (RuntimeException e) {
            throw translate(child, e);
        }
    }

    @Override
    public String catalogName() {
        return remote.catalogName();
    }

    @Override
    public String currentSchema() {
        return call(remote::currentSchema);
    }

    @Override
    public void setCurrentSchema(String schema) {
        call(() -> {
            remote.setCurrentSchema(schema);
            return null;
        });
    }

    @Override
    public PreparedQuery prepare(String sql) {
        PreparedQuery p = call(() -> remote.prepare(sql));
        return new PreparedQuery() {
            @Override
            public int parameterCount() {
                return p.parameterCount();
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
                return new Result(call(() -> p.execute(params, options)));
            }
        };
    }

    @Override
    public QueryResult execute(String sql, List<ParameterValue> params, QueryOptions options) {
        return new Result(call(() -> remote.execute(sql, params, options)));
    }

    @Override
    public CatalogMetadata metadata() {
        checkChild();
        return metadata;
    }

    @Override
    public List<String> takeWarnings() {
        return remote.takeWarnings();
    }

    /** Closes the remote session (a dead child has nothing to close) and releases the child; idempotent. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        try {
            remote.close();
        } finally {
            release.run();
        }
    }

    /** A result whose batches fail with 08006 once the child died. */
    private final class Result implements QueryResult {
        private final QueryResult r;

        Result(QueryResult r) {
            this.r = r;
        }

        @Override
        public boolean hasRows() {
            return r.hasRows();
        }

        @Override
        public Schema schema() {
            return r.schema();
        }

        @Override
        public VectorSchemaRoot nextBatch() {
            return call(r::nextBatch);
        }

        @Override
        public long updateCount() {
            return r.updateCount();
        }

        @Override
        public void close() {
            r.close();
        }
    }

    private final class Metadata implements CatalogMetadata {
        private CatalogMetadata m() {
            return remote.metadata();
        }

        @Override
        public String catalogName() {
            return call(() -> m().catalogName());
        }

        @Override
        public List<String> schemaNames() {
            return call(() -> m().schemaNames());
        }

        @Override
        public List<String> tableNames(String schema) {
            return call(() -> m().tableNames(schema));
        }

        @Override
        public List<Field> columns(String schema, String table) {
            return call(() -> m().columns(schema, table));
        }

        @Override
        public List<IndexDescriptor> indexes(String schema, String table) {
            return call(() -> m().indexes(schema, table));
        }

        @Override
        public List<String> primaryKey(String schema, String table) {
            return call(() -> m().primaryKey(schema, table));
        }
    }
}
