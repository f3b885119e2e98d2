package io.lancejdbc.sql.parse;

import java.util.List;
import java.util.Map;

/** A statement after parsing: a query (possibly under EXPLAIN) or one of the catalog commands. */
public sealed interface ParsedStatement {

    /** Number of {@code ?} markers in the statement. */
    default int parameterCount() {
        return 0;
    }

    /**
     * {@code SELECT ...} (also WITH, set operations); {@code explain} for {@code EXPLAIN SELECT ...}, and also
     * {@code analyze} for {@code EXPLAIN ANALYZE SELECT ...} (run the query, then print the plan with what each
     * operator did).
     */
    record Query(net.sf.jsqlparser.statement.select.Select select, boolean explain, int parameterCount,
            boolean analyze) implements ParsedStatement {
        public Query {
            if (analyze && !explain) {
                throw new IllegalArgumentException("ANALYZE only under EXPLAIN");
            }
        }

        /** A query or a plain EXPLAIN (not ANALYZE). */
        public Query(net.sf.jsqlparser.statement.select.Select select, boolean explain, int parameterCount) {
            this(select, explain, parameterCount, false);
        }
    }

    /** {@code SHOW DATABASES} / {@code SHOW SCHEMAS}. */
    record ShowDatabases() implements ParsedStatement {
    }

    /** {@code SHOW TABLES [FROM|IN [catalog.]schema]}; schema parts empty for the current schema. */
    record ShowTables(List<String> schemaParts) implements ParsedStatement {
        public ShowTables {
            schemaParts = List.copyOf(schemaParts);
        }
    }

    /** {@code DESC|DESCRIBE [[catalog.]schema.]table}. */
    record Describe(List<String> tableParts) implements ParsedStatement {
        public Describe {
            tableParts = List.copyOf(tableParts);
        }
    }

    /** {@code DESC FUNCTION s3(...)} / {@code local(...)}: the schema of a file table function. */
    record DescribeFunction(String function, Map<String, String> arguments) implements ParsedStatement {
        public DescribeFunction {
            arguments = Map.copyOf(arguments);
        }
    }

    /** {@code SHOW INDEX|INDEXES|KEYS FROM|IN [[catalog.]schema.]table}. */
    record ShowIndex(List<String> tableParts) implements ParsedStatement {
        public ShowIndex {
            tableParts = List.copyOf(tableParts);
        }
    }

    /** {@code USE [catalog.]schema}. */
    record Use(List<String> schemaParts) implements ParsedStatement {
        public Use {
            schemaParts = List.copyOf(schemaParts);
        }
    }

    /** {@code SET name = value} (session variables such as topn_lazy_materialization_threshold). */
    record SetVariable(String name, String value) implements ParsedStatement {
    }
}
