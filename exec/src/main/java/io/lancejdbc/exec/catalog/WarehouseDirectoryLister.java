package io.lancejdbc.exec.catalog;

import io.lancejdbc.exec.storage.ListingPage;
import io.lancejdbc.exec.storage.ObjectKeyEncoding;
import io.lancejdbc.exec.storage.StorageLocation;
import io.lancejdbc.exec.storage.StorageOptions;
import io.lancejdbc.exec.storage.StorageScheme;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * The filesystem catalog's {@link DirectoryLister} over the paged storage listing
 * ({@link io.lancejdbc.exec.storage.DirectoryLister}): every page of one directory, its sub-directory names decoded
 * and sorted. This is what makes {@code s3://bucket/prefix} warehouses browsable, in both the plain and the
 * directory-namespace ({@code __manifest}) layout.
 *
 * <p>Names: lance-core stores a dataset written to {@code s3://b/wh/my table.lance} under the key
 * {@code wh/my%20table.lance} (see {@link ObjectKeyEncoding}). A listed segment is therefore shown decoded
 * ({@code my table}) when decoding and re-encoding gives back exactly the listed key, so the catalog's URI
 * {@code s3://b/wh/my table.lance} reaches the same key again; any other segment containing {@code %} is shown as
 * listed. Segments Lance cannot address at all (a space or {@code #} written by another tool, {@code .}, ...) are
 * left out, since no dataset could be opened under them.
 *
 * <p>Bounds: the catalog has no per-query listing budget, so each directory is listed in pages (of
 * {@link #DEFAULT_PAGE_SIZE} entries by default), each request limited to {@code requestTimeout}, and at most
 * {@code maxEntries}
 * entries (directories plus files) are read before the listing fails with 54000. Thread-safe; closes the storage
 * lister it wraps.
 */
public final class WarehouseDirectoryLister implements DirectoryLister {
    /** Entries per listing request: the S3 maximum, so a directory costs as few requests as possible. */
    public static final int DEFAULT_PAGE_SIZE = 1000;
    /** Default bound on the entries read from one directory (100 full S3 pages). */
    public static final int DEFAULT_MAX_ENTRIES = 100_000;
    /** Default limit of one listing request. */
    public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(30);

    private final io.lancejdbc.exec.storage.DirectoryLister storage;
    private final int pageSize;
    private final int maxEntries;
    private final Duration requestTimeout;

    /**
     * @param storage the paged lister of the warehouse's scheme; owned (closed by {@link #close()})
     * @param pageSize entries per listing request, 1 to 1000
     * @param maxEntries most entries read from one directory, at least 1
     * @param requestTimeout limit of each listing request, positive
     */
    public WarehouseDirectoryLister(io.lancejdbc.exec.storage.DirectoryLister storage, int pageSize,
            int maxEntries, Duration requestTimeout) {
        this.storage = Objects.requireNonNull(storage, "storage");
        if (pageSize < 1 || pageSize > 1000 || maxEntries < 1 || requestTimeout.isNegative()
                || requestTimeout.isZero()) {
            throw new IllegalArgumentException("pageSize must be 1..1000, maxEntries >= 1, requestTimeout positive");
        }
        this.pageSize = pageSize;
        this.maxEntries = maxEntries;
        this.requestTimeout = requestTimeout;
    }

    /**
     * A lister for a warehouse of {@code scheme}, with the S3 client built from {@code options} (the same endpoint,
     * region and credentials Lance gets) and the default bounds.
     *
     * @throws SqlError 08001 when the options name an unusable endpoint or half a key pair
     */
    public static WarehouseDirectoryLister open(StorageScheme scheme, StorageOptions options) {
        return new WarehouseDirectoryLister(io.lancejdbc.exec.storage.DirectoryLister.open(scheme, options),
                DEFAULT_PAGE_SIZE, DEFAULT_MAX_ENTRIES, DEFAULT_REQUEST_TIMEOUT);
    }

    @Override
    public List<String> childDirectories(String directoryUri) {
        StorageLocation dir = location(directoryUri);
        List<String> names = new ArrayList<>();
        String token = null;
        long entries = 0;
        do {
            ListingPage page = list(dir, token);
            entries += page.directories().size() + page.files().size();
            if (entries > maxEntries) {
                throw new SqlError(SqlState.LIMIT_EXCEEDED, "Warehouse directory " + dir + " has more than "
                        + maxEntries + " entries; the Lance catalog does not list directories this large. Move "
                        + "unrelated objects out of the warehouse, or point 'warehouse' at the prefix that holds "
                        + "the tables");
            }
            for (String listed : page.directories()) {
                String name = displayName(dir.scheme(), listed);
                if (name != null) {
                    names.add(name);
                }
            }
            token = page.nextPageToken();
        } while (token != null);
        Collections.sort(names);
        return names;
    }

    /**
     * Lists one entry of the warehouse root, so that a missing bucket or rejected credentials fail when the
     * connection opens rather than at the first query. An empty or absent prefix is a valid (empty) warehouse.
     *
     * @throws SqlError 08001 when the bucket does not exist or the endpoint cannot be reached, 28000 when the
     *     credentials are rejected
     */
    public void checkWarehouse(String warehouseUri) {
        list(location(warehouseUri), null, 1);
    }

    @Override
    public void close() {
        storage.close();
    }

    @Override
    public String toString() {
        return "WarehouseDirectoryLister{" + storage + "}";
    }

    private ListingPage list(StorageLocation dir, String token) {
        return list(dir, token, pageSize);
    }

    private ListingPage list(StorageLocation dir, String token, int pageSize) {
        try {
            return storage.listPage(dir, token, pageSize, requestTimeout);
        } catch (SqlError e) {
            if (SqlState.TABLE_NOT_FOUND.equals(e.sqlState())) {
                // The storage lister says 42S02 for a missing bucket (right for a dataset path in a query); for a
                // warehouse it means the catalog cannot be read at all: an I/O error while a statement runs, 08001
                // while the connection is opened (CatalogFactory).
                throw new SqlError(SqlState.IO_ERROR, "Lance warehouse " + dir + " cannot be listed: "
                        + e.getMessage(), e);
            }
            throw e;
        }
    }

    private static StorageLocation location(String uri) {
        try {
            return StorageLocation.parse(uri);
        } catch (SqlError e) {
            throw new SqlError(SqlState.CONNECTION_FAILURE, "Lance warehouse location cannot be listed: "
                    + e.getMessage(), e);
        }
    }

    /** The name a listed segment is shown as, or null when Lance cannot address it. */
    static String displayName(StorageScheme scheme, String listed) {
        if (scheme == StorageScheme.FILE) {
            return StorageLocation.isLocalSegment(listed) ? listed : null;
        }
        if (!ObjectKeyEncoding.isAddressableSegment(listed)) {
            return null;
        }
        if (listed.indexOf('%') < 0) {
            return listed;
        }
        String decoded = percentDecode(listed);
        return decoded != null && ObjectKeyEncoding.encodeSegment(decoded).equals(listed) ? decoded : listed;
    }

    /** UTF-8 percent-decoding, or null when an escape is malformed or the bytes are not UTF-8. */
    private static String percentDecode(String s) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(s.length());
        for (int i = 0; i < s.length(); ) {
            char c = s.charAt(i);
            if (c == '%') {
                int hi = i + 1 < s.length() ? Character.digit(s.charAt(i + 1), 16) : -1;
                int lo = i + 2 < s.length() ? Character.digit(s.charAt(i + 2), 16) : -1;
                if (hi < 0 || lo < 0) {
                    return null;
                }
                bytes.write(hi * 16 + lo);
                i += 3;
            } else {
                byte[] b = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                bytes.write(b, 0, b.length);
                i++;
            }
        }
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes.toByteArray())).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }
}
