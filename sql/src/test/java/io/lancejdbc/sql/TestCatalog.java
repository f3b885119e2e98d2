package io.lancejdbc.sql;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.catalog.BoundTable;
import io.lancejdbc.sql.catalog.CatalogView;
import io.lancejdbc.sql.types.Types;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * An in-memory catalog of table schemas for planning tests in {@code sql/}, which has no access to datasets. It is
 * a complete {@link CatalogView}: the planner needs schemas only.
 */
public final class TestCatalog implements CatalogView {
    private final Map<String, Schema> tables = new LinkedHashMap<>();

    public TestCatalog() {
        tables.put("t", new Schema(List.of(
                Types.field("id", Types.INT64, false),
                Types.field("i32", Types.INT32, true),
                Types.field("u64", new ArrowType.Int(64, false), true),
                Types.field("x", Types.FLOAT64, true),
                Types.field("f32", Types.FLOAT32, true),
                Types.field("f16", new ArrowType.FloatingPoint(FloatingPointPrecision.HALF), true),
                Types.field("s", Types.UTF8, true),
                Types.field("b", Types.BOOL, true),
                Types.field("d", new ArrowType.Date(DateUnit.DAY), true),
                Types.field("ts", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null), true),
                Types.field("ts_ms", new ArrowType.Timestamp(TimeUnit.MILLISECOND, null), true),
                Types.field("tstz", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC"), true),
                Types.field("dec", Types.decimal(10, 2), true),
                Types.field("Mixed Case", Types.INT32, true),
                Types.field("bin", Types.BINARY, true),
                new Field("vec", new FieldType(false, new ArrowType.FixedSizeList(4), null),
                        List.of(Types.field("item", Types.FLOAT32, true))),
                Types.field("dur", new ArrowType.Duration(TimeUnit.SECOND), true))));
        tables.put("u", new Schema(List.of(
                Types.field("id", Types.INT64, false),
                Types.field("name", Types.UTF8, true))));
    }

    @Override
    public String catalogName() {
        return "lance";
    }

    @Override
    public String currentSchema() {
        return "default";
    }

    @Override
    public BoundTable resolveTable(List<String> parts) {
        String name = parts.get(parts.size() - 1);
        Schema s = tables.get(name);
        if (s == null) {
            throw new SqlError(SqlState.TABLE_NOT_FOUND, "Table 'default." + name + "' not found (tables: "
                    + String.join(", ", tables.keySet()) + ")");
        }
        return new BoundTable("lance", "default", name, s, null);
    }

    @Override
    public BoundTable resolveFileTvf(String function, Map<String, String> arguments) {
        throw new SqlError(SqlState.UNSUPPORTED_SQL, "no file functions in the planning test catalog");
    }
}
