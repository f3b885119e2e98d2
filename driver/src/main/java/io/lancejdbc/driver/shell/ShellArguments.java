package io.lancejdbc.driver.shell;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The shell's command line, in sqlline's own syntax plus the shell's short forms: {@code -u URL}, {@code -n user},
 * {@code -p password}, {@code -d driver-class}, {@code -e command} (repeatable), {@code -f file} or
 * {@code --run=file}, and sqlline's {@code --property=value} options; a first plain argument that starts with
 * {@code jdbc:} is the URL, every other plain argument is a command (SQL, or a sqlline {@code !command}).
 *
 * @param url the URL given by {@code -u} or as the first argument, or null (then the demo warehouse is used)
 * @param user {@code -n}, or null
 * @param password {@code -p}, or null
 * @param driver {@code -d}, or null
 * @param commands the commands in command-line order ({@code -e} values and plain arguments)
 * @param script {@code -f} / {@code --run}, or null
 * @param options sqlline {@code --name=value} options other than {@code --run}, as given
 * @param help {@code -h} or {@code --help}
 */
record ShellArguments(String url, String user, String password, String driver, List<String> commands, String script,
        List<String> options, boolean help) {
    /** {@code --name} or {@code --name=value}; SQL that starts with a {@code --} comment is not one. */
    private static final Pattern SQLLINE_OPTION = Pattern.compile("--[A-Za-z][A-Za-z0-9]*(=.*)?", Pattern.DOTALL);

    /**
     * @throws IllegalArgumentException for an option without its value, an unknown option or two URLs; the message
     *     names the argument (never a password)
     */
    static ShellArguments parse(String[] args) {
        String url = null;
        String user = null;
        String password = null;
        String driver = null;
        String script = null;
        boolean help = false;
        List<String> commands = new ArrayList<>();
        List<String> options = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("-h") || a.equals("--help")) {
                help = true;
            } else if (a.startsWith("--run=")) {
                script = a.substring("--run=".length());
            } else if (SQLLINE_OPTION.matcher(a).matches()) {
                options.add(a);
            } else if (a.equals("-u") || a.equals("-n") || a.equals("-p") || a.equals("-d") || a.equals("-e")
                    || a.equals("-f")) {
                if (i + 1 == args.length) {
                    throw new IllegalArgumentException("Option " + a + " needs a value");
                }
                String value = args[++i];
                switch (a) {
                    case "-u" -> url = secondUrl(url, value);
                    case "-n" -> user = value;
                    case "-p" -> password = value;
                    case "-d" -> driver = value;
                    case "-e" -> commands.add(value);
                    default -> script = value;
                }
            } else if (a.matches("-[A-Za-z]+")) {
                throw new IllegalArgumentException("Unknown option " + a);
            } else if (url == null && commands.isEmpty() && a.startsWith("jdbc:")) {
                url = a;
            } else {
                commands.add(a);
            }
        }
        return new ShellArguments(url, user, password, driver, List.copyOf(commands), script, List.copyOf(options),
                help);
    }

    private static String secondUrl(String first, String second) {
        if (first != null) {
            throw new IllegalArgumentException("Two URLs given; give one, as the first argument or with -u");
        }
        return second;
    }

    /** True when the commands need sqlline: a {@code !command}, a script file or a sqlline option is given. */
    boolean needsSqlline() {
        return script != null || !options.isEmpty() || commands.stream().anyMatch(c -> c.strip().startsWith("!"));
    }

    /** The option {@code --name=...} as given, if present. */
    Optional<String> option(String name) {
        return options.stream().filter(o -> o.startsWith("--" + name + "=") || o.equals("--" + name)).findFirst();
    }
}
