package io.lancejdbc.conformance.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The machine's load average when a run started or ended (1, 5 and 15 minutes; from {@code /proc/loadavg} on
 * Linux, otherwise only the 1-minute figure the JVM reports, the others NaN). Benchmarks on a shared machine are
 * only comparable together with it.
 */
record MachineLoad(double one, double five, double fifteen, int cpus) {

    static MachineLoad now() {
        int cpus = Runtime.getRuntime().availableProcessors();
        Path proc = Path.of("/proc/loadavg");
        if (Files.isReadable(proc)) {
            try {
                String[] f = Files.readString(proc).trim().split("\\s+");
                return new MachineLoad(Double.parseDouble(f[0]), Double.parseDouble(f[1]),
                        Double.parseDouble(f[2]), cpus);
            } catch (IOException | RuntimeException e) {
                System.err.println("reading /proc/loadavg failed (" + e + "); using the JVM's 1-minute figure");
            }
        }
        double one = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        return new MachineLoad(one, Double.NaN, Double.NaN, cpus);
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%.2f %.2f %.2f", one, five, fifteen);
    }
}
