package io.lancejdbc.exec.tvf.glob;

import io.lancejdbc.exec.storage.StorageLocation;
import io.lancejdbc.exec.storage.StorageScheme;
import java.util.List;
import java.util.Objects;

/**
 * One parsed {@code uris} element: a root (an S3 bucket or the local {@code /}) and one compiled pattern per path
 * segment. Build with {@link GlobParser#parse}.
 *
 * <p>The leading literal segments form the {@link #literalPrefix()}: expansion starts there without any listing
 * and never leaves it.
 */
public final class GlobPattern {
    private final String text;
    private final StorageLocation root;
    private final List<SegmentPattern> segments;
    private final int literalCount;
    private final StorageLocation literalPrefix;

    GlobPattern(String text, StorageLocation root, List<SegmentPattern> segments) {
        this.text = Objects.requireNonNull(text, "text");
        this.root = Objects.requireNonNull(root, "root");
        this.segments = List.copyOf(segments);
        int n = 0;
        StorageLocation prefix = root;
        while (n < this.segments.size() && this.segments.get(n).isLiteral()) {
            prefix = prefix.child(this.segments.get(n).literalName());
            n++;
        }
        this.literalCount = n;
        this.literalPrefix = prefix;
    }

    /** The element exactly as written. */
    public String text() {
        return text;
    }

    public StorageScheme scheme() {
        return root.scheme();
    }

    /** {@code s3://bucket} or the local {@code /}. */
    public StorageLocation root() {
        return root;
    }

    /** Every path segment below the root, in order. */
    public List<SegmentPattern> segments() {
        return segments;
    }

    /** The location named by the leading literal segments (the whole location for a literal pattern). */
    public StorageLocation literalPrefix() {
        return literalPrefix;
    }

    /** The segments after the literal prefix; the first of them, if any, has a wildcard. */
    public List<SegmentPattern> segmentsAfterLiteralPrefix() {
        return segments.subList(literalCount, segments.size());
    }

    /** True when no segment has a wildcard: the element names one location and needs no listing. */
    public boolean isLiteral() {
        return literalCount == segments.size();
    }

    @Override
    public String toString() {
        return text;
    }
}
