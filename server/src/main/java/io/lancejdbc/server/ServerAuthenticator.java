package io.lancejdbc.server;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import java.util.Map;
import org.apache.arrow.flight.CallHeaders;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.auth2.Auth2Constants;
import org.apache.arrow.flight.auth2.AuthUtilities;
import org.apache.arrow.flight.auth2.BasicCallHeaderAuthenticator;
import org.apache.arrow.flight.auth2.CallHeaderAuthenticator;
import org.apache.arrow.flight.auth2.GeneratedBearerTokenAuthenticator;

/**
 * Who may call the server: everybody (no tokens and no users configured), holders of a configured bearer token,
 * and users who exchange a user name and password (HTTP Basic, what Flight SQL clients send for
 * {@code user}/{@code password}) for a generated bearer token. Comparisons take constant time; failures say only
 * "authentication failed" and never echo what the client sent.
 */
final class ServerAuthenticator implements CallHeaderAuthenticator {
    private final List<byte[]> tokens;
    private final Map<String, String> users;
    private final CallHeaderAuthenticator passwords;

    /**
     * @param tokens accepted bearer tokens
     * @param users user name to password
     */
    ServerAuthenticator(List<String> tokens, Map<String, String> users) {
        this.tokens = tokens.stream().map(t -> t.getBytes(StandardCharsets.UTF_8)).toList();
        this.users = Map.copyOf(users);
        this.passwords = users.isEmpty() ? null : new GeneratedBearerTokenAuthenticator(
                new BasicCallHeaderAuthenticator(this::validate));
    }

    boolean required() {
        return !tokens.isEmpty() || !users.isEmpty();
    }

    @Override
    public AuthResult authenticate(CallHeaders headers) {
        if (!required()) {
            return () -> "";
        }
        String bearer = AuthUtilities.getValueFromAuthHeader(headers, Auth2Constants.BEARER_PREFIX);
        if (bearer != null) {
            byte[] given = bearer.getBytes(StandardCharsets.UTF_8);
            for (int i = 0; i < tokens.size(); i++) {
                if (MessageDigest.isEqual(tokens.get(i), given)) {
                    String identity = "token-" + (i + 1);
                    return () -> identity;
                }
            }
        }
        if (passwords != null) {
            return passwords.authenticate(headers);
        }
        throw CallStatus.UNAUTHENTICATED.withDescription("[SQLState 28000] Authentication failed: give a valid "
                + "bearer token (property 'token')").toRuntimeException();
    }

    private AuthResult validate(String user, String password) {
        String expected = users.get(user);
        boolean ok = expected != null && MessageDigest.isEqual(expected.getBytes(StandardCharsets.UTF_8),
                password.getBytes(StandardCharsets.UTF_8));
        if (!ok) {
            throw CallStatus.UNAUTHENTICATED.withDescription("[SQLState 28000] Authentication failed: unknown user "
                    + "or wrong password").toRuntimeException();
        }
        return () -> user;
    }
}
