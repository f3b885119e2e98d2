package io.lancejdbc.exec.lance;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;

/**
 * Cache identity of a dataset handle or snapshot: canonical URI, pinned version and a digest of the storage options
 * (so datasets opened with different credentials are never shared, without keeping the secrets in the key).
 *
 * @param version the pinned version, or 0 for "latest" keys
 */
record DatasetKey(String uri, long version, String storageDigest) {

    /** A short SHA-256 of the options, or "-" for none ({@link DatasetHandlePool} memoizes it per options map). */
    static String digest(Map<String, String> options) {
        if (options.isEmpty()) {
            return "-";
        }
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            for (Map.Entry<String, String> e : new TreeMap<>(options).entrySet()) {
                md.update(e.getKey().getBytes(StandardCharsets.UTF_8));
                md.update((byte) 0);
                md.update(String.valueOf(e.getValue()).getBytes(StandardCharsets.UTF_8));
                md.update((byte) 1);
            }
            return HexFormat.of().formatHex(md.digest(), 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every Java runtime", e);
        }
    }

    @Override
    public String toString() {
        return uri + "@" + version;
    }
}
