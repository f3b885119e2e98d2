package io.lancejdbc.exec.engine;

import io.lancejdbc.exec.tvf.FileTvfResolver;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.lancejdbc.engine.ParameterValue;
import io.lancejdbc.engine.PreparedQuery;
import io.lancejdbc.engine.QueryOptions;
import io.lancejdbc.engine.QueryResult;
import io.lancejdbc.engine.metadata.IndexDescriptor;
import io.lancejdbc.exec.catalog.LanceCatalogMetadata;
import io.lancejdbc.engine.config.EngineProperty;
import io.lancejdbc.exec.expr.ExprCompiler;
import io.lancejdbc.exec.lance.FragmentScanReader;
import io.lancejdbc.exec.operator.ExecContext;
import io.lancejdbc.exec.operator.OperatorProfile;
import io.lancejdbc.exec.operator.PhysicalOperator;
import io.lancejdbc.exec.plan.ExplainRenderer;
import io.lancejdbc.exec.plan.PhysicalPlanner;
import io.lancejdbc.exec.plan.PhysicalPlannerExtension;
import io.lancejdbc.exec.plan.StatementPlanner;
import io.lancejdbc.exec.stream.BatchStream;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.bind.QueryBinder;
import io.lancejdbc.sql.catalog.BoundTable;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.expr.Literal;
import io.lancejdbc.sql.parse.ParsedStatement;
import io.lancejdbc.sql.parse.SqlParser;
import io.lancejdbc.sql.plan.Limit;
import io.lancejdbc.sql.plan.LogicalPlan;
import io.lancejdbc.sql.rules.Optimizer;
import io.lancejdbc.sql.types.TypeNames;
import io.lancejdbc.sql.types.Types;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.ExecutorService;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Runs statements for a session: parses, dispatches catalog commands, binds and optimizes queries, builds the
 * physical plan and starts it (or renders it for EXPLAIN).
 */
final class StatementRunner {
    private static final int DEFAULT_BATCH_SIZE = 8192;
    /** Total SQL text (chars) whose parse trees a session keeps; a tree is some ten times its text. */
    private static final long PARSE_CACHE_CHARS = 256 * 1024;
    /** Longer statements (generated IN lists, bulk VALUES) are parsed every time rather than cached. */
    private static final int MAX_CACHED_SQL_CHARS = 16 * 1024;

    private final EmbeddedSession session;
    private final FragmentScanReader reader;
    private final ExecutorService workers;
    private final FileTvfResolver fileFunctions;
    private final List<PhysicalPlannerExtension> extensions;
    /** Parsed statements by exact SQL text: JSqlParser costs about 0.5-1 ms per statement, longer than planning. */
    private final Cache<String, ParsedStatement> parsed = Caffeine.newBuilder()
            .maximumWeight(PARSE_CACHE_CHARS)
            .weigher((String sql, ParsedStatement st) -> sql.length())
            .executor(Runnable::run)
            .build();

    StatementRunner(EmbeddedSession session, FragmentScanReader reader, ExecutorService workers,
            FileTvfResolver fileFunctions) {
        this.session = session;
        this.reader = reader;
        this.workers = workers;
        this.fileFunctions = fileFunctions;
        List<PhysicalPlannerExtension> ext = new ArrayList<>();
        // Planner extensions (joins, set operations, windows, vector search) register through ServiceLoader so that
        // each lives in its own package without the core planner knowing them.
        for (PhysicalPlannerExtension e : ServiceLoader.load(PhysicalPlannerExtension.class,
                StatementRunner.class.getClassLoader())) {
            ext.add(e);
        }
        this.extensions = List.copyOf(ext);
    }

    QueryResult execute(String sql, List<ParameterValue> params, QueryOptions options) {
        try {
            return executeParsed(sql, params, options);
        } catch (StackOverflowError e) {
            throw tooDeep();
        }
    }

