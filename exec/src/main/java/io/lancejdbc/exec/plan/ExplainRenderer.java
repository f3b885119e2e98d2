package io.lancejdbc.exec.plan;

import io.lancejdbc.exec.operator.PhysicalOperator;
import java.util.ArrayList;
import java.util.List;

/** Renders a physical plan as EXPLAIN text lines: one line per operator, its detail lines indented below it. */
public final class ExplainRenderer {
    private ExplainRenderer() {
    }

    public static List<String> render(PhysicalOperator root) {
        List<String> lines = new ArrayList<>();
        render(root, 0, lines);
        return lines;
    }

    private static void render(PhysicalOperator op, int depth, List<String> lines) {
        String indent = "  ".repeat(depth);
        lines.add(indent + op.name());
        for (String d : op.details()) {
            lines.add(indent + "     " + d);
        }
        for (PhysicalOperator c : op.children()) {
            render(c, depth + 1, lines);
        }
    }
}
