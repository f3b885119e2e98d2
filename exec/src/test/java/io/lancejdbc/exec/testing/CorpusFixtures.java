package io.lancejdbc.exec.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.SeekableReadChannel;
import org.apache.arrow.vector.util.ByteArrayReadableSeekableByteChannel;

/**
 * Real Lance datasets written by other Lance implementations (the corpus), shipped as test resources under
 * {@code corpus/} of the exec test-jar, with their oracle answers. Tests never read {@code /work/shared}: a dataset
 * is copied out of the classpath into a directory the test owns ({@link #copyDataset}).
 *
 * <ul>
 *   <li>{@code foreign/<writer>/<name>.lance}: written by LanceDB / vectordb SDKs (Lance 0.10 to 12.0, storage formats
 *       0.1 to 2.3); answers in {@code <name>.expected.json} ({@link #expected}), full scans of {@code all_types} and
 *       {@code storage_*} as Arrow IPC files ({@link #expectedScan}); what lance-core 7.0.0 saw in
 *       {@code foreign/java_verify.json} ({@link #javaVerify}). {@code foreign/README.md} describes each.</li>
 *   <li>{@code lance-compat/...}: Lance's own compatibility datasets (Lance 0.5.9 to 0.36.0); the corpus README
 *       lists what lance-core 7.0.0 does with each. Two of them ({@code v0.5.9/dataset_with_fragments},
 *       {@code v0.7.5/with_deletions}) <b>abort the JVM</b> on {@code Dataset.getFragments()}.</li>
 * </ul>
 * The list of resource files is {@code corpus/files.txt} (classpath directories of a jar cannot be listed); it is
 * regenerated when the corpus is re-copied and checked by {@code CorpusFixturesTest}.
 */
public final class CorpusFixtures {
    /** Classpath prefix of the corpus. */
    public static final String RESOURCE_ROOT = "corpus/";

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * A foreign dataset.
     *
     * @param writer writer directory, e.g. {@code lancedb-0.39.0}
     * @param name dataset name, e.g. {@code items}
     */
    public record ForeignDataset(String writer, String name) {
        /** Path of the dataset directory relative to the corpus root. */
        public String relativePath() {
            return "foreign/" + writer + "/" + name + ".lance";
        }
    }

    private CorpusFixtures() {
    }

    /** Every file of the corpus, as paths relative to the corpus root ({@code foreign/README.md}, ...), sorted. */
    public static List<String> files() {
        String listing = new String(resourceBytes("files.txt"), StandardCharsets.UTF_8);
        return listing.lines().filter(l -> !l.isBlank()).toList();
    }

    /** The foreign datasets, sorted by writer and name. */
    public static List<ForeignDataset> foreignDatasets() {
        TreeSet<String> dirs = new TreeSet<>();
        for (String f : files()) {
            String[] parts = f.split("/");
            if (parts.length > 3 && parts[0].equals("foreign") && parts[2].endsWith(".lance")) {
                dirs.add(parts[1] + "/" + parts[2]);
            }
        }
        List<ForeignDataset> out = new ArrayList<>();
        for (String d : dirs) {
            String[] parts = d.split("/");
            out.add(new ForeignDataset(parts[0], parts[1].substring(0, parts[1].length() - ".lance".length())));
        }
        return List.copyOf(out);
    }

    /** Relative paths of the lance-compat dataset directories (those holding {@code _versions/} or a latest manifest). */
    public static List<String> lanceCompatDatasets() {
        TreeSet<String> dirs = new TreeSet<>();
        for (String f : files()) {
            if (!f.startsWith("lance-compat/")) {
                continue;
            }
            int versions = f.indexOf("/_versions/");
            if (versions > 0) {
                dirs.add(f.substring(0, versions));
            } else if (f.endsWith("/_latest.manifest")) {
                dirs.add(f.substring(0, f.length() - "/_latest.manifest".length()));
            }
        }
        return List.copyOf(dirs);
    }

