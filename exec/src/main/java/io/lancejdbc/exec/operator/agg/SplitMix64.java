package io.lancejdbc.exec.operator.agg;

/**
 * The one 64-bit hash mixer of the aggregation tables: the splitmix64 finaliser (Steele, Lea and Flood, "Fast
 * splittable pseudorandom number generators", OOPSLA 2014; the constants of Java's {@code SplittableRandom}). Every
 * input bit reaches every output bit, so the low bits the tables mask with are spread even for keys that differ only
 * in their high bits (multiples of 2^40 clustered under the former {@code x*C ^ (x*C >>> 29)}).
 */
final class SplitMix64 {
    private SplitMix64() {
    }

    static long mix(long x) {
        long z = (x ^ (x >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
