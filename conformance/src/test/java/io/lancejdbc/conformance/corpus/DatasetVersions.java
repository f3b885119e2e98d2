package io.lancejdbc.conformance.corpus;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Stream;

/**
 * Copies of a Lance dataset as it was right after an earlier commit. Lance never changes a committed data, deletion
 * or manifest file, and a reader takes the highest manifest in {@code _versions/} as the latest version, so a copy
 * without the manifests of later versions (and without the latest-version hints that name them) is that version.
 */
final class DatasetVersions {
    private DatasetVersions() {
    }

    /**
     * Copies {@code dataset} to {@code target} (replacing it) without manifests newer than {@code version}.
     *
     * @throws IllegalArgumentException when the dataset has no manifest of {@code version}
     */
    static void copyAsOf(Path dataset, Path target, long version) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(dataset)) {
            files = walk.filter(Files::isRegularFile).toList();
        }
        boolean found = false;
        for (Path f : files) {
            Path rel = dataset.relativize(f);
            String name = f.getFileName().toString();
            boolean manifestDir = rel.getNameCount() == 2 && rel.getName(0).toString().equals("_versions");
            if (rel.toString().equals("_latest.manifest") || (manifestDir && name.equals("latest_version_hint.json"))) {
                continue;
            }
            if (manifestDir && name.endsWith(".manifest")) {
                long v = manifestVersion(name);
                found |= v == version;
                if (v > version) {
                    continue;
                }
            }
            Path to = target.resolve(rel.toString());
            Files.createDirectories(to.getParent());
            Files.copy(f, to, StandardCopyOption.REPLACE_EXISTING);
        }
        if (!found) {
            throw new IllegalArgumentException(dataset + " has no manifest of version " + version);
        }
    }

    /**
     * The version of a manifest file name: V1 naming {@code <version>.manifest}, V2 naming
     * {@code <u64::MAX - version>.manifest} (always 20 digits).
     */
    static long manifestVersion(String fileName) {
        String digits = fileName.substring(0, fileName.length() - ".manifest".length());
        try {
            long parsed = Long.parseUnsignedLong(digits);
            return digits.length() == 20 ? ~parsed : parsed;
        } catch (NumberFormatException e) {
            throw new UncheckedIOException(new IOException("not a manifest name: " + fileName, e));
        }
    }
}
