package io.lancejdbc.driver.jdbc;

import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * Run in a child JVM whose class path lacks exec/ by {@link MissingEngineTest}: prints whether the embedded engine's
 * classes are visible and what connect() reported.
 */
public final class ConnectWithoutEngine {
    private ConnectWithoutEngine() {
    }

    public static void main(String[] args) {
        try {
            Class.forName("io.lancejdbc.exec.engine.EmbeddedQueryEngine");
            System.out.println("exec=present");
        } catch (ClassNotFoundException e) {
            System.out.println("exec=absent");
        }
        try {
            DriverManager.getConnection("jdbc:lance:" + args[0]).close();
            System.out.println("connected");
        } catch (SQLException e) {
            System.out.println("sqlstate=" + e.getSQLState());
            System.out.println("message=" + e.getMessage());
        }
    }
}
