package io.lancejdbc.namespace.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import okhttp3.tls.HandshakeCertificates;
import okhttp3.tls.HeldCertificate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** HTTPS with a private CA: refused with the JDK trust store alone, accepted with lance.rest.tls.ca-file. */
class RestNamespaceTlsTest {
    @TempDir
    Path dir;

    private MockWebServer server;
    private HeldCertificate ca;

    @BeforeEach
    void startHttpsServer() throws Exception {
        ca = new HeldCertificate.Builder().certificateAuthority(0).commonName("lance-jdbc test CA").build();
        server = new MockWebServer();
        HeldCertificate serverCertificate = new HeldCertificate.Builder().signedBy(ca)
                .addSubjectAlternativeName("localhost").build();
        HandshakeCertificates serverSide = new HandshakeCertificates.Builder()
                .heldCertificate(serverCertificate, ca.certificate()).build();
        server.useHttps(serverSide.sslSocketFactory());
        server.start(java.net.InetAddress.getByName("localhost"), 0);
    }

    @AfterEach
    void stopServer() {
        server.close();
    }

    private String httpsUri() {
        return "https://localhost:" + server.getPort();
    }

    @Test
    void privateCaIsTrustedThroughTheCaFile() throws Exception {
        Path pem = dir.resolve("ca.pem");
        Files.writeString(pem, ca.certificatePem());
        server.enqueue(new MockResponse.Builder().code(200).body("{\"namespaces\":[\"secure\"]}").build());
        try (RestNamespaceClient client = RestNamespaceClient.create(RestNamespaceProperties.parse(java.util.Map.of(
                "lance.rest.uri", httpsUri(), "lance.rest.tls.ca-file", pem.toString())))) {
            assertEquals(List.of("secure"), client.listNamespaces(List.of()));
        }
    }

    @Test
    void privateCaIsRefusedWithoutTheCaFile() {
        try (RestNamespaceClient client = RestNamespaceClient.create(
                RestNamespaceConfig.builder(httpsUri()).maxRetries(2).build())) {
            RestConnectionException e = assertThrows(RestConnectionException.class,
                    () -> client.listNamespaces(List.of()));
            assertTrue(e.getMessage().contains("TLS handshake failed"), e.getMessage());
            assertTrue(e.getMessage().endsWith("set lance.rest.tls.ca-file to its PEM certificate"), e.getMessage());
        }
        assertEquals(0, server.getRequestCount());
    }

    @Test
    void caFileWithoutCertificatesIsAConfigurationError() throws Exception {
        Path notPem = dir.resolve("empty.pem");
        Files.writeString(notPem, "not a certificate\n");
        RestConfigException e = assertThrows(RestConfigException.class,
                () -> RestNamespaceConfig.builder(httpsUri()).caCertificateFile(notPem).build());
        assertTrue(e.getMessage().startsWith("lance.rest.tls.ca-file '" + notPem + "'"), e.getMessage());
    }
}
