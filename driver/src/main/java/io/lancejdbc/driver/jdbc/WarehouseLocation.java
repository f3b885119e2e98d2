package io.lancejdbc.driver.jdbc;

import io.lancejdbc.engine.SqlState;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Checks and normalises the root of a filesystem warehouse: an absolute path (kept as written), a
 * {@code file://} URI (turned into its absolute path) or {@code s3://bucket/prefix} (kept as written). A relative
 * path would depend on the working directory of whatever process loads the driver (an IDE, a server), so it is
 * refused, as is any other scheme.
 */
final class WarehouseLocation {
    private static final Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*:.*", Pattern.DOTALL);
    private static final Pattern WINDOWS_DRIVE = Pattern.compile("^[A-Za-z]:[\\\\/].*", Pattern.DOTALL);
    private static final String FORMS = "use an absolute path (jdbc:lance:/data/warehouse), a file URI "
            + "(jdbc:lance:file:///data/warehouse) or S3 (jdbc:lance:s3://bucket/prefix); a REST catalog is "
            + "jdbc:lance:rest:https://host[:port]";

    private WarehouseLocation() {
    }

    /**
     * @param where where the value came from, for messages ("the URL ...", "property 'warehouse'")
     * @throws SQLException 08001 for a relative path, an unsupported scheme or a malformed URI
     */
    static String normalize(String raw, String where) throws SQLException {
        String value = raw.trim();
        String shown = LanceUrl.redactUserInfo(value);
        if (value.isEmpty()) {
            throw SqlExceptions.of(SqlState.CONNECTION_FAILURE, "The warehouse in " + where + " is empty; " + FORMS);
        }
        if (value.startsWith("/") || WINDOWS_DRIVE.matcher(value).matches()) {
            return value;
        }
        if (!SCHEME.matcher(value).matches()) {
            throw SqlExceptions.of(SqlState.CONNECTION_FAILURE, "The warehouse '" + shown + "' in " + where
                    + " is a relative path; " + FORMS);
        }
        String scheme = value.substring(0, value.indexOf(':')).toLowerCase(Locale.ROOT);
        switch (scheme) {
            case "file":
                return fileUri(value, shown, where);
            case "s3":
                return s3Uri(value, where);
            default:
                throw SqlExceptions.of(SqlState.CONNECTION_FAILURE, "The warehouse scheme '" + scheme + ":' in "
                        + where + " is not supported; " + FORMS);
        }
    }

    private static String fileUri(String value, String shown, String where) throws SQLException {
        try {
            URI uri = new URI(value);
            String host = uri.getHost();
            if (uri.getAuthority() != null && !uri.getAuthority().isEmpty() && !"localhost".equalsIgnoreCase(host)) {
                throw SqlExceptions.of(SqlState.CONNECTION_FAILURE, "The file URI '" + shown + "' in " + where
                        + " names a host; only local files are supported (file:///path)");
            }
            if (uri.getPath() == null || !uri.getPath().startsWith("/")) {
                throw SqlExceptions.of(SqlState.CONNECTION_FAILURE, "The file URI '" + shown + "' in " + where
                        + " has no absolute path; " + FORMS);
            }
            return Path.of(new URI("file", null, uri.getPath(), null)).toString();
        } catch (URISyntaxException | IllegalArgumentException e) {
            throw SqlExceptions.of(SqlState.CONNECTION_FAILURE, "The file URI '" + shown + "' in " + where
                    + " is malformed; " + FORMS);
        }
    }

    private static String s3Uri(String value, String where) throws SQLException {
        if (!value.startsWith("s3://")) {
            throw SqlExceptions.of(SqlState.CONNECTION_FAILURE, "The S3 location '" + shown(value) + "' in " + where
                    + " must look like s3://bucket/prefix");
        }
        String rest = value.substring("s3://".length());
        int slash = rest.indexOf('/');
        String bucket = slash < 0 ? rest : rest.substring(0, slash);
        if (bucket.isEmpty() || bucket.contains("@") || bucket.contains(":")) {
            throw SqlExceptions.of(SqlState.CONNECTION_FAILURE, "The S3 location in " + where
                    + " has no valid bucket name; write s3://bucket/prefix (credentials go into s3.access_key and "
                    + "s3.secret_key properties, never into the location)");
        }
        return value;
    }

    private static String shown(String value) {
        return LanceUrl.redactUserInfo(value);
    }
}
