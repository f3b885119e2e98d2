package io.lancejdbc.driver.jdbc;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * Versions filled in by the Maven build ({@code version.properties}): the driver's own and the lance-core version
 * it reads datasets with. Free of Arrow so that {@link LanceDriver} can load without it.
 */
final class DriverVersion {
    /** The driver version, e.g. {@code 0.1.0}. */
    static final String DRIVER;
    /** The lance-core version, e.g. {@code 7.0.0}. */
    static final String LANCE;

    static {
        Properties p = new Properties();
        try (InputStream in = DriverVersion.class.getResourceAsStream("version.properties")) {
            if (in == null) {
                throw new IllegalStateException("io/lancejdbc/driver/jdbc/version.properties is missing from the jar");
            }
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        DRIVER = p.getProperty("driver.version");
        LANCE = p.getProperty("lance.version");
    }

    private DriverVersion() {
    }

    /** Component {@code index} (0 = major, 1 = minor) of a dotted version; 0 when it is not a number. */
    static int part(String version, int index) {
        String[] parts = version.split("[.-]");
        if (index >= parts.length) {
            return 0;
        }
        try {
            return Integer.parseInt(parts[index]);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
