package io.lancejdbc.sql.catalog;

import java.time.Instant;
import java.util.Objects;

/**
 * Which version of a table a table reference reads: the latest one (the default), a version number, a tag, or the
 * latest version committed at or before an instant ({@code FOR VERSION AS OF} / {@code FOR TIMESTAMP AS OF}, the
 * Spark, Trino and Iceberg time-travel syntax; docs/time-travel.md).
 */
public sealed interface VersionSpec {

    /** The latest version at planning time. */
    static VersionSpec latest() {
        return Latest.INSTANCE;
    }

    /** True for {@link Latest}. */
    default boolean isLatest() {
        return this instanceof Latest;
    }

    /** How the reference asked for its version, for EXPLAIN and messages, e.g. {@code VERSION AS OF 3}. */
    String describe();

    /** The latest version. */
    final class Latest implements VersionSpec {
        static final Latest INSTANCE = new Latest();

        private Latest() {
        }

        @Override
        public String describe() {
            return "latest";
        }

        @Override
        public String toString() {
            return "latest";
        }
    }

    /**
     * A version number.
     *
     * @param version the dataset version, at least 1
     */
    record Number(long version) implements VersionSpec {
        @Override
        public String describe() {
            return "VERSION AS OF " + version;
        }
    }

    /**
     * A tag of the dataset.
     *
     * @param name the tag name as written, case-sensitive
     */
    record Tag(String name) implements VersionSpec {
        public Tag {
            Objects.requireNonNull(name, "name");
        }

        @Override
        public String describe() {
            return "VERSION AS OF '" + name.replace("'", "''") + "'";
        }
    }

    /**
     * The latest version committed at or before an instant.
     *
     * @param instant the point in time (a naive literal is already converted with the session time zone)
     */
    record AsOf(Instant instant) implements VersionSpec {
        public AsOf {
            Objects.requireNonNull(instant, "instant");
        }

        @Override
        public String describe() {
            return "TIMESTAMP AS OF " + instant;
        }
    }
}
