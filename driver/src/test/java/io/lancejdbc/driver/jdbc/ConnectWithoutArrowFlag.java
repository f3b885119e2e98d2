package io.lancejdbc.driver.jdbc;

import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * Run in a child JVM started without {@code --add-opens=java.base/java.nio=ALL-UNNAMED} by
 * {@link MissingArrowFlagTest}: prints whether the driver registered and what connect() reported.
 */
public final class ConnectWithoutArrowFlag {
    private ConnectWithoutArrowFlag() {
    }

    public static void main(String[] args) {
        try {
            System.out.println("registered=" + (DriverManager.getDriver("jdbc:lance:/w") instanceof LanceDriver));
            System.out.println("accepts=" + DriverManager.getDriver("jdbc:lance:/w").acceptsURL("jdbc:lance:/w"));
            DriverManager.getConnection("jdbc:lance:/w").close();
            System.out.println("connected");
        } catch (SQLException e) {
            System.out.println("sqlstate=" + e.getSQLState());
            System.out.println("message=" + e.getMessage());
        }
    }
}