    /**
     * Copies corpus directory {@code relativePath} (e.g. {@code foreign/lancedb-0.39.0/items.lance}) to
     * {@code targetRoot/relativePath}, replacing files already there.
     *
     * @return the copied directory
     * @throws IllegalArgumentException when no corpus file lies under {@code relativePath}
     */
    public static Path copyDataset(String relativePath, Path targetRoot) {
        String prefix = relativePath.endsWith("/") ? relativePath : relativePath + "/";
        int copied = 0;
        try {
            for (String f : files()) {
                if (f.startsWith(prefix)) {
                    Path target = targetRoot.resolve(f);
                    Files.createDirectories(target.getParent());
                    try (InputStream in = open(f)) {
                        Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
                    }
                    copied++;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("copying corpus " + relativePath + " to " + targetRoot, e);
        }
        if (copied == 0) {
            throw new IllegalArgumentException("no corpus files under " + relativePath);
        }
        return targetRoot.resolve(relativePath);
    }

    /** Copies {@code dataset} under {@code targetRoot} (see {@link #copyDataset(String, Path)}). */
    public static Path copyDataset(ForeignDataset dataset, Path targetRoot) {
        return copyDataset(dataset.relativePath(), targetRoot);
    }

    /** The oracle answers of {@code foreign/<writer>/<name>.expected.json}. */
    public static ExpectedAnswers expected(ForeignDataset dataset) {
        return ExpectedAnswers.parse(json("foreign/" + dataset.writer() + "/" + dataset.name() + ".expected.json"));
    }

    /** The oracle answers of {@code foreign/<writer>/<name>.expected.json}. */
    public static ExpectedAnswers expected(String writer, String name) {
        return expected(new ForeignDataset(writer, name));
    }

    /** Every entry of {@code foreign/java_verify.json}. */
    public static List<JavaVerifyEntry> javaVerify() {
        List<JavaVerifyEntry> out = new ArrayList<>();
        for (JsonNode e : json("foreign/java_verify.json")) {
            out.add(JavaVerifyEntry.parse(e));
        }
        return List.copyOf(out);
    }

    /** The {@code java_verify.json} entry of {@code dataset}. @throws IllegalArgumentException when absent */
    public static JavaVerifyEntry javaVerify(ForeignDataset dataset) {
        return javaVerify().stream()
                .filter(e -> e.writer().equals(dataset.writer()) && e.dataset().equals(dataset.name()))
                .findFirst().orElseThrow(() -> new IllegalArgumentException("no java_verify entry for " + dataset));
    }

    /**
     * The full scan the SDK returned for {@code dataset} ({@code all_types} and {@code storage_*} only), read from its
     * {@code .expected.scan.N.arrow} files in order, as logical values ({@link ArrowLogicalValues}).
     *
     * @return one map per row, column name to value, in the SDK's scan order
     * @throws IllegalArgumentException when the dataset has no raw scan
     */
    public static List<Map<String, Object>> expectedScan(BufferAllocator allocator, ForeignDataset dataset) {
        List<String> files = expected(dataset).query("full_scan").rawIpc();
        if (files.isEmpty()) {
            throw new IllegalArgumentException(dataset + " has no raw Arrow scan");
        }
        List<Map<String, Object>> rows = new ArrayList<>();
        for (String file : files) {
            byte[] bytes = resourceBytes("foreign/" + dataset.writer() + "/" + file);
            try (BufferAllocator child = allocator.newChildAllocator("expected scan", 0, Long.MAX_VALUE)) {
                readIpc(child, bytes, rows);
            }
        }
        return List.copyOf(rows);
    }

    private static void readIpc(BufferAllocator allocator, byte[] bytes, List<Map<String, Object>> rows) {
        try {
            if (isIpcFile(bytes)) {
                try (ArrowFileReader reader = new ArrowFileReader(
                        new SeekableReadChannel(new ByteArrayReadableSeekableByteChannel(bytes)), allocator)) {
                    while (reader.loadNextBatch()) {
                        collect(reader.getVectorSchemaRoot(), rows);
                    }
                }
            } else {
                try (ArrowStreamReader reader = new ArrowStreamReader(
                        Channels.newChannel(new ByteArrayInputStream(bytes)), allocator)) {
                    while (reader.loadNextBatch()) {
                        collect(reader.getVectorSchemaRoot(), rows);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("reading an expected Arrow scan", e);
        }
    }

    private static boolean isIpcFile(byte[] bytes) {
        byte[] magic = "ARROW1".getBytes(StandardCharsets.US_ASCII);
        if (bytes.length < magic.length) {
            return false;
        }
        for (int i = 0; i < magic.length; i++) {
            if (bytes[i] != magic[i]) {
                return false;
            }
        }
        return true;
    }

    private static void collect(VectorSchemaRoot root, List<Map<String, Object>> rows) {
        for (int i = 0; i < root.getRowCount(); i++) {
            Map<String, Object> row = new LinkedHashMap<>();
            for (FieldVector v : root.getFieldVectors()) {
                row.put(v.getName(), ArrowLogicalValues.read(v, i));
            }
            rows.add(java.util.Collections.unmodifiableMap(row));
        }
    }

    /** A parsed JSON corpus file. */
    public static JsonNode json(String relativePath) {
        try {
            return JSON.readTree(resourceBytes(relativePath));
        } catch (IOException e) {
            throw new UncheckedIOException("parsing corpus file " + relativePath, e);
        }
    }

    /** The bytes of corpus file {@code relativePath}. @throws IllegalArgumentException when it does not exist */
    public static byte[] resourceBytes(String relativePath) {
        try (InputStream in = open(relativePath)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("reading corpus file " + relativePath, e);
        }
    }

    private static InputStream open(String relativePath) {
        InputStream in = CorpusFixtures.class.getClassLoader().getResourceAsStream(RESOURCE_ROOT + relativePath);
        if (in == null) {
            throw new IllegalArgumentException("no corpus resource " + RESOURCE_ROOT + relativePath
                    + " on the classpath (is the exec test-jar a test dependency?)");
        }
        return in;
    }
}
