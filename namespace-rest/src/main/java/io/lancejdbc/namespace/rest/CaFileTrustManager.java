package io.lancejdbc.namespace.rest;

import java.net.Socket;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * Trusts a server when either the JDK trust store or the configured CA file vouches for it, so that adding a private
 * CA never stops public certificates from working. Extends {@link X509ExtendedTrustManager} so that the JDK keeps
 * doing its socket- and engine-aware checks through the delegates.
 */
final class CaFileTrustManager extends X509ExtendedTrustManager {
    private final X509ExtendedTrustManager jdk;
    private final X509ExtendedTrustManager caFile;

    private CaFileTrustManager(X509ExtendedTrustManager jdk, X509ExtendedTrustManager caFile) {
        this.jdk = jdk;
        this.caFile = caFile;
    }

    /** The JDK default trust manager (cacerts, or {@code javax.net.ssl.trustStore}). */
    static X509ExtendedTrustManager jdkDefault() {
        return fromKeyStore(null);
    }

    /** The JDK default trust plus {@code certificates} as extra trust anchors. */
    static X509ExtendedTrustManager withCaCertificates(List<X509Certificate> certificates) {
        try {
            KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
            store.load(null, null);
            for (int i = 0; i < certificates.size(); i++) {
                store.setCertificateEntry("lance-rest-ca-" + i, certificates.get(i));
            }
            return new CaFileTrustManager(jdkDefault(), fromKeyStore(store));
        } catch (GeneralSecurityException | java.io.IOException e) {
            throw new RestConfigException("Cannot build a trust store from " + RestNamespaceProperties.TLS_CA_FILE
                    + ": " + e.getMessage(), e);
        }
    }

    private static X509ExtendedTrustManager fromKeyStore(KeyStore store) {
        try {
            TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            factory.init(store);
            for (TrustManager tm : factory.getTrustManagers()) {
                if (tm instanceof X509ExtendedTrustManager x509) {
                    return x509;
                }
            }
            throw new IllegalStateException("The JDK offers no X509ExtendedTrustManager");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("The JDK trust manager cannot be initialized: " + e.getMessage(), e);
        }
    }

    @FunctionalInterface
    private interface Check {
        void run(X509ExtendedTrustManager tm) throws CertificateException;
    }

    private void eitherTrusts(Check check) throws CertificateException {
        try {
            check.run(caFile);
        } catch (CertificateException caFileRejected) {
            try {
                check.run(jdk);
            } catch (CertificateException jdkRejected) {
                jdkRejected.addSuppressed(caFileRejected);
                throw jdkRejected;
            }
        }
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        eitherTrusts(tm -> tm.checkServerTrusted(chain, authType));
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket)
            throws CertificateException {
        eitherTrusts(tm -> tm.checkServerTrusted(chain, authType, socket));
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
            throws CertificateException {
        eitherTrusts(tm -> tm.checkServerTrusted(chain, authType, engine));
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        jdk.checkClientTrusted(chain, authType);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket)
            throws CertificateException {
        jdk.checkClientTrusted(chain, authType, socket);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
            throws CertificateException {
        jdk.checkClientTrusted(chain, authType, engine);
    }

    /** Both sets: OkHttp builds its certificate-chain cleaner from these. */
    @Override
    public X509Certificate[] getAcceptedIssuers() {
        return Stream.concat(Arrays.stream(caFile.getAcceptedIssuers()), Arrays.stream(jdk.getAcceptedIssuers()))
                .toArray(X509Certificate[]::new);
    }
}
