package io.lancejdbc.exec.plan;

import io.lancejdbc.exec.operator.OperatorProfile;
import io.lancejdbc.exec.operator.PhysicalOperator;
import io.lancejdbc.exec.operator.ScanOperator;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Renders a physical plan as EXPLAIN text lines: one line per operator, its detail lines indented below it. With a
 * profile (EXPLAIN ANALYZE) each operator also gets an {@code actual:} line: {@code rows=}, {@code batches=},
 * {@code bytes=} (Arrow buffer bytes of its output) and {@code time=} (milliseconds in its {@code next()} calls,
 * its inputs' included, summed over threads), and each scan a {@code lanceFragmentsRead= lanceRequests=} line. A
 * partial aggregation hands its states to the final one in memory: its {@code batches=} are the states (one per
 * worker of its split stage), {@code rows=} their groups, {@code bytes=0} (the states are heap tables) and
 * {@code time=} its workers' time reading and folding their splits.
 */
public final class ExplainRenderer {
    private ExplainRenderer() {
    }

    public static List<String> render(PhysicalOperator root) {
        return render(root, null);
    }

    /** @param profile what the operators did in one execution, or null for the plan alone */
    public static List<String> render(PhysicalOperator root, OperatorProfile profile) {
        List<String> lines = new ArrayList<>();
        render(root, 0, lines, profile);
        return lines;
    }

    private static void render(PhysicalOperator op, int depth, List<String> lines, OperatorProfile profile) {
        String indent = "  ".repeat(depth);
        lines.add(indent + op.name());
        for (String d : op.details()) {
            lines.add(indent + "     " + d);
        }
        if (profile != null) {
            OperatorProfile.Counters c = profile.find(op);
            if (c == null) {
                lines.add(indent + "     actual: not run");
            } else {
                lines.add(indent + "     actual: rows=" + c.rows() + " batches=" + c.batches() + " bytes=" + c.bytes()
                        + " time=" + String.format(Locale.ROOT, "%.3f", c.nanos() / 1e6) + "ms");
                if (op instanceof ScanOperator) {
                    lines.add(indent + "     actual: lanceFragmentsRead=" + c.fragments() + " lanceRequests="
                            + c.requests());
                }
            }
        }
        for (PhysicalOperator ch : op.children()) {
            render(ch, depth + 1, lines, profile);
        }
    }
}
