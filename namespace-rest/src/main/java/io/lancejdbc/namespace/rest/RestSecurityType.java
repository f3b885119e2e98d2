package io.lancejdbc.namespace.rest;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The authentication schemes of {@code lance.rest.security.type} (Doris Lance Catalog manual, "REST Catalog"):
 * none, a bearer token in {@code Authorization}, or an API key in {@code x-api-key} (lance-namespace spec,
 * security schemes BearerAuth and ApiKeyAuth).
 */
public enum RestSecurityType {
    NONE("none"),
    BEARER("bearer"),
    API_KEY("api_key");

    private final String propertyValue;

    RestSecurityType(String propertyValue) {
        this.propertyValue = propertyValue;
    }

    /** The value as written in {@code lance.rest.security.type}. */
    public String propertyValue() {
        return propertyValue;
    }

    /**
     * Parses a {@code lance.rest.security.type} value, ignoring case and surrounding spaces.
     *
     * @throws RestConfigException when the value is none of {@code none}, {@code bearer}, {@code api_key}
     */
    public static RestSecurityType fromPropertyValue(String value) {
        String normalized = value.trim().toLowerCase(Locale.ROOT);
        for (RestSecurityType type : values()) {
            if (type.propertyValue.equals(normalized)) {
                return type;
            }
        }
        throw new RestConfigException("Unknown " + RestNamespaceProperties.SECURITY_TYPE + " '" + value.trim()
                + "'; use one of " + Arrays.stream(values()).map(RestSecurityType::propertyValue)
                        .collect(Collectors.joining(", ")));
    }
}
