package io.lancejdbc.exec.storage;

/** The storage systems a warehouse or dataset location can name. */
public enum StorageScheme {
    /** The local file system: absolute paths and {@code file:///} URIs. */
    FILE,
    /** Amazon S3 and S3-compatible object stores: {@code s3://bucket/key}. */
    S3
}
