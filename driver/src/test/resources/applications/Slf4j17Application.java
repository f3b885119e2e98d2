import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** An application on SLF4J 1.7 with the lance-jdbc driver jar on its class path (ApplicationClassPathIT). */
public class Slf4j17Application {
    public static void main(String[] args) throws Exception {
        Logger log = LoggerFactory.getLogger("application");
        log.info("application log line before the driver");
        try (Connection c = DriverManager.getConnection(args[0]);
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT count(*) AS n FROM items")) {
            rs.next();
            System.out.println("items=" + rs.getLong(1));
        }
        log.info("application log line after the driver");
    }
}
