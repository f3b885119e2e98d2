package io.lancejdbc.sql.bind;

import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.expr.ScalarFunctionKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * One SQL scalar function: the names it answers to, its typing rule (argument counts, implicit casts, result type)
 * and the kernels its bound calls can reach. The kernels themselves live in the execution layer, registered against
 * the same {@link ScalarFunctionKey}s; {@code ScalarKernelsTest} checks that every kernel a definition declares exists
 * and that every kernel is reachable from a definition or from an operator.
 *
 * @param names the names the function answers to and reports in its error messages (the first is its own); never
 *     empty
 * @param aliases further spellings that bind as {@code names().get(0)} and report that name (e.g. {@code substr})
 * @param kernels the kernels a call typed by this definition can name; empty when the function rewrites to an
 *     operator or a constant (e.g. {@code if}, {@code mod}, {@code pi})
 * @param typing the rule that types a call
 */
public record ScalarFunctionDefinition(List<String> names, List<String> aliases, Set<ScalarFunctionKey> kernels,
        TypeRule typing) {

    /** The typing of one function: checks arguments and returns the bound, typed expression. */
    @FunctionalInterface
    public interface TypeRule {
        /**
         * @param name the function's name as this definition reports it (one of {@link #names()})
         * @param written the lower-case name as the query wrote it (an alias stays the alias)
         * @param args the bound arguments, not yet coerced
         * @return the typed expression, usually a {@link io.lancejdbc.sql.expr.Call} of one of {@link #kernels()}
         * @throws io.lancejdbc.engine.SqlError 42883 for a wrong argument count, 42804 for argument types
         */
        Expr type(String name, String written, List<Expr> args);
    }

    public ScalarFunctionDefinition {
        names = List.copyOf(names);
        aliases = List.copyOf(aliases);
        kernels = Set.copyOf(kernels);
        if (names.isEmpty()) {
            throw new IllegalArgumentException("a scalar function needs a name");
        }
    }

    /** A function named after its one kernel. */
    static ScalarFunctionDefinition of(ScalarFunctionKey key, TypeRule typing) {
        return new ScalarFunctionDefinition(List.of(key.callName()), List.of(), Set.of(key), typing);
    }

    /** A function whose calls can name {@code kernels} (none for rewrites to operators or constants). */
    static ScalarFunctionDefinition named(String name, Set<ScalarFunctionKey> kernels, TypeRule typing) {
        return new ScalarFunctionDefinition(List.of(name), List.of(), kernels, typing);
    }

    /** This definition answering also to {@code more}, each reported under its own name. */
    ScalarFunctionDefinition alsoNamed(String... more) {
        List<String> n = new ArrayList<>(names);
        n.addAll(List.of(more));
        return new ScalarFunctionDefinition(n, aliases, kernels, typing);
    }

    /** This definition answering also to {@code more}, each reported as {@code names().get(0)}. */
    ScalarFunctionDefinition aliased(String... more) {
        List<String> a = new ArrayList<>(aliases);
        a.addAll(List.of(more));
        return new ScalarFunctionDefinition(names, a, kernels, typing);
    }

    /** Types a call written as {@code written} (lower case) and known here as {@code name}. */
    public Expr type(String name, String written, List<Expr> args) {
        return typing.type(name, written, args);
    }
}
