package io.lancejdbc.conformance.differential;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The table {@code t_gen}: generated values for the rules of the documented differences D6, D7, D10 and D12
 * ({@link DocumentedRules}), {@value #ROWS} rows.
 *
 * <pre>
 * x  DOUBLE  every power of ten from 1e-323 to 1e308 and their neighbours, the subnormals' and normals' edges,
 *            the plain/E notation switches at 1e-5 and 1e15 (and Java's own at 1e-3 and 1e7), values the JDK 17
 *            prints with too many digits (1.0E23, 2.0E-3 neighbours), powers of two, random bit patterns, random
 *            short decimals, NaN, +-Infinity, +-0.0
 * y  REAL    the same families for float32
 * s  TEXT    random strings (0..8 code points) over the letters whose case mappings are special (sharp s, final
 *            sigma, dotted and dotless i, ligatures, titlecase digraphs, Deseret and Adlam outside the BMP,
 *            Kelvin and Angstrom signs), combining marks, emoji, CJK
 * h  DOUBLE  halves (k + 0.5) and their neighbours, around 0 and the ranges of TINYINT .. BIGINT
 * hf REAL    the same for float32
 * </pre>
 */
final class RuleValues {
    /** Rows of {@code t_gen}. */
    static final int ROWS = 2400;

    private static final String LETTERS = "aAzZ09 ,.-ßẞſŉǅǈǋǲΣσςΐΰİıiIﬀﬁﬂﬃﬄﬅﬆﬓԵեևÅÅKkΩωµÿŸǰẖẗẘẙẚ"
            + "\u0301\u0307\u0345\u0308ꭰᏸႠⴀ日本語한글😀👍🏽\uD801\uDC00\uD801\uDC28\uD83A\uDD00\uD83A\uDD22"
            + "\uD801\uDCB0\uD801\uDCD8ⒶⓐΆάÉéǄǆ";

    private RuleValues() {
    }

    /** The table (see the class comment). */
    static DiffTables.Table table() {
        SplittableRandom r = new SplittableRandom(DiffTables.SEED + 20);
        List<Double> x = doubles(r);
        List<Float> y = floats(r);
        List<String> s = strings(r);
        List<Double> h = doubleHalves(r);
        List<Float> hf = floatHalves(r);
        Schema schema = new Schema(List.of(Field.notNullable("id", new ArrowType.Int(64, true)),
                Field.nullable("x", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
                Field.nullable("y", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
                Field.nullable("s", ArrowType.Utf8.INSTANCE),
                Field.nullable("h", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
                Field.nullable("hf", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE))));
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            rows.add(Arrays.asList((long) i, x.get(i), y.get(i), s.get(i), h.get(i), hf.get(i)));
        }
        return new DiffTables.Table("t_gen", schema, rows, 1000);
    }

    static List<Double> doubles(SplittableRandom r) {
        List<Double> out = new ArrayList<>(List.of(Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
                0.0, -0.0, Double.MIN_VALUE, -Double.MIN_VALUE, 2 * Double.MIN_VALUE, 3 * Double.MIN_VALUE,
                Double.MIN_NORMAL, Math.nextDown(Double.MIN_NORMAL), Double.MAX_VALUE, -Double.MAX_VALUE,
                Math.nextDown(Double.MAX_VALUE), 1.0E23, Math.nextUp(1.0E23), Math.nextDown(1.0E23), 2.0E-3,
                Math.nextUp(2.0E-3), 1e-5, Math.nextDown(1e-5), Math.nextUp(1e-5), 1e15, Math.nextDown(1e15),
                Math.nextUp(1e15), 1e-3, Math.nextDown(1e-3), 1e7, Math.nextDown(1e7), 0.1, 0.2, 0.30000000000000004,
                100.0, -705.46, 1.5e-5, 1.0E-5, 123456789012.5, 5e-324, 4.35e-322, 9007199254740993.0,
                9007199254740992.0, 1.7976931348623157E308, 2.2250738585072014E-308));
        for (int k = -323; k <= 308; k++) {
            double p = Double.parseDouble("1e" + k);
            out.add(k % 2 == 0 ? p : -p);
            if (k % 3 == 0) {
                out.add(Math.nextUp(p));
                out.add(Math.nextDown(p));
            }
        }
        for (int e = -1074; e <= 1023; e += 11) {
            out.add(Math.scalb(1.0, e));
        }
        while (out.size() < ROWS) {
            switch (r.nextInt(3)) {
                case 0 -> {
                    double d = Double.longBitsToDouble(r.nextLong());
                    if (!Double.isNaN(d) && !Double.isInfinite(d)) {
                        out.add(d);
                    }
                }
                case 1 -> out.add(Double.parseDouble(r.nextInt(1, 1_000_000) + "e" + r.nextInt(-30, 30)));
                default -> out.add(r.nextInt(-99_999, 100_000) / Math.pow(10, r.nextInt(0, 8)));
            }
        }
        return out.subList(0, ROWS);
    }

    static List<Float> floats(SplittableRandom r) {
        List<Float> out = new ArrayList<>(List.of(Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, 0.0f,
                -0.0f, Float.MIN_VALUE, -Float.MIN_VALUE, 2 * Float.MIN_VALUE, Float.MIN_NORMAL,
                Math.nextDown(Float.MIN_NORMAL), Float.MAX_VALUE, -Float.MAX_VALUE, 1e-5f, Math.nextUp(1e-5f),
                Math.nextDown(1e-5f), 1e15f, Math.nextDown(1e15f), 1e-3f, 1e7f, 0.1f, 0.3f, 100.0f, -705.46f,
                1.00000005E8f, 3.4028235E38f, 16777217f, 8.5e-45f));
        for (int k = -45; k <= 38; k++) {
            float p = Float.parseFloat("1e" + k);
            out.add(k % 2 == 0 ? p : -p);
            out.add(Math.nextUp(p));
            out.add(Math.nextDown(p));
        }
        for (int e = -149; e <= 127; e += 3) {
            out.add(Math.scalb(1.0f, e));
        }
        while (out.size() < ROWS) {
            switch (r.nextInt(3)) {
                case 0 -> {
                    float f = Float.intBitsToFloat(r.nextInt());
                    if (!Float.isNaN(f) && !Float.isInfinite(f)) {
                        out.add(f);
                    }
                }
                case 1 -> out.add(Float.parseFloat(r.nextInt(1, 100_000) + "e" + r.nextInt(-20, 20)));
                default -> out.add((float) (r.nextInt(-99_999, 100_000) / Math.pow(10, r.nextInt(0, 6))));
            }
        }
        return out.subList(0, ROWS);
    }

    static List<String> strings(SplittableRandom r) {
        int[] letters = LETTERS.codePoints().toArray();
        List<String> out = new ArrayList<>(List.of("", "straße", "İstanbul", "ΟΔΥΣΣΕΥΣ", "ǅungla", "ﬁne",
                "e\u0301cole", "\uD801\uDC00\uD801\uDC28", "ΣΑΣ σας"));
        while (out.size() < ROWS) {
            int n = r.nextInt(0, 9);
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < n; i++) {
                sb.appendCodePoint(letters[r.nextInt(letters.length)]);
            }
            out.add(sb.toString());
        }
        return out.subList(0, ROWS);
    }

    static List<Double> doubleHalves(SplittableRandom r) {
        List<Double> out = new ArrayList<>(List.of(Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
                0.0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, -54.5, 0.49999999999999994, -0.49999999999999994,
                127.5, 127.49999999999999, -128.5, -128.49999999999997, 32767.5, -32768.5, 2147483647.5,
                2147483647.4999998, -2147483648.5, -2147483648.4999998, 4503599627370495.5, -4503599627370495.5,
                9.223372036854775E18, -9.223372036854776E18, 9.223372036854776E18, Double.MAX_VALUE,
                Double.MIN_VALUE));
        while (out.size() < ROWS) {
            long scale = switch (r.nextInt(5)) {
                case 0 -> 100;
                case 1 -> 1L << 8;
                case 2 -> 1L << 16;
                case 3 -> 1L << 32;
                default -> 1L << 52;
            };
            double half = r.nextLong(-scale, scale) + 0.5;
            out.add(switch (r.nextInt(4)) {
                case 0 -> Math.nextUp(half);
                case 1 -> Math.nextDown(half);
                default -> half;
            });
        }
        return out.subList(0, ROWS);
    }

    static List<Float> floatHalves(SplittableRandom r) {
        List<Float> out = new ArrayList<>(List.of(Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, 0.0f,
                -0.0f, 0.5f, -0.5f, 2.5f, -2.5f, -54.5f, 0.49999997f, 127.5f, -128.5f, 32767.5f, -32768.5f,
                8388607.5f, -8388607.5f, 2.14748365E9f, -2.14748365E9f, 9.223372E18f, -9.223372E18f, Float.MAX_VALUE));
        while (out.size() < ROWS) {
            int scale = switch (r.nextInt(4)) {
                case 0 -> 100;
                case 1 -> 1 << 8;
                case 2 -> 1 << 16;
                default -> 1 << 22;
            };
            float half = r.nextInt(-scale, scale) + 0.5f;
            out.add(switch (r.nextInt(4)) {
                case 0 -> Math.nextUp(half);
                case 1 -> Math.nextDown(half);
                default -> half;
            });
        }
        return out.subList(0, ROWS);
    }
}
