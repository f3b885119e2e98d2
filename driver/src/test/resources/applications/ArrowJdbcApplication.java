import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.apache.arrow.adapter.jdbc.ArrowVectorIterator;
import org.apache.arrow.adapter.jdbc.JdbcToArrow;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An application on SLF4J 2 with arrow-jdbc and its own Arrow, Netty and Jackson, and the lance-jdbc driver jar
 * after them on its class path (ApplicationClassPathIT): Arrow's default allocator must find one allocation manager.
 */
public class ArrowJdbcApplication {
    public static void main(String[] args) throws Exception {
        Logger log = LoggerFactory.getLogger("application");
        log.info("application log line before the driver");
        long rows = 0;
        try (BufferAllocator allocator = new RootAllocator();
                Connection c = DriverManager.getConnection(args[0]);
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT id, name FROM items WHERE id < 3 ORDER BY id");
                ArrowVectorIterator batches = JdbcToArrow.sqlToArrowVectorIterator(rs, allocator)) {
            while (batches.hasNext()) {
                try (VectorSchemaRoot root = batches.next()) {
                    rows += root.getRowCount();
                }
            }
        }
        System.out.println("arrow rows=" + rows);
        log.info("application log line after the driver");
    }
}
