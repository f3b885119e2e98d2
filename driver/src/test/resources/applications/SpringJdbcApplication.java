import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * A Spring JDBC 6.2 application logging through Logback (spring-jcl to SLF4J 2), with the lance-jdbc driver jar
 * first on its class path (ApplicationClassPathIT).
 */
public class SpringJdbcApplication {
    public static void main(String[] args) throws Exception {
        Logger log = LoggerFactory.getLogger("application");
        log.info("application log line before the driver");
        JdbcTemplate jdbc = new JdbcTemplate(new DriverManagerDataSource(args[0]));
        Long n = jdbc.queryForObject("SELECT count(*) AS n FROM items WHERE price > ?", Long.class, 10.0);
        System.out.println("spring count=" + n);
        log.info("application log line after the driver");
    }
}
