package io.lancejdbc.sql.bind;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.catalog.BoundTable;
import io.lancejdbc.sql.catalog.CatalogView;
import io.lancejdbc.sql.parse.ParsedStatement;
import io.lancejdbc.sql.parse.SqlParser;
import io.lancejdbc.sql.plan.LogicalPlan;
import io.lancejdbc.sql.types.Types;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;

/**
 * A backtick-quoted name is one identifier even when it holds dots ({@code `events_v1.2`} is a table, as in Doris
 * and MySQL), while dots between quoted parts still separate schema and table. JSqlParser alone would read
 * {@code `a.b`} as schema {@code a}, table {@code b}.
 */
class QuotedDottedNamesTest {
    /** Records the name parts the binder asks for; every table has columns {@code id} and {@code v}. */
    private static final class RecordingCatalog implements CatalogView {
        final List<List<String>> requested = new ArrayList<>();

        @Override
        public String catalogName() {
            return "lance";
        }

        @Override
        public String currentSchema() {
            return "default";
        }

        @Override
        public BoundTable resolveTable(List<String> nameParts) {
            requested.add(List.copyOf(nameParts));
            String name = nameParts.get(nameParts.size() - 1);
            String schema = nameParts.size() > 1 ? nameParts.get(nameParts.size() - 2) : "default";
            return new BoundTable("lance", schema, name, new Schema(List.of(Types.field("id", Types.INT64, false),
                    Types.field("v", Types.INT64, true))), null);
        }

        @Override
        public BoundTable resolveFileTvf(String function, Map<String, String> arguments) {
            throw new SqlError(SqlState.UNSUPPORTED_SQL, "no file functions here");
        }
    }

    private static LogicalPlan bind(String sql, RecordingCatalog catalog) {
        ParsedStatement.Query q = (ParsedStatement.Query) SqlParser.parse(sql);
        return QueryBinder.bind(q.select(), catalog, List.of(), Clock.systemUTC());
    }

    @Test
    void aQuotedTableNameWithDotsIsOneName() {
        RecordingCatalog catalog = new RecordingCatalog();
        bind("SELECT id FROM `migrated_from_v0.7.5`", catalog);
        assertEquals(List.of(List.of("migrated_from_v0.7.5")), catalog.requested);
    }

    @Test
    void quotedPartsSeparatedByDotsAreSchemaAndTable() {
        RecordingCatalog catalog = new RecordingCatalog();
        bind("SELECT id FROM `doris.analytics`.`events_v1.2`", catalog);
        assertEquals(List.of(List.of("doris.analytics", "events_v1.2")), catalog.requested);
    }

    @Test
    void aQuotedDottedTableNameQualifiesColumnsAndLabels() {
        LogicalPlan plan = bind("SELECT `t.v1`.v, `t.v1`.id + 1 FROM `t.v1`", new RecordingCatalog());
        assertEquals(List.of("v", "`t.v1`.id + 1"), plan.output().stream().map(Field::getName).toList());
    }

    @Test
    void dotsInStringLiteralsAndDoubleQuotedArgumentsAreKept() {
        ParsedStatement.DescribeFunction d = (ParsedStatement.DescribeFunction) SqlParser.parse(
                "DESC FUNCTION local(\"file_path\" = \"/d/t.v2.lance\", \"format\" = 'lance')");
        assertEquals(Map.of("file_path", "/d/t.v2.lance", "format", "lance"), d.arguments());
        LogicalPlan plan = bind("SELECT 'a.b' AS `x.y` FROM t", new RecordingCatalog());
        assertEquals(List.of("x.y"), plan.output().stream().map(Field::getName).toList());
    }
}
