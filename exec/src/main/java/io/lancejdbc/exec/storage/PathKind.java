package io.lancejdbc.exec.storage;

/** What a location holds, as far as reading a Lance dataset is concerned. */
public enum PathKind {
    /** A Lance dataset root: a directory with a non-empty {@code _versions/} directory. */
    DATASET,
    /** Something is stored under the location, but it has no {@code _versions/}: not a dataset. */
    NOT_A_DATASET,
    /** Nothing is stored under the location (no object with that prefix; locally, no such directory). */
    NOT_FOUND
}
