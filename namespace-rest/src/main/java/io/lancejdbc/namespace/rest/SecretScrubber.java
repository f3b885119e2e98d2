package io.lancejdbc.namespace.rest;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Masks configured secrets in text that came from the service (error messages, details, non-JSON bodies) before it
 * goes into an exception message: a service or proxy that echoes the request headers must not leak the token.
 */
final class SecretScrubber {
    /**
     * Shorter values are not masked: they would mangle ordinary words ("tok" inside "token") while a real token or
     * key is far longer.
     */
    private static final int MIN_SECRET_LENGTH = 8;

    private final List<String> secrets;

    SecretScrubber(RestNamespaceConfig config) {
        List<String> s = new ArrayList<>();
        String auth = config.authentication().secret();
        if (auth != null && auth.length() >= MIN_SECRET_LENGTH) {
            s.add(auth);
        }
        for (Map.Entry<String, String> h : config.headers().entrySet()) {
            String value = h.getValue().trim();
            // Every custom header value counts as a credential (EngineConfig.isSecretKey says so for every
            // lance.rest.header.* property): a tenant or session header need not have a secret-looking name
            // (found by RestNamespaceFaultTest, issue 16, with a service that echoes the request's headers).
            if (value.length() >= MIN_SECRET_LENGTH) {
                s.add(value);
                // "Bearer abc...": a service may echo only the credential after the scheme word.
                int space = value.lastIndexOf(' ');
                if (space >= 0 && value.length() - space - 1 >= MIN_SECRET_LENGTH) {
                    s.add(value.substring(space + 1));
                }
            }
        }
        this.secrets = List.copyOf(s);
    }

    String scrub(String text) {
        if (text == null) {
            return null;
        }
        String out = text;
        for (String secret : secrets) {
            out = out.replace(secret, "****");
        }
        return out;
    }
}
