package io.lancejdbc.exec.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.engine.config.EngineProperty;
import io.lancejdbc.namespace.rest.RestNamespaceConfig;
import io.lancejdbc.namespace.rest.RestNamespaceProperties;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The REST client's properties are connection properties with the client's defaults, and secrets stay hidden. */
class EnginePropertyRestTest {

    @Test
    void everyRestClientPropertyIsAnEngineProperty() {
        for (String name : RestNamespaceProperties.REST_PROPERTY_NAMES) {
            assertTrue(EngineProperty.byKey(name).isPresent(), name);
        }
        assertTrue(EngineProperty.isKnown(RestNamespaceProperties.HEADER_PREFIX + "X-Tenant"));
        assertEquals(RestNamespaceProperties.HEADER_PREFIX, EngineProperty.REST_HEADER_PREFIX);
    }

    @Test
    void restDefaultsAreTheClientDefaults() {
        assertEquals("100", EngineProperty.REST_PAGE_SIZE.defaultValue());
        assertEquals("10000", EngineProperty.REST_CONNECT_TIMEOUT_MS.defaultValue());
        assertEquals("30000", EngineProperty.REST_READ_TIMEOUT_MS.defaultValue());
        assertEquals("60000", EngineProperty.REST_CALL_TIMEOUT_MS.defaultValue());
        assertEquals("3", EngineProperty.REST_MAX_RETRIES.defaultValue());
        assertEquals("200", EngineProperty.REST_RETRY_INITIAL_BACKOFF_MS.defaultValue());
        assertEquals("5000", EngineProperty.REST_RETRY_MAX_BACKOFF_MS.defaultValue());
        assertEquals(RestNamespaceConfig.DEFAULT_PAGE_SIZE,
                Integer.parseInt(EngineProperty.REST_PAGE_SIZE.defaultValue()));
        assertEquals("60", EngineProperty.TABLE_ACCESS_CACHE_TTL.defaultValue());
    }

    @Test
    void restKeysAndDefaultsAreTheClientConstants() {
        Map<EngineProperty, String> keys = Map.ofEntries(
                Map.entry(EngineProperty.REST_URI, RestNamespaceProperties.URI),
                Map.entry(EngineProperty.REST_SECURITY_TYPE, RestNamespaceProperties.SECURITY_TYPE),
                Map.entry(EngineProperty.REST_BEARER_TOKEN, RestNamespaceProperties.BEARER_TOKEN),
                Map.entry(EngineProperty.REST_API_KEY, RestNamespaceProperties.API_KEY),
                Map.entry(EngineProperty.REST_PAGE_SIZE, RestNamespaceProperties.PAGE_SIZE),
                Map.entry(EngineProperty.REST_CONNECT_TIMEOUT_MS, RestNamespaceProperties.CONNECT_TIMEOUT_MS),
                Map.entry(EngineProperty.REST_READ_TIMEOUT_MS, RestNamespaceProperties.READ_TIMEOUT_MS),
                Map.entry(EngineProperty.REST_CALL_TIMEOUT_MS, RestNamespaceProperties.CALL_TIMEOUT_MS),
                Map.entry(EngineProperty.REST_MAX_RETRIES, RestNamespaceProperties.MAX_RETRIES),
                Map.entry(EngineProperty.REST_RETRY_INITIAL_BACKOFF_MS,
                        RestNamespaceProperties.RETRY_INITIAL_BACKOFF_MS),
                Map.entry(EngineProperty.REST_RETRY_MAX_BACKOFF_MS, RestNamespaceProperties.RETRY_MAX_BACKOFF_MS),
                Map.entry(EngineProperty.REST_TLS_CA_FILE, RestNamespaceProperties.TLS_CA_FILE),
                Map.entry(EngineProperty.NAMESPACE_DELIMITER, RestNamespaceProperties.DELIMITER));
        keys.forEach((property, clientKey) -> assertEquals(clientKey, property.key(), property.name()));

        assertEquals(RestNamespaceConfig.DEFAULT_DELIMITER, EngineProperty.NAMESPACE_DELIMITER.defaultValue());
        assertEquals(RestNamespaceConfig.DEFAULT_MAX_RETRIES,
                Integer.parseInt(EngineProperty.REST_MAX_RETRIES.defaultValue()));
        assertEquals(RestNamespaceConfig.DEFAULT_CONNECT_TIMEOUT.toMillis(),
                Long.parseLong(EngineProperty.REST_CONNECT_TIMEOUT_MS.defaultValue()));
        assertEquals(RestNamespaceConfig.DEFAULT_READ_TIMEOUT.toMillis(),
                Long.parseLong(EngineProperty.REST_READ_TIMEOUT_MS.defaultValue()));
        assertEquals(RestNamespaceConfig.DEFAULT_CALL_TIMEOUT.toMillis(),
                Long.parseLong(EngineProperty.REST_CALL_TIMEOUT_MS.defaultValue()));
        assertEquals(RestNamespaceConfig.DEFAULT_INITIAL_BACKOFF.toMillis(),
                Long.parseLong(EngineProperty.REST_RETRY_INITIAL_BACKOFF_MS.defaultValue()));
        assertEquals(RestNamespaceConfig.DEFAULT_MAX_BACKOFF.toMillis(),
                Long.parseLong(EngineProperty.REST_RETRY_MAX_BACKOFF_MS.defaultValue()));
    }

    @Test
    void onlyTheTokenAndTheKeyAreSecretRestProperties() {
        List<EngineProperty> secret = java.util.Arrays.stream(EngineProperty.values())
                .filter(p -> p.key().startsWith("lance.rest.") && p.secret()).toList();

        assertEquals(List.of(EngineProperty.REST_BEARER_TOKEN, EngineProperty.REST_API_KEY), secret);
    }

    @Test
    void everySecretPropertyIsASecretKey() {
        for (EngineProperty p : EngineProperty.values()) {
            assertEquals(p.secret(), EngineConfig.isSecretKey(p.key()), p.key());
        }
    }

    @Test
    void everyCustomRestHeaderIsSecret() {
        assertTrue(EngineConfig.isSecretKey("lance.rest.header.Authorization"));
        assertTrue(EngineConfig.isSecretKey("lance.rest.header.Cookie"));
        assertTrue(EngineConfig.isSecretKey("lance.rest.header.X-Tenant"));
    }

    @Test
    void storagePassThroughsNamingKeysAreSecret() {
        assertTrue(EngineConfig.isSecretKey("lance.storage.aws_secret_access_key"));
        assertTrue(EngineConfig.isSecretKey("lance.storage.access_key_id"));
        assertTrue(EngineConfig.isSecretKey("lance.storage.aws_session_token"));
        assertTrue(EngineConfig.isSecretKey("lance.storage.azure_storage_account_key"));
        assertTrue(EngineConfig.isSecretKey("lance.storage.azure_storage_sas_token"));
        assertTrue(EngineConfig.isSecretKey("lance.storage.google_service_account_key"));
        assertFalse(EngineConfig.isSecretKey("lance.storage.client_max_retries"));
        assertFalse(EngineConfig.isSecretKey("lance.storage.aws_endpoint"));
    }

    @Test
    void configToStringHidesTokensAndHeaders() {
        String shown = EngineConfig.of(Map.of("lance.rest.uri", "https://h", "lance.rest.bearer-token", "tok-1",
                "lance.rest.header.Cookie", "session=abc", "lance.rest.page-size", "5")).toString();

        assertEquals("EngineConfig{lance.rest.bearer-token=****, lance.rest.header.Cookie=****, "
                + "lance.rest.page-size=5, lance.rest.uri=https://h}", shown);
    }
}
