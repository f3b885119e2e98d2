package io.lancejdbc.exec.expr;

import org.apache.arrow.vector.types.pojo.ArrowType;

/** How kernels read values of an Arrow type. */
enum ValueCategory {
    /** Signed integers, uint8..uint32, dates (days), times and timestamps (microseconds). */
    LONG,
    /** uint64. */
    ULONG,
    DOUBLE,
    DECIMAL,
    /** Strings and binaries, compared as unsigned bytes. */
    BYTES,
    BOOL,
    NULL,
    /** Lists, structs, maps. */
    NESTED;

    static ValueCategory of(ArrowType t) {
        switch (t.getTypeID()) {
            case Int: {
                ArrowType.Int i = (ArrowType.Int) t;
                return !i.getIsSigned() && i.getBitWidth() == 64 ? ULONG : LONG;
            }
            case Date:
            case Time:
            case Timestamp:
                return LONG;
            case FloatingPoint:
                return DOUBLE;
            case Decimal:
                return DECIMAL;
            case Utf8:
            case LargeUtf8:
            case Binary:
            case LargeBinary:
            case FixedSizeBinary:
                return BYTES;
            case Bool:
                return BOOL;
            case Null:
                return NULL;
            default:
                return NESTED;
        }
    }
}
