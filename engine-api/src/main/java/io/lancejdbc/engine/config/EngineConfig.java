package io.lancejdbc.engine.config;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The immutable, merged connection properties (URL query string over {@code java.util.Properties}, the warehouse
 * from the URL) the engine opens a session with. Secrets inside are never printed by {@link #toString()}.
 */
public final class EngineConfig {
    private final Map<String, String> values;

    private EngineConfig(Map<String, String> values) {
        this.values = Collections.unmodifiableMap(new TreeMap<>(values));
    }

    /** A configuration holding exactly {@code values} (keys as users write them). */
    public static EngineConfig of(Map<String, String> values) {
        Objects.requireNonNull(values, "values");
        return new EngineConfig(values);
    }

    /** The raw value, or null when unset (defaults are not applied). */
    public String raw(String key) {
        return values.get(key);
    }

    /** The value, or the property's default when unset; may be null when there is no default. */
    public String get(EngineProperty property) {
        String v = values.get(property.key());
        return v != null ? v : property.defaultValue();
    }

    /** Every key/value as given; callers must not print secret values. */
    public Map<String, String> asMap() {
        return values;
    }

    /** Keys and values with secrets replaced by {@code ****}. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("EngineConfig{");
        boolean first = true;
        for (Map.Entry<String, String> e : values.entrySet()) {
            if (!first) {
                sb.append(", ");
            }
            first = false;
            sb.append(e.getKey()).append('=').append(isSecretKey(e.getKey()) ? "****" : e.getValue());
        }
        return sb.append('}').toString();
    }

    /**
     * True for keys whose values are credentials: the properties marked {@link EngineProperty#secret()}, every
     * custom REST header ({@code lance.rest.header.*}: a header can carry any credential, e.g. a cookie), Lance
     * storage pass-throughs ({@code lance.storage.*}) that name a key, token, SAS or password, and any other key
     * that looks like one.
     */
    public static boolean isSecretKey(String key) {
        if (key.startsWith(io.lancejdbc.engine.remote.RemoteProtocol.SESSION_PROPERTY_PREFIX)) {
            return isSecretKey(key.substring(io.lancejdbc.engine.remote.RemoteProtocol.SESSION_PROPERTY_PREFIX.length()));
        }
        if (EngineProperty.byKey(key).map(EngineProperty::secret).orElse(false)) {
            return true;
        }
        String k = key.toLowerCase(java.util.Locale.ROOT);
        if (k.startsWith(EngineProperty.REST_HEADER_PREFIX.toLowerCase(java.util.Locale.ROOT))) {
            return true;
        }
        if (k.startsWith(EngineProperty.LANCE_STORAGE_PREFIX) && (k.contains("key") || k.contains("sas"))) {
            return true;
        }
        return k.contains("secret") || k.contains("token") || k.contains("password") || k.contains("key_id")
                || k.contains("access_key") || k.contains("api-key") || k.contains("api_key")
                || k.contains("authorization") || k.contains("credential");
    }
}
