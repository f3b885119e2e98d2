package io.lancejdbc.namespace.rest;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;

/** Reads the CA certificates of {@code lance.rest.tls.ca-file}: one or more PEM {@code CERTIFICATE} blocks. */
final class PemCertificates {
    private PemCertificates() {
    }

    /**
     * @return the certificates in file order, at least one
     * @throws RestConfigException when the file is missing, unreadable, or holds no X.509 certificate
     */
    static List<X509Certificate> read(Path pemFile) {
        String property = RestNamespaceProperties.TLS_CA_FILE;
        try (InputStream in = Files.newInputStream(pemFile)) {
            List<X509Certificate> certificates = new ArrayList<>();
            for (Certificate c : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
                certificates.add((X509Certificate) c);
            }
            if (certificates.isEmpty()) {
                throw new RestConfigException(property + " '" + pemFile + "' contains no certificate;"
                        + " give a PEM file with -----BEGIN CERTIFICATE----- blocks");
            }
            return List.copyOf(certificates);
        } catch (NoSuchFileException e) {
            throw new RestConfigException(property + " '" + pemFile + "' does not exist", e);
        } catch (IOException e) {
            throw new RestConfigException(property + " '" + pemFile + "' cannot be read: " + e.getMessage(), e);
        } catch (CertificateException e) {
            throw new RestConfigException(property + " '" + pemFile + "' is not a PEM file of X.509 certificates: "
                    + e.getMessage(), e);
        }
    }
}
