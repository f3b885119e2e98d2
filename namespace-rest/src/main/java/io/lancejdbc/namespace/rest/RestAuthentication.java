package io.lancejdbc.namespace.rest;

import java.util.Objects;
import java.util.Optional;

/**
 * How the client authenticates: nothing, a bearer token, or an API key. Immutable. The secret is readable only
 * inside this package; {@code toString()} shows the scheme and never the secret.
 *
 * <p>Header names and formats follow the lance-namespace spec security schemes: BearerAuth sends
 * {@code Authorization: Bearer <token>}, ApiKeyAuth sends {@code x-api-key: <key>}.
 */
public final class RestAuthentication {
    private static final RestAuthentication NONE = new RestAuthentication(RestSecurityType.NONE, null);

    private final RestSecurityType type;
    private final String secret;

    private RestAuthentication(RestSecurityType type, String secret) {
        this.type = type;
        this.secret = secret;
    }

    /** No authentication header. */
    public static RestAuthentication none() {
        return NONE;
    }

    /**
     * {@code Authorization: Bearer <token>}.
     *
     * @param token the bearer token, not blank, visible ASCII without spaces
     * @throws RestConfigException when the token is null, blank or holds a character HTTP headers cannot carry
     */
    public static RestAuthentication bearer(String token) {
        return new RestAuthentication(RestSecurityType.BEARER,
                checkSecret(token, "bearer token", RestNamespaceProperties.BEARER_TOKEN));
    }

    /**
     * {@code x-api-key: <key>}.
     *
     * @param apiKey the API key, not blank, visible ASCII without spaces
     * @throws RestConfigException when the key is null, blank or holds a character HTTP headers cannot carry
     */
    public static RestAuthentication apiKey(String apiKey) {
        return new RestAuthentication(RestSecurityType.API_KEY,
                checkSecret(apiKey, "API key", RestNamespaceProperties.API_KEY));
    }

    /** The scheme, never null. */
    public RestSecurityType type() {
        return type;
    }

    /** The header this scheme sets: {@code Authorization}, {@code x-api-key}, or empty for none. */
    public Optional<String> headerName() {
        switch (type) {
            case BEARER:
                return Optional.of("Authorization");
            case API_KEY:
                return Optional.of("x-api-key");
            default:
                return Optional.empty();
        }
    }

    /** The full header value including the {@code Bearer } prefix; null for none. */
    String headerValue() {
        return type == RestSecurityType.BEARER ? "Bearer " + secret : secret;
    }

    /** The token or key alone, for scrubbing echoed server text; null for none. */
    String secret() {
        return secret;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RestAuthentication other && type == other.type && Objects.equals(secret, other.secret);
    }

    @Override
    public int hashCode() {
        return Objects.hash(type, secret);
    }

    /** {@code none}, {@code bearer(****)} or {@code api_key(****)}. */
    @Override
    public String toString() {
        return type == RestSecurityType.NONE ? "none" : type.propertyValue() + "(****)";
    }

    /**
     * Rejects a secret HTTP cannot carry. OkHttp would reject it too, but its message quotes the value for headers
     * it does not treat as sensitive (x-api-key), so the check happens here and names only the position.
     */
    private static String checkSecret(String secret, String what, String property) {
        if (secret == null || secret.isBlank()) {
            throw new RestConfigException("The " + what + " is missing or empty; set " + property);
        }
        for (int i = 0; i < secret.length(); i++) {
            char c = secret.charAt(i);
            if (c < 0x21 || c > 0x7e) {
                throw new RestConfigException("The " + what + " (" + property + ") contains a character an HTTP"
                        + " header cannot carry at position " + (i + 1) + " (only visible ASCII without spaces)");
            }
        }
        return secret;
    }
}
