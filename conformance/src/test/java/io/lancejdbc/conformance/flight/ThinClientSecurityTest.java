package io.lancejdbc.conformance.flight;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.exec.testing.SharedDemoWarehouse;
import io.lancejdbc.server.LanceFlightServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import okhttp3.tls.HeldCertificate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The thin client ({@code jdbc:lance:flight://}) against a server that requires authentication and one that serves
 * TLS with a private certificate authority, through {@code DriverManager} as an application connects (docs/server.md:
 * a failed authentication is 28000 and says only that it failed; {@code tls.ca-file} names the CA to trust).
 */
class ThinClientSecurityTest {
    private static final String TOKEN = "thin-client-token-7b1e";
    private static final String PASSWORD = "thin-pa55word-93c";

    @Test
    void aMissingOrWrongCredentialIs28000AndNamesNoSecret() throws Exception {
        try (LanceFlightServer server = LanceFlightServer.builder()
                .property("warehouse", SharedDemoWarehouse.path().toString()).token(TOKEN)
                .user("ana", PASSWORD).port(0).start()) {
            String url = "jdbc:lance:flight://127.0.0.1:" + server.port();
            for (String suffix : new String[] {"", "?token=wrong-token-5d2", "?user=ana&password=wrong-pa55-4f1",
                    "?user=nobody&password=" + PASSWORD}) {
                SQLException e = assertThrows(SQLException.class, () -> {
                    try (Connection c = DriverManager.getConnection(url + suffix);
                            Statement st = c.createStatement()) {
                        st.executeQuery("SELECT 1").close();
                    }
                }, suffix);
                assertEquals("28000", e.getSQLState(), suffix + ": " + e);
                assertTrue(e.getMessage().contains("uthentication failed"), e.getMessage());
                for (String secret : new String[] {TOKEN, PASSWORD, "wrong-token-5d2", "wrong-pa55-4f1"}) {
                    assertFalse(e.getMessage().contains(secret), e.getMessage());
                }
            }
            assertEquals(1L, one(url + "?token=" + TOKEN));
            assertEquals(1L, one(url + "?user=ana&password=" + PASSWORD));
        }
    }

    @Test
    void tlsCaFileTrustsAPrivateCertificateAuthority(@TempDir Path dir) throws Exception {
        HeldCertificate ca = new HeldCertificate.Builder().certificateAuthority(0).commonName("thin test CA").build();
        HeldCertificate cert = new HeldCertificate.Builder().signedBy(ca).addSubjectAlternativeName("localhost")
                .build();
        Path certFile = Files.writeString(dir.resolve("server.pem"), cert.certificatePem());
        Path keyFile = Files.writeString(dir.resolve("server.key"), cert.privateKeyPkcs8Pem());
        Path caFile = Files.writeString(dir.resolve("ca.pem"), ca.certificatePem());
        try (LanceFlightServer server = LanceFlightServer.builder()
                .property("warehouse", SharedDemoWarehouse.path().toString()).bind("localhost")
                .tls(certFile.toFile(), keyFile.toFile()).port(0).start()) {
            String url = "jdbc:lance:flight+tls://localhost:" + server.port();
            assertEquals(1L, one(url + "?tls.ca-file=" + caFile));
            SQLException untrusted = assertThrows(SQLException.class, () -> one(url));
            assertTrue(untrusted.getSQLState().startsWith("08"), untrusted.toString());
        }
    }

    private static long one(String url) throws SQLException {
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT 1")) {
            assertTrue(rs.next());
            return rs.getLong(1);
        }
    }
}
