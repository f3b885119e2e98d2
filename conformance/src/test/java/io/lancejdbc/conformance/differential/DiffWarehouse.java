package io.lancejdbc.conformance.differential;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * The tables of {@link DiffTables} written as Lance datasets into one filesystem warehouse, a lance-jdbc connection
 * on it (through the JDBC driver, {@code jdbc:lance:<dir>}) and an in-memory DuckDB connection holding the same rows
 * (loaded through Arrow streams by {@link DuckDbLoader}). DuckDB runs with {@code TimeZone = 'UTC'} so that zoned
 * timestamps print and truncate in UTC like lance-jdbc's {@code timestamptz} columns of zone {@code UTC}.
 */
final class DiffWarehouse implements AutoCloseable {
    private final Connection lance;
    private final Connection duck;

    private DiffWarehouse(Connection lance, Connection duck) {
        this.lance = lance;
        this.duck = duck;
    }

    /** Writes the tables under {@code dir} and opens both connections. */
    static DiffWarehouse create(Path dir) throws SQLException {
        Connection duck = DriverManager.getConnection("jdbc:duckdb:");
        try (BufferAllocator allocator = new RootAllocator()) {
            try (Statement st = duck.createStatement()) {
                st.execute("SET TimeZone = 'UTC'");
                // Generated queries may order by a constant, which DuckDB refuses by default (lance-jdbc accepts it).
                st.execute("SET order_by_non_integer_literal = true");
            }
            for (DiffTables.Table t : DiffTables.all()) {
                DiffTables.write(allocator, dir, t);
                DuckDbLoader.load(duck, allocator, dir.resolve(t.name() + ".lance"), t.name());
            }
        } catch (SQLException | RuntimeException e) {
            duck.close();
            throw e;
        }
        Connection lance = DriverManager.getConnection("jdbc:lance:" + dir.toAbsolutePath());
        return new DiffWarehouse(lance, duck);
    }

    /** The lance-jdbc connection. */
    Connection lance() {
        return lance;
    }

    /** The DuckDB connection. */
    Connection duck() {
        return duck;
    }

    @Override
    public void close() throws SQLException {
        try {
            lance.close();
        } finally {
            duck.close();
        }
    }
}
