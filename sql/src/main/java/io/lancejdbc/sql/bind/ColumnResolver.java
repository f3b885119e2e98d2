package io.lancejdbc.sql.bind;

import io.lancejdbc.sql.expr.Expr;
import java.util.List;

/**
 * Resolves a dotted name against a {@link Scope}. The parts are tried as {@code qualifier.column[.field...]}, then
 * {@code schema.table.column[.field...]}, then {@code column.field...}; the first reading that names a visible column
 * wins, and any remaining parts read fields of a struct column. Within one reading {@link Scope#find} matches exactly
 * first, then case-insensitively, and reports an ambiguous name (42702).
 */
final class ColumnResolver {
    private ColumnResolver() {
    }

    /** {@code parts} resolved in {@code scope}, or null when no column matches. */
    static Expr resolveOrNull(Scope scope, List<String> parts) {
        int n = parts.size();
        for (int start : new int[] {1, 2, 0}) {
            if (start >= n) {
                continue;
            }
            String qualifier = start == 0 ? null : parts.get(start - 1);
            if (qualifier != null && !scope.hasQualifier(qualifier)) {
                continue;
            }
            Scope.Column col = scope.find(qualifier, parts.get(start));
            if (col == null) {
                continue;
            }
            Expr e = Scope.ref(col);
            for (int i = start + 1; i < n; i++) {
                e = Operators.field(e, parts.get(i));
            }
            return e;
        }
        return null;
    }
}
