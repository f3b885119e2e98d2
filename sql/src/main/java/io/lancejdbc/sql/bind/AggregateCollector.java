package io.lancejdbc.sql.bind;

import io.lancejdbc.sql.plan.AggregateCall;
import java.util.ArrayList;
import java.util.List;

/** The aggregate calls met while binding one SELECT block; equal calls share one slot. */
final class AggregateCollector {
    private final List<AggregateCall> calls = new ArrayList<>();

    int register(AggregateCall call) {
        int i = calls.indexOf(call);
        if (i >= 0) {
            return i;
        }
        calls.add(call);
        return calls.size() - 1;
    }

    List<AggregateCall> calls() {
        return calls;
    }

    void replace(int index, AggregateCall call) {
        calls.set(index, call);
    }

    boolean isEmpty() {
        return calls.isEmpty();
    }
}
