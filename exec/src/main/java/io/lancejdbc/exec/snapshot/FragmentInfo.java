package io.lancejdbc.exec.snapshot;

/**
 * One fragment of a pinned dataset version.
 *
 * @param id the fragment id (not contiguous across versions; docs/lance-core-notes.md §1)
 * @param physicalRows rows stored in the fragment's data files, deleted rows included
 * @param logicalRows rows visible after deletions
 */
public record FragmentInfo(long id, long physicalRows, long logicalRows) {
    public FragmentInfo {
        if (id < 0 || physicalRows < 0 || logicalRows < 0) {
            throw new IllegalArgumentException("fragment id and row counts must be >= 0");
        }
    }
}
