package io.lancejdbc.sql.bind;

import io.lancejdbc.sql.plan.WindowCall;
import java.util.ArrayList;
import java.util.List;

/** The window function calls met while binding one SELECT block; equal calls share one slot. */
final class WindowCollector {
    private final List<WindowCall> calls = new ArrayList<>();

    int register(WindowCall call) {
        int i = calls.indexOf(call);
        if (i >= 0) {
            return i;
        }
        calls.add(call);
        return calls.size() - 1;
    }

    List<WindowCall> calls() {
        return calls;
    }

    boolean isEmpty() {
        return calls.isEmpty();
    }
}
