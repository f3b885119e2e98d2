package io.lancejdbc.sql.bind;

import io.lancejdbc.sql.plan.LogicalPlan;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/** Common table expressions visible at one point of a statement (inner WITH shadows outer). */
final class CteScope {
    static final CteScope EMPTY = new CteScope(null, Map.of());

    private final CteScope parent;
    private final Map<String, LogicalPlan> plans;

    private CteScope(CteScope parent, Map<String, LogicalPlan> plans) {
        this.parent = parent;
        this.plans = plans;
    }

    CteScope with(String name, LogicalPlan plan) {
        Map<String, LogicalPlan> m = new HashMap<>(plans);
        m.put(name.toLowerCase(Locale.ROOT), plan);
        return new CteScope(parent, m);
    }

    CteScope child() {
        return new CteScope(this, Map.of());
    }

    LogicalPlan find(String name) {
        LogicalPlan p = plans.get(name.toLowerCase(Locale.ROOT));
        if (p != null) {
            return p;
        }
        return parent == null ? null : parent.find(name);
    }
}
