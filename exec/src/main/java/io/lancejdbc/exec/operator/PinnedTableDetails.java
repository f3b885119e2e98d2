package io.lancejdbc.exec.operator;

import io.lancejdbc.exec.pin.PinnedDataset;
import io.lancejdbc.exec.pin.PinnedTable;
import io.lancejdbc.exec.snapshot.Snapshot;
import java.util.ArrayList;
import java.util.List;

/**
 * The EXPLAIN lines that describe the pinned datasets of a table reference, in the {@code key=value} style of the
 * Doris Lance Catalog.
 *
 * <p>One dataset: {@code lanceVersion=<v>} and {@code lanceFragments=<n>}. Several datasets (a file TVF with
 * {@code "uris"}): {@code lanceDatasets=<count>}, {@code lanceFragments=<total>}, then one line per dataset in read
 * order, {@code lanceDataset[<i>]=<uri> lanceVersion=<v> lanceFragments=<n>} (1-based). A time-travel reference
 * adds {@code lanceVersionChoice=<how>} after {@code lanceVersion} (docs/time-travel.md). URIs never carry
 * credentials ({@link io.lancejdbc.exec.storage.StorageLocation} refuses them); storage options are not shown.
 */
final class PinnedTableDetails {
    private PinnedTableDetails() {
    }

    static List<String> lines(PinnedTable table) {
        List<String> out = new ArrayList<>();
        out.add("lanceCatalogType=" + table.catalogType());
        if (table.isSingleDataset()) {
            Snapshot s = table.snapshot();
            out.add("lanceVersion=" + s.version());
            if (table.versionChoice() != null) {
                out.add("lanceVersionChoice=" + table.versionChoice());
            }
            out.add("lanceFragments=" + s.fragments().size());
            return out;
        }
        out.add("lanceDatasets=" + table.datasets().size());
        out.add("lanceFragments=" + table.fragmentCount());
        int i = 1;
        for (PinnedDataset d : table.datasets()) {
            Snapshot s = d.snapshot();
            out.add("lanceDataset[" + i++ + "]=" + s.uri() + " lanceVersion=" + s.version() + " lanceFragments="
                    + s.fragments().size());
        }
        return out;
    }
}