    /**
     * The parser limits parenthesis nesting, but long operator chains ({@code a + b + ...}, {@code x = 1 OR x = 2
     * OR ...}), deep CASE nesting or thousands of UNION branches are trees as deep as they are long, and binding,
     * optimizing and planning recurse over them.
     */
    private static SqlError tooDeep() {
        return new SqlError(SqlState.STATEMENT_TOO_COMPLEX, "The statement is too complex: its expressions or set"
                + " operations are nested too deeply to plan; simplify it, e.g. use IN (...) instead of a long OR chain,"
                + " or split it with a WITH clause");
    }

    private QueryResult executeParsed(String sql, List<ParameterValue> params, QueryOptions options) {
        ParsedStatement st = parse(sql);
        if (params.size() != st.parameterCount()) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "The statement has " + st.parameterCount()
                    + " parameter marker(s) but " + params.size() + " value(s) were bound");
        }
        return run(st, params == null ? List.of() : ParameterLiterals.of(params), options);
    }

    PreparedQuery prepare(String sql) {
        try {
            return prepareParsed(sql);
        } catch (StackOverflowError e) {
            throw tooDeep();
        }
    }

    private PreparedQuery prepareParsed(String sql) {
        ParsedStatement st = parse(sql);
        List<org.apache.arrow.vector.types.pojo.ArrowType> types = new ArrayList<>();
        for (int i = 0; i < st.parameterCount(); i++) {
            types.add(Types.NULL);
        }
        Schema schema = null;
        if (st instanceof ParsedStatement.Query && !((ParsedStatement.Query) st).explain()) {
            LogicalPlan plan = QueryBinder.bind(((ParsedStatement.Query) st).select(), view(QueryOptions.defaults()),
                    null, clock());
            schema = new Schema(plan.output());
            ParamTypes.collect(plan, types);
        }
        Schema resultSchema = schema;
        List<org.apache.arrow.vector.types.pojo.ArrowType> paramTypes = List.copyOf(types);
        return new PreparedQuery() {
            @Override
            public int parameterCount() {
                return st.parameterCount();
            }

            @Override
            public List<org.apache.arrow.vector.types.pojo.ArrowType> parameterTypes() {
                return paramTypes;
            }

            @Override
            public Schema resultSchema() {
                return resultSchema;
            }

            @Override
            public QueryResult execute(List<ParameterValue> params, QueryOptions options) {
                if (params.size() != st.parameterCount()) {
                    throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "The statement has " + st.parameterCount()
                            + " parameter marker(s) but " + params.size() + " value(s) were bound");
                }
                try {
                    return run(st, ParameterLiterals.of(params), options);
                } catch (StackOverflowError e) {
                    throw tooDeep();
                }
            }
        };
    }

    /**
     * The parsed statement, from the session's cache when this exact text was parsed before. Sharing a parse is
     * safe because nothing changes a parsed tree after {@link SqlParser#parse} (binding only reads it, as it does
     * for a prepared statement executed many times); parse errors are not cached.
     */
    private ParsedStatement parse(String sql) {
        if (sql == null || sql.length() > MAX_CACHED_SQL_CHARS) {
            return SqlParser.parse(sql);
        }
        return parsed.get(sql, SqlParser::parse);
    }

    private static Clock clock() {
        return Clock.fixed(Instant.now(), ZoneId.systemDefault());
    }

    private SessionCatalogView view(QueryOptions options) {
        return new SessionCatalogView(session.catalogName(), session.currentSchema(), session.lanceMetadata(),
                session.pool(), session.catalog().type(), fileFunctions, options);
    }

    private QueryResult run(ParsedStatement st, List<Literal> params, QueryOptions options) {
        if (st instanceof ParsedStatement.Query) {
            return query((ParsedStatement.Query) st, params, options);
        }
        if (st instanceof ParsedStatement.ShowDatabases) {
            return rows(List.of(text("Database")), session.lanceMetadata().schemaNames().stream()
                    .map(s -> new Object[] {s}).toList());
        }
        if (st instanceof ParsedStatement.ShowTables) {
            String schema = schemaOf(((ParsedStatement.ShowTables) st).schemaParts());
            return rows(List.of(text("Tables_in_" + schema)), session.lanceMetadata().tableNames(schema).stream()
                    .map(t -> new Object[] {t}).toList());
        }
        if (st instanceof ParsedStatement.Describe) {
            BoundTable t = view(options).resolveTable(((ParsedStatement.Describe) st).tableParts());
            List<String> pk = session.lanceMetadata().primaryKey(t.schemaName(), t.name());
            return describe(t.schema().getFields(), pk);
        }
        if (st instanceof ParsedStatement.DescribeFunction) {
            ParsedStatement.DescribeFunction d = (ParsedStatement.DescribeFunction) st;
            if (!d.function().equals("s3") && !d.function().equals("local")) {
                throw new SqlError(SqlState.UNDEFINED_FUNCTION, "DESC FUNCTION supports s3() and local(), not "
                        + d.function() + "()");
            }
            BoundTable t = fileFunctions.resolve(d.function(), d.arguments(), session.catalogName(),
                    options.cancellation(), options.timeoutMillis());
            return describe(t.schema().getFields(), List.of());
        }
        if (st instanceof ParsedStatement.ShowIndex) {
            BoundTable t = view(options).resolveTable(((ParsedStatement.ShowIndex) st).tableParts());
            return showIndex(t, session.lanceMetadata());
        }
        if (st instanceof ParsedStatement.Use) {
            session.setCurrentSchema(schemaOf(((ParsedStatement.Use) st).schemaParts()));
            return new UpdateCountResult();
        }
        if (st instanceof ParsedStatement.SetVariable) {
            ParsedStatement.SetVariable s = (ParsedStatement.SetVariable) st;
            String name = s.name().startsWith("experimental_") ? s.name().substring("experimental_".length())
                    : s.name();
            if (!name.equals(EngineProperty.TOPN_LAZY_MATERIALIZATION_THRESHOLD.key())
                    && !name.equals(EngineProperty.QUERY_MAX_MEMORY.key())
                    && !name.equals(EngineProperty.SCAN_PARALLELISM.key())
                    && !name.equals(EngineProperty.SCAN_PREDICATE_PUSHDOWN.key())) {
                throw new SqlError(SqlState.SYNTAX_ERROR, "Unknown session variable '" + s.name() + "'; settable:"
                        + " topn_lazy_materialization_threshold, query.max_memory, scan.parallelism,"
                        + " scan.predicate_pushdown");
            }
            Map<String, String> check = new java.util.HashMap<>(session.settings());
            check.put(name, s.value());
            SessionSettings.parallelism(check);
            SessionSettings.maxMemory(check);
            SessionSettings.lazyThreshold(check);
            SessionSettings.predicatePushdown(check);
            session.setVariable(name, s.value());
            return new UpdateCountResult();
        }
        throw new SqlError(SqlState.UNSUPPORTED_SQL, "Statement " + st.getClass().getSimpleName()
                + " is not supported");
    }

    private String schemaOf(List<String> parts) {
        if (parts.isEmpty()) {
            return session.currentSchema();
        }
        String schema;
        if (parts.size() == 1) {
            schema = parts.get(0);
        } else if (parts.size() == 2 && parts.get(0).equalsIgnoreCase(session.catalogName())) {
            schema = parts.get(1);
        } else {
            throw new SqlError(SqlState.SCHEMA_NOT_FOUND, "Unknown schema " + String.join(".", parts)
                    + "; quote a multi-level schema with backticks, e.g. `doris.analytics`");
        }
        return view(QueryOptions.defaults()).resolveSchema(schema);
    }

    private QueryResult query(ParsedStatement.Query q, List<Literal> params, QueryOptions options) {
        Clock clock = clock();
        SessionCatalogView catalogView = view(options);
        LogicalPlan plan = QueryBinder.bind(q.select(), catalogView, params, clock);
        Map<String, Long> versions = Map.copyOf(catalogView.pinnedVersions());
        if (options.maxRows() > 0) {
            plan = new Limit(plan, 0, options.maxRows());
        }
        Map<String, String> settings = session.settings();
        boolean pushdown = SessionSettings.predicatePushdown(settings);
        plan = Optimizer.optimize(plan, pushdown);
        long maxMemory = SessionSettings.maxMemory(settings);
        Map<String, String> planSettings = lowerCase(settings);
        // The plan's split stages carry their degree, so EXPLAIN shows the parallelism that runs.
        planSettings.put(EngineProperty.SCAN_PARALLELISM.key(), String.valueOf(SessionSettings.parallelism(settings)));
        PhysicalPlanner planner = new PhysicalPlanner(maxMemory, extensions, planSettings);
        PhysicalOperator root = new StatementPlanner(planner, sub -> Optimizer.optimize(sub, pushdown)).plan(plan);
        if (q.analyze()) {
            return explainAnalyze(root, clock, options, settings, maxMemory);
        }
        if (q.explain()) {
            List<Object[]> lines = new ArrayList<>();
            for (String line : ExplainRenderer.render(root)) {
                lines.add(new Object[] {line});
            }
            return rows(List.of(text("Explain String")), lines);
        }
        BufferAllocator queryAllocator = session.allocator().newChildAllocator("query", 0, maxMemory);
        // The query's tasks are counted so its allocator outlives a worker stuck in a native read (issue 16).
        QueryWorkers queryWorkers = new QueryWorkers(workers);
        session.queryStarted();
        try {
            ExprCompiler compiler = new ExprCompiler(clock, ExprCompiler.NO_SUBQUERIES);
            int batchSize = options.fetchSize() >= 1024 ? Math.min(options.fetchSize(), 65_536) : DEFAULT_BATCH_SIZE;
            ExecContext ctx = new ExecContext(queryAllocator, options.cancellation(), queryWorkers, reader, batchSize,
                    SessionSettings.parallelism(settings), clock, compiler);
            BatchStream stream = root.open(ctx);
            StreamingResult[] result = new StreamingResult[1];
            result[0] = new StreamingResult(stream, queryAllocator, queryWorkers, session.allocator(),
                    options.cancellation(), versions, () -> session.untrack(result[0]), session::queryReleased);
            session.track(result[0]);
            return result[0];
        } catch (RuntimeException | StackOverflowError e) {
            queryWorkers.whenIdle(() -> {
                try {
                    queryAllocator.close();
                } finally {
                    session.queryReleased();
                }
            });
            throw e;
        }
    }

    /**
     * Runs the plan to its end, dropping the rows, then renders it with what each operator did and, last, the query's
     * peak Arrow memory against {@code query.max_memory} ({@link QueryMemoryUse}).
     */
    private QueryResult explainAnalyze(PhysicalOperator root, Clock clock, QueryOptions options,
            Map<String, String> settings, long maxMemory) {
        OperatorProfile profile = new OperatorProfile();
        BufferAllocator queryAllocator = session.allocator().newChildAllocator("explain-analyze", 0, maxMemory);
        // Like a query's result (StreamingResult): the allocator is closed once no split worker of the run is left,
        // so a worker that ends after a failure or a cancel frees its batches first.
        QueryWorkers queryWorkers = new QueryWorkers(workers);
        session.queryStarted();
        long peak;
        try {
            int batchSize = options.fetchSize() >= 1024 ? Math.min(options.fetchSize(), 65_536) : DEFAULT_BATCH_SIZE;
            ExecContext ctx = new ExecContext(queryAllocator, options.cancellation(), queryWorkers, reader, batchSize,
                    SessionSettings.parallelism(settings), clock, new ExprCompiler(clock, ExprCompiler.NO_SUBQUERIES),
                    profile);
            try (BatchStream stream = ctx.open(root)) {
                org.apache.arrow.vector.VectorSchemaRoot b;
                while ((b = stream.next()) != null) {
                    b.close();
                }
            }
        } finally {
            queryWorkers.awaitIdle(StreamingResult.CLOSE_GRACE_MILLIS);
            // Read once the workers are done: a split worker's last batch counts too.
            peak = queryAllocator.getPeakMemoryAllocation();
            queryWorkers.whenIdle(() -> {
                try {
                    queryAllocator.close();
                } catch (IllegalStateException leaked) {
                    org.slf4j.LoggerFactory.getLogger(StatementRunner.class).error(
                            "Arrow memory leaked by EXPLAIN ANALYZE: {}", leaked.getMessage());
                } finally {
                    session.queryReleased();
                }
            });
        }
        List<Object[]> lines = new ArrayList<>();
        for (String line : ExplainRenderer.render(root, profile)) {
            lines.add(new Object[] {line});
        }
        lines.add(new Object[] {new QueryMemoryUse(peak, maxMemory).explainLine()});
        return rows(List.of(text("Explain String")), lines);
    }

    private static Map<String, String> lowerCase(Map<String, String> m) {
        Map<String, String> out = new java.util.HashMap<>();
        for (Map.Entry<String, String> e : m.entrySet()) {
            out.put(e.getKey().toLowerCase(Locale.ROOT), e.getValue());
        }
        return out;
    }

    private QueryResult rows(List<Field> fields, List<Object[]> rows) {
        return new RowsResult(new Schema(fields), rows, session.allocator());
    }

    private static Field text(String name) {
        return Types.field(name, Types.UTF8, true);
    }

    private QueryResult describe(List<Field> fields, List<String> pk) {
        List<Object[]> rows = new ArrayList<>();
        for (Field f : fields) {
            rows.add(new Object[] {f.getName(), TypeNames.sqlName(f), f.isNullable() ? "YES" : "NO",
                    pk.contains(f.getName()) ? "true" : "false", null, ""});
        }
        return rows(List.of(text("Field"), text("Type"), text("Null"), text("Key"), text("Default"), text("Extra")),
                rows);
    }

    private QueryResult showIndex(BoundTable t, LanceCatalogMetadata md) {
        List<Object[]> rows = new ArrayList<>();
        for (IndexDescriptor d : md.indexes(t.schemaName(), t.name())) {
            for (int i = 0; i < d.columns().size(); i++) {
                StringBuilder props = new StringBuilder();
                for (Map.Entry<String, String> e : new java.util.TreeMap<>(d.properties()).entrySet()) {
                    if (props.length() > 0) {
                        props.append(", ");
                    }
                    props.append('"').append(e.getKey()).append("\" = \"").append(e.getValue()).append('"');
                }
                rows.add(new Object[] {t.name(), 1L, d.name(), (long) (i + 1), d.columns().get(i), null, null, null,
                        null, "", d.indexType(), "", props.toString()});
            }
        }
        List<Field> fields = List.of(text("Table"), Types.field("Non_unique", Types.INT64, true), text("Key_name"),
                Types.field("Seq_in_index", Types.INT64, true), text("Column_name"), text("Collation"),
                Types.field("Cardinality", Types.INT64, true), Types.field("Sub_part", Types.INT64, true),
                text("Packed"), text("Null"), text("Index_type"), text("Comment"), text("Properties"));
        return rows(fields, rows);
    }

    /** Collects the types inferred for parameters while preparing. */
    static final class ParamTypes {
        private ParamTypes() {
        }

        static void collect(LogicalPlan plan, List<org.apache.arrow.vector.types.pojo.ArrowType> out) {
            io.lancejdbc.sql.plan.PlanExpressions.forEach(plan, e -> visit(e, out));
        }

        private static void visit(Expr e, List<org.apache.arrow.vector.types.pojo.ArrowType> out) {
            if (e instanceof io.lancejdbc.sql.expr.ParamRef) {
                io.lancejdbc.sql.expr.ParamRef p = (io.lancejdbc.sql.expr.ParamRef) e;
                if (p.index() < out.size() && Types.isNull(out.get(p.index()))) {
                    out.set(p.index(), p.type().getType());
                }
            } else if (e instanceof io.lancejdbc.sql.expr.Call) {
                for (Expr a : ((io.lancejdbc.sql.expr.Call) e).args()) {
                    visit(a, out);
                }
            } else if (e instanceof io.lancejdbc.sql.expr.SubqueryExpr) {
                io.lancejdbc.sql.expr.SubqueryExpr s = (io.lancejdbc.sql.expr.SubqueryExpr) e;
                if (s.operand() != null) {
                    visit(s.operand(), out);
                }
                collect(s.plan(), out);
            }
        }
    }
}
