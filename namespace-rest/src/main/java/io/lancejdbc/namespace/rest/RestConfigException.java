package io.lancejdbc.namespace.rest;

/**
 * An invalid REST namespace client configuration: a missing or malformed property, an unknown authentication type,
 * a credential missing for the chosen type, a custom header that collides with the authentication header, an
 * unreadable CA file. Thrown when the configuration is built, before any request is sent.
 *
 * <p>The message names the property (or builder setting) and how to fix it, never a credential value. The engine
 * reports it like every other invalid connection property, as SQLState 22023 (invalid parameter value), when the
 * connection is opened.
 */
public class RestConfigException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public RestConfigException(String message) {
        super(message);
    }

    public RestConfigException(String message, Throwable cause) {
        super(message, cause);
    }
}
