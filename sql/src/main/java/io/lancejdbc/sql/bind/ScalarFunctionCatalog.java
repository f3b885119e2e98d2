package io.lancejdbc.sql.bind;

import io.lancejdbc.sql.expr.ScalarFunctionKey;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Every built-in scalar function, each defined once ({@link ScalarFunctionDefinition}), by family: strings
 * ({@link StringFunctionTyping}), numbers ({@link NumericFunctionTyping}), conditionals
 * ({@link ConditionalFunctionTyping}), dates and times ({@link TemporalFunctionTyping}), arrays, maps and vectors
 * ({@link CollectionFunctionTyping}). A name or alias claimed twice fails at class initialisation.
 */
public final class ScalarFunctionCatalog {
    private static final List<ScalarFunctionDefinition> DEFINITIONS = collect();
    private static final Map<String, ScalarFunctionDefinition> BY_NAME = index(DEFINITIONS);
    private static final Map<String, String> ALIASES = aliases(DEFINITIONS);

    /**
     * Kernels whose calls operators build rather than a function name: {@code ||} (the binder), {@code date_add},
     * {@code datediff}, {@code timestamp_diff_us} (date arithmetic), {@code extract} ({@code EXTRACT}),
     * {@code element_at}, {@code map_value} ({@code [ ]}) and {@code struct_field} ({@code .field}), all typed in
     * {@link Operators} and {@code ExpressionBinder}.
     */
    private static final Set<ScalarFunctionKey> OPERATOR_KERNELS = Set.copyOf(EnumSet.of(ScalarFunctionKey.CONCAT_OP,
            ScalarFunctionKey.DATE_ADD, ScalarFunctionKey.DATEDIFF, ScalarFunctionKey.TIMESTAMP_DIFF_US,
            ScalarFunctionKey.EXTRACT, ScalarFunctionKey.ELEMENT_AT, ScalarFunctionKey.MAP_VALUE,
            ScalarFunctionKey.STRUCT_FIELD));

    private ScalarFunctionCatalog() {
    }

    /** Every definition, in family order. */
    public static List<ScalarFunctionDefinition> definitions() {
        return DEFINITIONS;
    }

    /** The definition answering to a lower-case name or alias, if any. */
    public static Optional<ScalarFunctionDefinition> lookup(String lowerCaseName) {
        return Optional.ofNullable(BY_NAME.get(lowerCaseName));
    }

    /** The name an alias reports ({@code substr} → {@code substring}); other names unchanged. */
    public static String canonical(String lowerCaseName) {
        return ALIASES.getOrDefault(lowerCaseName, lowerCaseName);
    }

    /** The kernels that operators, not function names, build calls of (see the field's documentation). */
    public static Set<ScalarFunctionKey> operatorKernels() {
        return OPERATOR_KERNELS;
    }

    /** Every kernel some typing can produce a call of: the definitions' kernels and the operators'. */
    public static Set<ScalarFunctionKey> typedKernels() {
        EnumSet<ScalarFunctionKey> all = EnumSet.copyOf(OPERATOR_KERNELS);
        for (ScalarFunctionDefinition d : DEFINITIONS) {
            all.addAll(d.kernels());
        }
        return Set.copyOf(all);
    }

    private static List<ScalarFunctionDefinition> collect() {
        List<ScalarFunctionDefinition> all = new ArrayList<>();
        all.addAll(StringFunctionTyping.definitions());
        all.addAll(NumericFunctionTyping.definitions());
        all.addAll(ConditionalFunctionTyping.definitions());
        all.addAll(TemporalFunctionTyping.definitions());
        all.addAll(CollectionFunctionTyping.definitions());
        return List.copyOf(all);
    }

    private static Map<String, ScalarFunctionDefinition> index(List<ScalarFunctionDefinition> defs) {
        Map<String, ScalarFunctionDefinition> m = new HashMap<>();
        for (ScalarFunctionDefinition d : defs) {
            List<String> all = new ArrayList<>(d.names());
            all.addAll(d.aliases());
            for (String n : all) {
                if (m.put(n, d) != null) {
                    throw new IllegalStateException("scalar function name " + n + " is defined twice");
                }
            }
        }
        return Map.copyOf(m);
    }

    private static Map<String, String> aliases(List<ScalarFunctionDefinition> defs) {
        Map<String, String> m = new HashMap<>();
        for (ScalarFunctionDefinition d : defs) {
            for (String a : d.aliases()) {
                m.put(a, d.names().get(0));
            }
        }
        return Map.copyOf(m);
    }
}
