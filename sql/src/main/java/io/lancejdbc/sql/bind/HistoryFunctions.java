package io.lancejdbc.sql.bind;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.catalog.CatalogView;
import io.lancejdbc.sql.catalog.TableHistory;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.expr.Literal;
import io.lancejdbc.sql.parse.QualifiedNames;
import io.lancejdbc.sql.plan.Values;
import io.lancejdbc.sql.types.Types;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The table functions {@code versions("table" = "t")} and {@code tags("table" = "t")}: a table's versions and tags
 * as rows, composable like any table (WHERE, ORDER BY, joins). {@code SHOW VERSIONS FROM t} and
 * {@code SHOW TAGS FROM t} run them. The rows are listed once, at planning time (docs/time-travel.md).
 *
 * <p>{@code versions}: {@code version BIGINT, committed_at TIMESTAMP WITH TIME ZONE (µs, UTC), total_rows,
 * total_fragments, total_data_files, total_deletion_files, total_data_file_rows, total_deletion_file_rows,
 * total_files_size BIGINT} (the manifest summary; NULL where the manifest does not give one), {@code tags VARCHAR}
 * (the tags pointing at the version, sorted, comma-separated; NULL when none) and {@code is_latest BOOLEAN}.
 * <br>{@code tags}: {@code tag VARCHAR, version BIGINT, created_at, updated_at TIMESTAMP WITH TIME ZONE}
 * (NULL when lance-core does not record them).
 */
final class HistoryFunctions {
    static final String VERSIONS = "versions";
    static final String TAGS = "tags";
    /** The manifest summary keys, in column order. */
    static final List<String> SUMMARY_KEYS = List.of("total_rows", "total_fragments", "total_data_files",
            "total_deletion_files", "total_data_file_rows", "total_deletion_file_rows", "total_files_size");

    private HistoryFunctions() {
    }

    static Values bind(String function, Map<String, String> args, CatalogView catalog) {
        for (String key : args.keySet()) {
            if (!key.equals("table")) {
                throw new SqlError(SqlState.SYNTAX_ERROR, "'" + key + "' is an invalid property for " + function
                        + "(); it takes \"table\" = \"[schema.]table\"");
            }
        }
        String table = args.get("table");
        if (table == null || table.isBlank()) {
            throw new SqlError(SqlState.SYNTAX_ERROR, function + "() needs \"table\" = \"[schema.]table\"");
        }
        List<String> parts = QualifiedNames.split(table);
        TableHistory history = catalog.history(parts);
        return function.equals(VERSIONS) ? versions(history) : tags(history);
    }

    private static Values versions(TableHistory h) {
        List<Field> out = new ArrayList<>();
        out.add(Types.field("version", Types.INT64, false));
        out.add(Types.field("committed_at", Types.TIMESTAMP_US_UTC, false));
        for (String k : SUMMARY_KEYS) {
            out.add(Types.field(k, Types.INT64, true));
        }
        out.add(Types.field("tags", Types.UTF8, true));
        out.add(Types.field("is_latest", Types.BOOL, false));
        long latest = h.versions().stream().mapToLong(TableHistory.VersionRow::version).max().orElse(-1);
        List<List<Expr>> rows = new ArrayList<>();
        for (TableHistory.VersionRow v : h.versions()) {
            List<Expr> row = new ArrayList<>();
            row.add(Literal.ofLong(v.version()));
            row.add(instant(v.committedAt()));
            for (String k : SUMMARY_KEYS) {
                Long n = v.summary().get(k);
                row.add(n == null ? Literal.nullOf(Types.INT64) : Literal.ofLong(n));
            }
            row.add(v.tags().isEmpty() ? Literal.nullOf(Types.UTF8) : Literal.ofString(String.join(", ", v.tags())));
            row.add(Literal.ofBoolean(v.version() == latest));
            rows.add(row);
        }
        return new Values(out, rows);
    }

    private static Values tags(TableHistory h) {
        List<Field> out = List.of(Types.field("tag", Types.UTF8, false), Types.field("version", Types.INT64, false),
                Types.field("created_at", Types.TIMESTAMP_US_UTC, true),
                Types.field("updated_at", Types.TIMESTAMP_US_UTC, true));
        List<List<Expr>> rows = new ArrayList<>();
        for (TableHistory.TagRow t : h.tags()) {
            rows.add(List.of(Literal.ofString(t.name()), Literal.ofLong(t.version()),
                    t.createdAt() == null ? Literal.nullOf(Types.TIMESTAMP_US_UTC) : instant(t.createdAt()),
                    t.updatedAt() == null ? Literal.nullOf(Types.TIMESTAMP_US_UTC) : instant(t.updatedAt())));
        }
        return new Values(out, rows);
    }

    /** A TIMESTAMP WITH TIME ZONE literal, truncated to the column's microseconds. */
    private static Literal instant(Instant i) {
        ArrowType t = Types.TIMESTAMP_US_UTC;
        return new Literal(i.truncatedTo(ChronoUnit.MICROS), Types.of(t, false));
    }
}
