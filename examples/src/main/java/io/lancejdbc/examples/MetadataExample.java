package io.lancejdbc.examples;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;

/** What an IDE sees: schemas (namespaces), tables and columns through {@link DatabaseMetaData}. */
public final class MetadataExample {
    private MetadataExample() {
    }

    public static void main(String[] args) throws SQLException {
        String warehouse = args.length > 0 ? args[0] : "lance-demo-warehouse";
        String url = "jdbc:lance:" + java.nio.file.Path.of(warehouse).toAbsolutePath();
        try (Connection c = DriverManager.getConnection(url)) {
            DatabaseMetaData md = c.getMetaData();
            try (ResultSet tables = md.getTables(null, null, "%", null)) {
                while (tables.next()) {
                    String schema = tables.getString("TABLE_SCHEM");
                    String table = tables.getString("TABLE_NAME");
                    System.out.println(schema + "." + table);
                    try (ResultSet cols = md.getColumns(null, schema, table, "%")) {
                        while (cols.next()) {
                            System.out.println("  " + cols.getString("COLUMN_NAME") + " " + cols.getString("TYPE_NAME")
                                    + (cols.getInt("NULLABLE") == DatabaseMetaData.columnNullable ? "" : " NOT NULL"));
                        }
                    }
                }
            }
        }
    }
}
