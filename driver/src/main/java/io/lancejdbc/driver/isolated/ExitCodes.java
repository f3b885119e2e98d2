package io.lancejdbc.driver.isolated;

/** Words for a child process's exit status (POSIX: 128 + n when signal n ended it). */
final class ExitCodes {
    private ExitCodes() {
    }

    /** E.g. {@code exit code 134: SIGABRT, a native abort (a panic in lance-core)}; "exit code unknown" for null. */
    static String describe(Integer code) {
        if (code == null) {
            return "exit code unknown";
        }
        String what;
        switch (code) {
            case 134:
                what = ": SIGABRT, a native abort (e.g. a panic in lance-core)";
                break;
            case 137:
                what = ": SIGKILL, killed (e.g. by the out-of-memory killer or kill -9)";
                break;
            case 139:
                what = ": SIGSEGV, a native crash";
                break;
            case 143:
                what = ": SIGTERM, terminated";
                break;
            default:
                what = "";
        }
        return "exit code " + code + what;
    }
}
