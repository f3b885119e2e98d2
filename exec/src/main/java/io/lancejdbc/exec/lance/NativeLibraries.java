package io.lancejdbc.exec.lance;

/**
 * Loads the native libraries the Lance access layer calls into: lance-core's {@code liblance_jni} (extracted from
 * the lance-core jar to {@code java.io.tmpdir}, about 180 MB, and loaded; about 2 s of a fresh JVM's first query
 * on a loaded 2-core machine, docs/benchmarks.md "Cold start") and Arrow's C data library, through which scans hand
 * their batches over. Each library is loaded once per JVM (class initialisation of the libraries' own loaders); a
 * second call returns at once, and a thread that needs a library while another is loading it waits for that load.
 */
public final class NativeLibraries {
    private NativeLibraries() {
    }

    /**
     * Loads both libraries if they are not loaded yet.
     *
     * @throws LinkageError what lance-core's or Arrow's loader throws when its library cannot be extracted or
     *     loaded (no library for this platform, no writable temporary directory)
     */
    public static void load() {
        org.lance.JniLoader.ensureLoaded();
        org.apache.arrow.c.jni.JniLoader.get().ensureLoaded();
    }
}
