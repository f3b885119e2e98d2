package io.lancejdbc.driver.jdbc;

import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.engine.config.EngineProperty;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.engine.remote.RemoteProtocol;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The engine configuration of one connection, merged from the URL and {@code java.util.Properties}.
 *
 * <p>Precedence: the URL wins. Its location ({@code /path}, {@code s3://...}, {@code rest:https://...}) beats the
 * {@code warehouse}/{@code lance.rest.uri} properties, and its query string beats {@code Properties}; each
 * override is reported as an {@code SQLWarning}, without the values. (Tools keep the URL per data source and add
 * driver-wide Properties, so the URL is the more specific setting.)
 *
 * <p>Unknown properties are dropped with an {@code SQLWarning} (not an error, so a shared Properties object with
 * other drivers' keys still connects); {@code user} and {@code password} are ignored (Lance has no database
 * users), with a warning when a password is given. Empty values count as unset, except an empty
 * {@code lance.local.allowed_roots}, which disables {@code local()}. Secrets in the URL are accepted
 * with a warning, since tools display and log URLs. Invalid values fail with 08001 naming the property.
 *
 * @param config what the engine session is opened with
 * @param redactedUrl the URL with secret values replaced by {@code ****}
 * @param warnings messages for the connection's SQLWarning chain, in order
 */
record ConnectionSettings(EngineConfig config, String redactedUrl, List<String> warnings) {

    static ConnectionSettings resolve(String url, Properties info) throws SQLException {
        LanceUrl parsed = LanceUrl.parse(url);
        List<String> warnings = new ArrayList<>();
        Map<String, String> merged = new LinkedHashMap<>();
        if (info != null) {
            for (String key : info.stringPropertyNames()) {
                String value = info.getProperty(key);
                if ((key.equals("user") || key.equals("password")) && !parsed.remote()) {
                    if (key.equals("password") && value != null && !value.isEmpty()) {
                        warnings.add("Property 'password' is ignored: Lance has no database users; storage and REST "
                                + "credentials are the s3.* and lance.rest.* properties");
                    }
                    continue;
                }
                merged.put(key, value);
            }
        }
        for (Map.Entry<String, String> e : parsed.parameters().entrySet()) {
            String previous = merged.put(e.getKey(), e.getValue());
            if (previous != null && !previous.equals(e.getValue())) {
                warnings.add("Property '" + e.getKey() + "' is set both in the URL and in the Properties; the URL "
                        + "value is used");
            }
            if (EngineConfig.isSecretKey(e.getKey())) {
                warnings.add("Property '" + e.getKey() + "' is a secret given in the URL; tools show and log URLs, "
                        + "so pass it in the Properties instead");
            }
        }
        if (parsed.remote()) {
            return remote(parsed, merged, warnings);
        }
        for (Map.Entry<String, String> e : parsed.locationProperties().entrySet()) {
            String previous = merged.put(e.getKey(), e.getValue());
            if (previous != null && !previous.equals(e.getValue())) {
                warnings.add("Property '" + e.getKey() + "' is ignored: the URL location sets it");
            }
        }
        // An empty lance.local.allowed_roots is not "unset": it disables local() (docs/file-tvf.md). Dropping it would
        // turn a server's "no local files" into "any local file". The same for s3()'s endpoint and bucket lists.
        merged.entrySet().removeIf(e -> e.getValue() == null
                || e.getValue().isEmpty() && !e.getKey().equals(EngineProperty.LOCAL_ALLOWED_ROOTS.key())
                && !e.getKey().equals(EngineProperty.S3_ALLOWED_ENDPOINTS.key())
                && !e.getKey().equals(EngineProperty.S3_ALLOWED_BUCKETS.key()));
        dropUnknown(merged, warnings);
        validate(merged, parsed.location().isEmpty());
        return new ConnectionSettings(EngineConfig.of(merged), parsed.redacted(), List.copyOf(warnings));
    }

    /** The keys a {@code jdbc:lance:flight://} connection uses besides the engine properties. */
    private static final java.util.Set<String> REMOTE_KEYS = java.util.Set.of(RemoteProtocol.TOKEN, RemoteProtocol.USER,
            RemoteProtocol.PASSWORD, RemoteProtocol.TLS_CA_FILE, RemoteProtocol.TLS_VERIFY);

    /**
     * A connection to a server: the catalog is the server's, so catalog properties given here are reported and
     * dropped; the credentials and TLS settings stay.
     */
    private static ConnectionSettings remote(LanceUrl parsed, Map<String, String> merged, List<String> warnings)
            throws SQLException {
        Map<String, String> out = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : merged.entrySet()) {
            if (e.getValue() == null || e.getValue().isEmpty()) {
                continue;
            }
            if (REMOTE_KEYS.contains(e.getKey())) {
                out.put(e.getKey(), e.getValue());
            } else {
                warnings.add("Property '" + e.getKey() + "' is ignored: a jdbc:lance:flight:// connection uses the "
                        + "server's catalog settings (start the server with --property instead)");
            }
        }
        out.putAll(parsed.locationProperties());
        return new ConnectionSettings(EngineConfig.of(out), parsed.redacted(), List.copyOf(warnings));
    }

    /** True for a {@code jdbc:lance:flight://} connection (the remote engine). */
    boolean remote() {
        return config.raw(RemoteProtocol.URI) != null;
    }

    private static void dropUnknown(Map<String, String> merged, List<String> warnings) {
        merged.keySet().removeIf(key -> {
            if (EngineProperty.isKnown(key)) {
                return false;
            }
            String hint = "";
            for (EngineProperty p : EngineProperty.values()) {
                if (p.key().equalsIgnoreCase(key) || p.key().replace('_', '.').equalsIgnoreCase(key.replace('_', '.'))) {
                    hint = " (did you mean '" + p.key() + "'?)";
                }
            }
            warnings.add("Unknown connection property '" + key + "' was ignored" + hint
                    + "; Driver.getPropertyInfo lists the known ones");
            return true;
        });
    }

    private static void validate(Map<String, String> merged, boolean warehouseFromProperties) throws SQLException {
        for (Map.Entry<String, String> e : merged.entrySet()) {
            EngineProperty property = EngineProperty.byKey(e.getKey()).orElse(null);
            if (property != null) {
                e.setValue(PropertyRules.check(property, e.getValue()));
            }
        }
        String type = merged.getOrDefault(EngineProperty.CATALOG_TYPE.key(), EngineProperty.CATALOG_TYPE.defaultValue());
        String warehouse = merged.get(EngineProperty.WAREHOUSE.key());
        if (warehouse != null && warehouseFromProperties) {
            merged.put(EngineProperty.WAREHOUSE.key(),
                    WarehouseLocation.normalize(warehouse, "property '" + EngineProperty.WAREHOUSE.key() + "'"));
        }
        String restUri = merged.get(EngineProperty.REST_URI.key());
        if (restUri != null) {
            LanceUrl.RestUri.validate(restUri, "property '" + EngineProperty.REST_URI.key() + "'");
        }
        if (type.equals("filesystem") && warehouse == null && restUri == null
                && !merged.containsKey(EngineProperty.CATALOG_TYPE.key())) {
            // jdbc:lance: with nothing after it: a session without a catalog, in which s3(), local() and SELECT of
            // constants run (issue 13 §5; docs/time-travel.md).
            merged.put(EngineProperty.CATALOG_TYPE.key(), "none");
            return;
        }
        if (type.equals("filesystem") && warehouse == null) {
            throw SqlExceptions.of(SqlState.CONNECTION_FAILURE, "No warehouse is given: write jdbc:lance:/path/to/"
                    + "warehouse, jdbc:lance:s3://bucket/prefix or jdbc:lance:rest:https://host, or set the "
                    + "'warehouse' property");
        }
        if (type.equals("rest") && restUri == null) {
            throw SqlExceptions.of(SqlState.CONNECTION_FAILURE, "lance.catalog.type is rest but no REST namespace URI "
                    + "is given: write jdbc:lance:rest:https://host[:port] or set 'lance.rest.uri'");
        }
    }

    /** True for {@code engine=isolated}: the engine runs in a child JVM the driver manages. */
    boolean isolated() {
        return "isolated".equals(config.raw(EngineProperty.ENGINE.key()));
    }

    /** True when the warehouse is a local path, i.e. tables are local files. */
    boolean localWarehouse() {
        String warehouse = config.raw(EngineProperty.WAREHOUSE.key());
        return "filesystem".equals(config.get(EngineProperty.CATALOG_TYPE)) && warehouse != null
                && !warehouse.startsWith("s3://");
    }

    /** Does not print the configuration's secrets. */
    @Override
    public String toString() {
        return "ConnectionSettings{" + redactedUrl + ", " + config + "}";
    }
}
