package io.lancejdbc.conformance.differential;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Scratch runner (not a test): runs the lines of a file on both engines and prints differences. */
public class DiffScratch {
    public static void main(String[] args) throws Exception {
        List<String> queries = Files.readAllLines(Path.of(args.length > 0 ? args[0] : "/tmp/diffq.sql"));
        boolean showSame = args.length > 1;
        Path dir = Files.createTempDirectory("diffwh");
        try (DiffWarehouse wh = DiffWarehouse.create(dir)) {
            for (String q : queries) {
                if (q.isBlank() || q.startsWith("--")) continue;
                boolean ordered = q.startsWith("O ");
                if (ordered) q = q.substring(2);
                String[] parts = q.split(" ;; ");
                String ours = parts[0];
                String theirs = parts.length > 1 ? parts[1] : parts[0];
                QueryOutcome a = QueryOutcome.run(wh.lance(), ours);
                QueryOutcome b = QueryOutcome.run(wh.duck(), theirs);
                var d = OutcomeComparison.compare(a, b, ordered);
                if (d.isPresent()) {
                    System.out.println("=== " + q + "\nDIFF: " + d.get() + "\n OURS: " + a + "\n DUCK: " + b);
                } else if (a.failed()) {
                    System.out.println("=== " + q + "\nBOTH FAIL:\n OURS: " + a + "\n DUCK: " + b);
                } else if (showSame) {
                    System.out.println("=== " + q + "\nSAME: " + a);
                } else {
                    System.out.println("SAME: " + q);
                }
            }
        }
        System.exit(0);
    }
}
